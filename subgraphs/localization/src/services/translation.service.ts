import {
  assertReferences,
  Errors,
  announceTranslations,
  type ChangeBus,
  type GraphClient,
  type ReferenceLookup,
  normalizePage,
  pgArray,
  requireTenant,
  translateDbError,
  validated,
  type Paginated,
  type RequestContext,
  type Store,
} from '@svc/kit';
import { Locale } from '../entities/locale.entity';
import { Translation } from '../entities/translation.entity';
import { localizationEvents } from '../events';
import { canonicalLocale, LOCALE_RE } from '../inputs/locale.input';
import {
  overlaySchema,
  setTranslationsSchema,
  storeTranslationsSchema,
  translationListSchema,
  type SetTranslationData,
  type StoreTranslationsQuery,
  type TranslationListQuery,
} from '../inputs/translation.input';
import { translationReferenceLookups } from './references';
import { toTranslationView, type TranslationOverlayView, type TranslationView } from './views';

/**
 * The locales whose overrides answer a request for `requested`, most specific first, or null when
 * none apply: the request names no locale the store offers, or it names the default locale (whose
 * text is the resources' own). `de-CH` with `de-CH` and `de` enabled reads `de-CH`, then `de`;
 * `de-AT` with only `de` enabled reads `de`; `pt` with only `pt-BR` enabled reads `pt-BR`.
 */
export function localeChain(locales: Array<{ code: string; isDefault: boolean }>, requested: string | null | undefined): string[] | null {
  const tag = requested?.trim();
  if (!tag || !LOCALE_RE.test(tag)) return null;
  const want = canonicalLocale(tag);
  const codes = locales.map((l) => l.code);
  const lang = want.split('-')[0];
  const chain: string[] = [];
  if (codes.includes(want)) chain.push(want);
  if (want !== lang && codes.includes(lang)) chain.push(lang);
  if (!chain.length) {
    const sameLanguage = codes.find((c) => c.split('-')[0] === lang);
    if (sameLanguage) chain.push(sameLanguage);
  }
  const defaultCode = locales.find((l) => l.isDefault)?.code;
  // the default locale's text is the resource's own: nothing to lay over it (nor under a more specific locale)
  const cut = chain.indexOf(defaultCode ?? '');
  const out = cut === -1 ? chain : chain.slice(0, cut);
  return out.length ? out : null;
}

/**
 * Field-level translation overrides: admins set them per resource and locale (an enabled locale
 * other than the default), the storefront fetches them in bulk and the catalog and content domains
 * lay them over what they answer (through `overlay`). Every change NOTIFYs the tenant on
 * TRANSLATIONS_CHANNEL in its transaction, so the caches of every instance drop it at commit (this
 * process's right after the commit, before the change answers: `announceTranslations`).
 */
export class TranslationService {
  private readonly references: Record<string, ReferenceLookup>;

  constructor(
    private readonly store: Store,
    graph: () => GraphClient | undefined = () => undefined,
    /** this process's change bus: its overlay caches drop the tenant right after a change commits */
    private readonly bus?: ChangeBus,
  ) {
    this.references = translationReferenceLookups(graph);
  }

  /** Admin: overrides as stored (one locale, or all), by resource type and optionally ids. */
  async list(ctx: RequestContext, raw: TranslationListQuery): Promise<Paginated<TranslationView>> {
    const q = validated(translationListSchema, raw, 'args');
    const page = normalizePage({ limit: q.limit ?? undefined, offset: q.offset ?? undefined }, 50);
    const where: Record<string, unknown> = { resourceType: q.resource_type };
    if (q.locale) where.locale = q.locale;
    if (q.resource_ids?.length) where.resourceId = { $in: q.resource_ids };
    const [rows, count] = await this.store
      .em(ctx)
      .findAndCount(Translation, where, { orderBy: { resourceId: 'asc', locale: 'asc' }, limit: page.limit, offset: page.offset });
    return { items: rows.map(toTranslationView), count, ...page };
  }

  /**
   * Storefront bulk fetch: the overrides of a resource type in the requested locale (the argument,
   * else the request's), resolved along `localeChain` (a more specific locale's field wins over its
   * language's), one entry per resource. `locale` in the answer is the locale served: the default
   * locale with no entries when no overrides apply.
   */
  async forStore(
    ctx: RequestContext,
    raw: StoreTranslationsQuery,
  ): Promise<{ locale: string | null; items: TranslationView[]; count: number; limit: number; offset: number }> {
    const q = validated(storeTranslationsSchema, raw, 'args');
    if (q.locale && !LOCALE_RE.test(q.locale.trim()))
      throw Errors.invalidField('locale', 'locale must be a BCP 47 language tag such as en, de-CH or zh-Hant-TW');
    const page = normalizePage({ limit: q.limit ?? undefined, offset: q.offset ?? undefined }, 100);
    const locales = await this.locales(ctx);
    const chain = localeChain(locales, q.locale ?? ctx.locale);
    const served = chain?.[0] ?? locales.find((l) => l.isDefault)?.code ?? null;
    if (!chain) return { locale: served, items: [], count: 0, ...page };
    const tenantId = requireTenant(ctx);
    const params: unknown[] = [tenantId, q.resource_type, pgArray(chain)];
    let filter = '';
    if (q.ids?.length) {
      filter = ' and resource_id = any(?::text[])';
      params.push(pgArray(q.ids));
    }
    const [{ n }] = await this.store.sql<{ n: number }>(
      ctx,
      `select count(distinct resource_id)::int as n from ${this.store.table('translation')} where tenant_id = ? and resource_type = ? and locale = any(?::text[])${filter}`,
      params,
    );
    const ids = await this.store.sql<{ resource_id: string }>(
      ctx,
      `select distinct resource_id from ${this.store.table('translation')} where tenant_id = ? and resource_type = ? and locale = any(?::text[])${filter} order by resource_id limit ? offset ?`,
      [...params, page.limit, page.offset],
    );
    const merged = await this.merged(ctx, chain, [{ resource_type: q.resource_type, ids: ids.map((r) => r.resource_id) }]);
    return { locale: served, items: merged.map((m) => ({ ...m, locale: chain[0] })), count: n, ...page };
  }

  /** What catalog and content lay over the resources they answer (TranslationOverlay in the kit). */
  async overlay(ctx: RequestContext, raw: { locale: string; keys: Array<{ resource_type: string; ids: string[] }> }): Promise<TranslationOverlayView> {
    const q = validated(overlaySchema, raw, 'args');
    const chain = localeChain(await this.locales(ctx), q.locale);
    if (!chain) return { locale: null, items: [] };
    return { locale: chain[0], items: await this.merged(ctx, chain, q.keys) };
  }

  /** Sets overrides (all or none: one transaction; concurrent writers of a store take turns); answers the stored rows. */
  async set(ctx: RequestContext, raw: SetTranslationData[]): Promise<TranslationView[]> {
    const inputs = validated(setTranslationsSchema, raw, 'input');
    const tenantId = requireTenant(ctx);
    // every resource translated must be one of this store's, else 404 and nothing written
    await assertReferences(
      ctx,
      inputs.map((i) => ({ type: i.resource_type, id: i.resource_id })),
      this.references,
    );
    return this.store.transaction(ctx, async (em, tx) => {
      // writers of one store's overrides take turns: concurrent sets of the same resource merge, never collide
      await this.store.lock(tx, 'translation');
      const locales = await em.find(Locale, {});
      const out: TranslationView[] = [];
      for (const [i, input] of inputs.entries()) {
        const locale = locales.find((l) => l.code === input.locale);
        if (!locale) throw Errors.invalidField(`input.${i}.locale`, `${input.locale} is not one of the store's locales; add it first`);
        if (locale.isDefault)
          throw Errors.invalidField(`input.${i}.locale`, `${input.locale} is the default locale: its text is the resource's own, change the resource instead`);
        let row = await em.findOne(Translation, { resourceType: input.resource_type, resourceId: input.resource_id, locale: input.locale });
        const fields: Record<string, string> = { ...(row?.fields ?? {}) };
        for (const [name, text] of Object.entries(input.fields)) {
          if (text === null) delete fields[name];
          else fields[name] = text;
        }
        const changed = Object.keys(input.fields);
        if (!Object.keys(fields).length) {
          if (row) {
            localizationEvents.emit(em, tx, 'translation.deleted', {
              id: row.id,
              resource_type: row.resourceType,
              resource_id: row.resourceId,
              locale: row.locale,
            });
            em.remove(row);
          }
          continue;
        }
        if (row) row.fields = fields;
        else row = em.create(Translation, { tenantId, resourceType: input.resource_type, resourceId: input.resource_id, locale: input.locale, fields });
        localizationEvents.emit(em, tx, 'translation.set', {
          id: row.id,
          resource_type: row.resourceType,
          resource_id: row.resourceId,
          locale: row.locale,
          fields: changed,
        });
        out.push(toTranslationView(row));
      }
      await this.flush(em);
      await this.announce(tx);
      return out;
    });
  }

  /** Removes every override of a resource in one locale (or in all locales when `locale` is null); answers how many. */
  async remove(ctx: RequestContext, resourceType: string, resourceId: string, locale: string | null): Promise<number> {
    const q = validated(translationListSchema, { resource_type: resourceType, resource_ids: [resourceId], locale }, 'args');
    return this.store.transaction(ctx, async (em, tx) => {
      const rows = await em.find(Translation, { resourceType: q.resource_type, resourceId: resourceId.trim(), ...(q.locale ? { locale: q.locale } : {}) });
      for (const row of rows) {
        localizationEvents.emit(em, tx, 'translation.deleted', {
          id: row.id,
          resource_type: row.resourceType,
          resource_id: row.resourceId,
          locale: row.locale,
        });
        em.remove(row);
      }
      await this.flush(em);
      if (rows.length) await this.announce(tx);
      return rows.length;
    });
  }

  /** Tells every instance's overlay cache that this tenant's translations (or locales) changed, at commit. */
  private async announce(ctx: RequestContext): Promise<void> {
    await announceTranslations(this.store, this.bus, ctx);
  }

  private async locales(ctx: RequestContext): Promise<Locale[]> {
    return this.store.em(ctx).find(Locale, {});
  }

  /** Per resource: the chain's fields merged, the most specific locale winning field by field. */
  private async merged(
    ctx: RequestContext,
    chain: string[],
    keys: Array<{ resource_type: string; ids: string[] }>,
  ): Promise<Array<{ resource_type: string; resource_id: string; fields: Record<string, string> }>> {
    const wanted = keys.filter((k) => k.ids.length);
    if (!wanted.length) return [];
    const rows = await this.store.em(ctx).find(Translation, {
      locale: { $in: chain },
      $or: wanted.map((k) => ({ resourceType: k.resource_type, resourceId: { $in: k.ids } })),
    });
    const rank = (l: string) => chain.indexOf(l);
    rows.sort((a, b) => rank(b.locale) - rank(a.locale));
    const out = new Map<string, { resource_type: string; resource_id: string; fields: Record<string, string> }>();
    for (const r of rows) {
      const key = `${r.resourceType}|${r.resourceId}`;
      const entry = out.get(key) ?? { resource_type: r.resourceType, resource_id: r.resourceId, fields: {} };
      Object.assign(entry.fields, r.fields);
      out.set(key, entry);
    }
    return [...out.values()].sort((a, b) => a.resource_id.localeCompare(b.resource_id));
  }

  private async flush(em: import('@mikro-orm/core').EntityManager): Promise<void> {
    try {
      await em.flush();
    } catch (err) {
      throw translateDbError(err) ?? err;
    }
  }
}
