import type { EntityManager } from '@mikro-orm/core';
import {
  DomainError,
  Errors,
  announceTranslations,
  loaderFor,
  requireTenant,
  translateDbError,
  validated,
  type ChangeBus,
  type RequestContext,
  type Store,
} from '@svc/kit';
import { Locale } from '../entities/locale.entity';
import { localizationEvents } from '../events';
import { addLocaleSchema, localeCodeSchema, updateLocaleSchema, type AddLocaleData, type UpdateLocaleData } from '../inputs/locale.input';
import { toLocaleView, type LocaleView } from './views';

const DEFAULT_INDEX = 'locale_one_default';
/** languages written right to left (and the scripts that are) */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'dv', 'ckb', 'sd', 'ug', 'syr', 'arc']);
const RTL_SCRIPTS = new Set(['Arab', 'Hebr', 'Thaa', 'Syrc', 'Nkoo', 'Adlm', 'Rohg']);

const isRtlTag = (code: string): boolean => {
  const [lang, script] = code.split('-');
  return script?.length === 4 ? RTL_SCRIPTS.has(script) : RTL_LANGUAGES.has(lang);
};

/** The language's own name (`Deutsch`, `العربية`), else the tag itself. */
function nativeName(code: string): string {
  try {
    const n = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    if (n && n !== code) return n.charAt(0).toLocaleUpperCase(code) + n.slice(1);
  } catch {
    /* a tag ICU does not know */
  }
  return code;
}

const byOrder = { position: 'asc', code: 'asc' } as const;

/**
 * The store's locales: exactly one default once there is one locale. Moving the default locks the
 * tenant's locale rows first (concurrent moves run one after the other), clears the old default
 * and sets the new one in one transaction; the partial unique index refuses any second default.
 */
export class LocaleService {
  constructor(
    private readonly store: Store,
    /** this process's change bus: its overlay caches drop the tenant right after a change commits */
    private readonly bus?: ChangeBus,
  ) {}

  async list(ctx: RequestContext): Promise<LocaleView[]> {
    return (await this.store.em(ctx).find(Locale, {}, { orderBy: byOrder })).map(toLocaleView);
  }

  async add(ctx: RequestContext, raw: AddLocaleData): Promise<LocaleView> {
    const input = validated(addLocaleSchema, raw, 'input');
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      await this.lockAll(em, tenantId);
      if (await em.count(Locale, { code: input.code })) throw Errors.conflict('duplicate', `The locale ${input.code} is already enabled`);
      const count = await em.count(Locale, {});
      const makeDefault = count === 0 || input.is_default === true;
      if (makeDefault) await this.clearDefault(em);
      const locale = em.create(Locale, {
        tenantId,
        code: input.code,
        name: input.name ?? nativeName(input.code),
        rtl: input.rtl ?? isRtlTag(input.code),
        isDefault: makeDefault,
        position: input.position ?? count,
      });
      localizationEvents.emit(em, tx, 'locale.created', { id: locale.id, code: locale.code, is_default: makeDefault });
      await this.flush(em);
      await this.announce(tx);
      return toLocaleView(locale);
    });
  }

  async update(ctx: RequestContext, code: string, raw: UpdateLocaleData): Promise<LocaleView> {
    const input = validated(updateLocaleSchema, raw, 'input');
    return this.store.transaction(ctx, async (em, tx) => {
      const locale = await this.load(em, code);
      const fields: string[] = [];
      if (input.name !== undefined && input.name !== locale.name) {
        locale.name = input.name;
        fields.push('name');
      }
      if (input.rtl !== undefined && input.rtl !== locale.rtl) {
        locale.rtl = input.rtl;
        fields.push('rtl');
      }
      if (input.position !== undefined && input.position !== locale.position) {
        locale.position = input.position;
        fields.push('position');
      }
      if (fields.length) {
        localizationEvents.emit(em, tx, 'locale.updated', { id: locale.id, code: locale.code, fields });
        await this.flush(em);
      }
      return toLocaleView(locale);
    });
  }

  /** Removes a locale; the default cannot be removed (409 `default_locale`): make another one the default first. */
  async remove(ctx: RequestContext, code: string): Promise<LocaleView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      await this.lockAll(em, tenantId);
      const locale = await this.load(em, code);
      if (locale.isDefault)
        throw Errors.conflict('default_locale', `${locale.code} is the store's default locale; make another locale the default before removing it`);
      const view = toLocaleView(locale);
      localizationEvents.emit(em, tx, 'locale.deleted', { id: locale.id, code: locale.code });
      em.remove(locale);
      await this.flush(em);
      await this.announce(tx);
      return view;
    });
  }

  /** Makes `code` the default; the previous default stops being one in the same transaction. */
  async setDefault(ctx: RequestContext, code: string): Promise<LocaleView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      await this.lockAll(em, tenantId);
      const locale = await this.load(em, code);
      if (locale.isDefault) return toLocaleView(locale);
      const previous = await this.clearDefault(em);
      locale.isDefault = true;
      localizationEvents.emit(em, tx, 'locale.default_changed', { id: locale.id, code: locale.code, previous });
      await this.flush(em);
      await this.announce(tx);
      return toLocaleView(locale);
    });
  }

  /** Federation reference: the tenant's locales by id (null when absent). */
  byId(ctx: RequestContext, id: string): Promise<LocaleView | null> {
    return loaderFor<string, LocaleView>(ctx, 'localization.locale', async (ids) => {
      const rows = await this.store.em(ctx).find(Locale, { id: { $in: [...ids] } });
      return new Map(rows.map((r) => [r.id, toLocaleView(r)]));
    }).load(id);
  }

  /**
   * Locks the tenant's locale rows until the transaction ends: a concurrent add, remove or move of
   * the default waits, then sees this one's result (READ COMMITTED re-reads after the lock).
   */
  private async lockAll(em: EntityManager, tenantId: string): Promise<void> {
    await em
      .getConnection()
      .execute(`select id from ${this.store.table('locale')} where tenant_id = ? for update`, [tenantId], 'all', em.getTransactionContext());
  }

  /** Which locales' overrides apply depends on the enabled locales: the overlay caches drop the tenant at commit. */
  private async announce(tx: RequestContext): Promise<void> {
    await announceTranslations(this.store, this.bus, tx);
  }

  /** Clears the default flag in the database at once (before the new default is written); returns the old default's code. */
  private async clearDefault(em: EntityManager): Promise<string | null> {
    const old = await em.findOne(Locale, { isDefault: true });
    if (!old) return null;
    old.isDefault = false;
    // written now, on its own: the index must never see two defaults, whatever order a later flush picks
    await this.flush(em);
    return old.code;
  }

  private async load(em: EntityManager, code: string): Promise<Locale> {
    const parsed = localeCodeSchema.safeParse(code);
    const locale = parsed.success ? await em.findOne(Locale, { code: parsed.data }) : null;
    if (!locale) throw Errors.notFound('Locale', code);
    return locale;
  }

  private async flush(em: EntityManager): Promise<void> {
    try {
      await em.flush();
    } catch (err) {
      if (String((err as Error).message).includes(DEFAULT_INDEX))
        throw new DomainError('conflict', 'default_locale_changed', 'Another change of the default locale happened at the same time; try again');
      throw translateDbError(err) ?? err;
    }
  }
}
