import type { ChangeBus } from './change-bus';
import { requireTenant, type RequestContext } from './context';
import type { Store } from './store';
import type { GraphClient, TypedDocumentNode } from './graph';

/**
 * Translation overrides as other domains apply them to what the storefront reads. The localization
 * domain owns the overrides (field-level, per resource type, resource and locale); a domain that
 * serves translatable resources (catalog, content) asks it through the supergraph for the
 * overrides of the resources it is about to answer, in the request's locale, and lays them over
 * its own documents (copies: cached documents are never changed). The call is the consuming
 * domain's port (`src/ports/localization.graphql`, `query <Domain>TranslationOverlay`, typed by
 * `npm run ports:generate`): it hands its generated document to the overlay.
 *
 * Answers are cached per process and tenant; localization NOTIFYs `TRANSLATIONS_CHANNEL` with the
 * tenant id in the transaction that changes an override or a locale, and every instance drops that
 * tenant's entries. A read records the tenant's version before it asks and stores its answer only
 * when no change arrived meanwhile.
 */
export const TRANSLATIONS_CHANNEL = 'translations_changed';

/**
 * Tells the overlay caches that the tenant of `ctx` changed an override or a locale, in the unit of
 * work of `ctx`: the other instances hear of it by NOTIFY at commit, this one's caches (`bus`) as
 * soon as the commit is done, before the write answers, so a read that follows the write in this
 * process never gets the replaced text.
 */
export async function announceTranslations(store: Store, bus: ChangeBus | undefined, ctx: RequestContext): Promise<void> {
  const tenantId = requireTenant(ctx);
  await store.sql(ctx, 'select pg_notify(?, ?)', [TRANSLATIONS_CHANNEL, tenantId]);
  if (bus) await store.afterCommit(ctx, () => bus.deliver(TRANSLATIONS_CHANNEL, tenantId));
}

/** field -> text of one resource in the resolved locale */
export type FieldOverrides = Record<string, string>;

/**
 * What a domain's translation-overlay port must select and take (its generated document fits):
 * `translationOverlay(locale: $locale, keys: $keys) { locale items { resource_type resource_id fields } }`.
 */
export type TranslationOverlayDocument = TypedDocumentNode<
  { translationOverlay: { locale: string | null; items: Array<{ resource_type: string; resource_id: string; fields: unknown }> } },
  { locale: string; keys: Array<{ resource_type: string; ids: string[] }> }
>;

interface OverlayAnswer {
  translationOverlay: { locale: string | null; items: Array<{ resource_type: string; resource_id: string; fields: FieldOverrides }> };
}

interface TenantEntries {
  version: number;
  /** `<requested locale>` -> resolved locale or null (no overrides apply: the default, or not offered) */
  locales: Map<string, string | null>;
  /** `<resolved locale>|<type>|<id>` -> overrides (null: none) */
  fields: Map<string, FieldOverrides | null>;
}

export class TranslationOverlay {
  private readonly tenants = new Map<string, TenantEntries>();
  private size = 0;

  constructor(
    private readonly graph: () => GraphClient | undefined,
    /** the consuming domain's port (its generated `…TranslationOverlayDocument`) */
    private readonly document: TranslationOverlayDocument,
    private readonly maxEntries = 100_000,
  ) {}

  /** Listens for changes (call once from the domain's `start`). */
  async start(bus: ChangeBus): Promise<void> {
    await bus.on(TRANSLATIONS_CHANNEL, (tenantId) => this.invalidate(tenantId));
  }

  /** Drops what is cached for a tenant (`*`: for every tenant). */
  invalidate(tenantId: string): void {
    if (tenantId === '*') {
      for (const t of this.tenants.values()) this.clear(t);
      return;
    }
    const t = this.tenants.get(tenantId);
    if (t) this.clear(t);
  }

  private clear(t: TenantEntries): void {
    t.version++;
    this.size -= t.locales.size + t.fields.size;
    t.locales.clear();
    t.fields.clear();
  }

  private tenant(id: string): TenantEntries {
    let t = this.tenants.get(id);
    if (!t) this.tenants.set(id, (t = { version: 0, locales: new Map(), fields: new Map() }));
    return t;
  }

  /**
   * The overrides of the resources named by `keys` (resource type -> ids) in the request's locale:
   * a map `<type>|<id>` -> fields, empty when the request asks for no locale, the default locale or
   * one the store does not offer. `locale` overrides the request's locale (`?locale=` of a route).
   */
  async lookup(ctx: RequestContext, keys: Record<string, string[]>, locale?: string | null): Promise<Map<string, FieldOverrides>> {
    const out = new Map<string, FieldOverrides>();
    const requested = (locale ?? ctx.locale)?.trim();
    const tenantId = ctx.tenantId;
    const graph = this.graph();
    if (!requested || !tenantId || !graph) return out;
    const t = this.tenant(tenantId);
    const resolved = t.locales.get(requested);
    if (resolved === null) return out;
    const missing: Record<string, string[]> = {};
    let anyMissing = resolved === undefined;
    for (const [type, ids] of Object.entries(keys)) {
      for (const id of new Set(ids)) {
        const hit = resolved === undefined ? undefined : t.fields.get(`${resolved}|${type}|${id}`);
        if (hit) out.set(`${type}|${id}`, hit);
        else if (hit === undefined) {
          (missing[type] ??= []).push(id);
          anyMissing = true;
        }
      }
    }
    if (!anyMissing) return out;
    const version = t.version;
    const wanted = Object.entries(missing).flatMap(([resource_type, all]) => chunks(all, 200).map((ids) => ({ resource_type, ids })));
    const answer: OverlayAnswer['translationOverlay'] = { locale: null, items: [] };
    // one call for the locale alone when nothing is missing but the locale is unknown yet
    for (const part of wanted.length ? chunks(wanted, 20) : [[]]) {
      const a = (await graph.execute(ctx, this.document, { locale: requested, keys: part })).translationOverlay as OverlayAnswer['translationOverlay'];
      answer.locale = a.locale;
      answer.items.push(...a.items);
      if (!a.locale) break;
    }
    const found = new Map(answer.items.map((i) => [`${i.resource_type}|${i.resource_id}`, i.fields]));
    for (const [k, v] of found) out.set(k, v);
    if (t.version !== version) return out;
    if (this.size >= this.maxEntries) this.evictAll();
    if (!t.locales.has(requested)) {
      t.locales.set(requested, answer.locale);
      this.size++;
    }
    if (answer.locale) {
      for (const [type, ids] of Object.entries(missing)) {
        for (const id of ids) {
          const key = `${answer.locale}|${type}|${id}`;
          if (!t.fields.has(key)) this.size++;
          t.fields.set(key, found.get(`${type}|${id}`) ?? null);
        }
      }
    }
    return out;
  }

  private evictAll(): void {
    for (const t of this.tenants.values()) this.clear(t);
    this.size = 0;
  }
}

function chunks<T>(list: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += n) out.push(list.slice(i, i + n));
  return out;
}

/** A copy of `doc` with the overrides laid over the fields it has (only those named in `fields`). */
export function overlaid<T extends object>(doc: T, overrides: FieldOverrides | undefined, fields: readonly string[]): T {
  if (!overrides) return doc;
  let copy: T | undefined;
  for (const f of fields) {
    const text = overrides[f];
    if (typeof text !== 'string' || !(f in doc)) continue;
    copy ??= { ...doc };
    (copy as Record<string, unknown>)[f] = text;
  }
  return copy ?? doc;
}
