import type { EntityManager } from '@mikro-orm/core';
import { Errors, requireTenant, type RequestContext, type Store, SecretBox } from '@svc/kit';
import { CommerceSettings, PaymentProviderSetting, Promotion, ShippingOption, TaxRate } from '../entities/setup.entity';
import type { CommerceSettingsData, PromotionData, ProviderSettingData, ShippingOptionData, TaxRateData } from '../inputs/setup.input';
import type { CatalogPort } from './catalog-port';

const DEFAULT_CHECKOUT_FIELDS: Record<string, 'required' | 'optional' | 'hidden'> = {
  email: 'required',
  phone: 'optional',
  company: 'optional',
  address_2: 'optional',
  province: 'optional',
  billing_address: 'optional',
};

/** Settings keys that are secrets: stored, used by the adapters, never shown again. */
const SECRET_SETTINGS = new Set(['api_key', 'client_secret', 'secret', 'webhook_secret']);

export const shippingOptionView = (o: ShippingOption) => ({
  id: o.id,
  name: o.name,
  region_id: o.regionId,
  price_type: o.priceType,
  amount: Number(o.amount),
  per_item: o.perItem === null ? null : Number(o.perItem),
  free_above: o.freeAbove === null ? null : Number(o.freeAbove),
  type: { id: `${o.id}_type`, label: o.typeLabel, description: o.typeDescription, code: o.typeCode },
  provider_id: o.providerId,
  enabled: o.enabled,
  metadata: o.metadata,
  created_at: o.createdAt.toISOString(),
  updated_at: o.updatedAt.toISOString(),
});
export type ShippingOptionView = ReturnType<typeof shippingOptionView>;

const taxRateView = (t: TaxRate) => ({
  id: t.id,
  region_id: t.regionId,
  country_code: t.countryCode,
  province: t.province,
  name: t.name,
  code: t.code,
  rate: Number(t.rate),
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
});
type TaxRateView = ReturnType<typeof taxRateView>;

const promotionView = (p: Promotion) => ({
  id: p.id,
  code: p.code,
  is_automatic: p.isAutomatic,
  status: p.status,
  application_method: { type: p.type, value: Number(p.value), currency_code: p.currencyCode, target_type: p.targetType, allocation: p.allocation },
  starts_at: p.startsAt?.toISOString() ?? null,
  ends_at: p.endsAt?.toISOString() ?? null,
  usage_limit: p.usageLimit,
  usage_count: p.usageCount,
  min_subtotal: p.minSubtotal === null ? null : Number(p.minSubtotal),
  metadata: p.metadata,
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
});
type PromotionView = ReturnType<typeof promotionView>;

/** A provider setting as admins see it: secret values masked. */
const providerSettingView = (s: PaymentProviderSetting) => ({
  id: s.id,
  provider_id: s.providerId,
  enabled: s.enabled,
  region_ids: s.regionIds,
  settings: Object.fromEntries(Object.entries(s.settings).map(([k, v]) => [k, SECRET_SETTINGS.has(k) ? '••••' : v])),
  updated_at: s.updatedAt.toISOString(),
});
type ProviderSettingView = ReturnType<typeof providerSettingView>;

/**
 * What a tenant sets up for checkout: shipping options, tax rates, promotions, payment providers and
 * the checkout settings. Admin writes; the cart and checkout services read.
 */
export class SetupService {
  private readonly box: SecretBox | null;

  constructor(
    private readonly store: Store,
    private readonly catalog: CatalogPort,
    secretsKey?: string,
    private readonly cacheMs = 5_000,
    /** the cache's clock (tests inject one) */
    private readonly now: () => number = Date.now,
  ) {
    this.box = secretsKey ? new SecretBox(secretsKey) : null;
  }

  /**
   * Setup reads (shipping options, tax rates, promotions, providers, settings) are on every cart
   * request: they are kept per tenant for `cacheMs` (COMMERCE_SETUP_CACHE_MS, default 5000; 0: off) and dropped
   * by every setup write of this instance (other instances see a write within that time). Money
   * stays right meanwhile: completion compares the session's amount with the cart's total, and a
   * promotion's usage is claimed in the database.
   */
  private readonly cache = new Map<string, { at: number; value: Promise<unknown>; resolved?: { v: unknown } }>();
  /** bumped by every `invalidate` */
  private generation = 0;

  private cached<T>(ctx: RequestContext, name: string, load: (c: RequestContext) => Promise<T>): Promise<T> {
    if (!(this.cacheMs > 0)) return load(ctx);
    const key = `${requireTenant(ctx)}\u0000${name}`;
    const hit = this.cache.get(key);
    const fresh = hit && this.now() - hit.at < this.cacheMs;
    // inside a unit of work only a value already at hand is taken: a load in flight may need a
    // second pool connection, and every connection may be held by transactions waiting for it.
    // Otherwise it reads in its unit of work (what it reads there may include its own writes, so it
    // is not kept), and the next requests find the setup at hand: loaded again outside this unit of
    // work (committed data only), and nobody here waits for that load
    if (this.store.inTransaction(ctx)) {
      if (fresh && hit.resolved) return Promise.resolve(hit.resolved.v as T);
      this.refresh(ctx, key, load);
      return load(ctx);
    }
    if (fresh) return hit.value as Promise<T>;
    if (this.cache.size > 20_000) this.cache.clear();
    const entry: { at: number; value: Promise<unknown>; resolved?: { v: unknown } } = { at: this.now(), value: load(ctx) };
    entry.value.then(
      (v) => void (entry.resolved = { v }),
      () => this.cache.get(key) === entry && this.cache.delete(key),
    );
    this.cache.set(key, entry);
    return entry.value as Promise<T>;
  }

  /** loads outside any unit of work in flight, by key (one at a time) */
  private readonly refreshing = new Map<string, Promise<unknown>>();

  /**
   * Loads `key` outside the unit of work of `ctx` and keeps it, unless the tenant's setup was
   * dropped or a newer value arrived meanwhile.
   */
  private refresh<T>(ctx: RequestContext, key: string, load: (c: RequestContext) => Promise<T>): void {
    if (this.refreshing.has(key)) return;
    const at = this.now();
    const generation = this.generation;
    const done = load({ ...ctx, tx: undefined, afterCommit: undefined })
      .then((v) => {
        const cur = this.cache.get(key);
        if (this.generation === generation && !(cur && cur.at >= at)) this.cache.set(key, { at, value: Promise.resolve(v), resolved: { v } });
      })
      .catch((err: unknown) => ctx.log.warn({ err }, 'could not refresh the cached commerce setup'))
      .finally(() => this.refreshing.delete(key));
    this.refreshing.set(key, done);
  }

  /** Resolves once the setup loads started outside units of work have landed (tests). */
  async settled(): Promise<void> {
    while (this.refreshing.size) await Promise.all(this.refreshing.values());
  }

  /** Drops the tenant's cached setup (after a write, or a promotion's usage changed). */
  invalidate(tenantId: string): void {
    this.generation++;
    const prefix = `${tenantId}\u0000`;
    for (const k of this.cache.keys()) if (k.startsWith(prefix)) this.cache.delete(k);
  }

  /** A setup write: one transaction; the tenant's cached setup is dropped before and after it. */
  private async write<T>(ctx: RequestContext, fn: (em: EntityManager) => Promise<T>): Promise<T> {
    const tenantId = requireTenant(ctx);
    this.invalidate(tenantId);
    try {
      return await this.store.transaction(ctx, (em) => fn(em));
    } finally {
      this.invalidate(tenantId);
    }
  }

  /** What a sealed provider secret is bound to: one tenant, provider and setting. */
  private purpose(tenantId: string, providerId: string, key: string): string {
    return `commerce.payment_provider:${tenantId}:${providerId}:${key}`;
  }

  /**
   * A provider's settings with its secrets opened for the adapter. Secrets are stored sealed
   * (SecretBox, like identity's social secrets); a value stored before sealing (plain) is used as it is.
   */
  private opened(row: PaymentProviderSetting): Record<string, unknown> {
    const out: Record<string, unknown> = { ...row.settings };
    for (const [k, v] of Object.entries(out)) {
      if (!SECRET_SETTINGS.has(k) || typeof v !== 'string' || !v.startsWith('v1.') || !this.box) continue;
      try {
        out[k] = this.box.open(v, this.purpose(row.tenantId, row.providerId, k));
      } catch {
        // not ours (a plain value that happens to start with v1.) or another key: used as stored
      }
    }
    return out;
  }

  private async assertRegion(ctx: RequestContext, regionId: string): Promise<void> {
    if (!(await this.catalog.region(ctx, regionId))) throw Errors.invalidField('region_id', `Region "${regionId}" does not exist`);
  }

  // ---- shipping options ----

  async listShippingOptions(ctx: RequestContext, regionId?: string): Promise<ShippingOptionView[]> {
    return (await this.shippingOptionsOf(ctx, regionId)).map(shippingOptionView);
  }

  /** The options (entities: their pricing rules) of a region, or of every region, cheapest first. */
  async shippingOptionsOf(ctx: RequestContext, regionId?: string): Promise<ShippingOption[]> {
    const all = await this.cached(ctx, 'shipping_options', (c) => this.store.em(c).find(ShippingOption, {}, { orderBy: { amount: 'asc', name: 'asc' } }));
    return regionId ? all.filter((o) => o.regionId === regionId) : all;
  }

  async shippingOption(ctx: RequestContext, id: string): Promise<ShippingOption> {
    const o = (await this.shippingOptionsOf(ctx)).find((x) => x.id === id);
    if (!o) throw Errors.notFound('Shipping option', id);
    return o;
  }

  async saveShippingOption(ctx: RequestContext, id: string | null, input: ShippingOptionData): Promise<ShippingOptionView> {
    const tenantId = requireTenant(ctx);
    await this.assertRegion(ctx, input.region_id);
    return this.write(ctx, async (em) => {
      const o = id
        ? await em.findOne(ShippingOption, { id })
        : em.create(ShippingOption, { tenantId, name: input.name, regionId: input.region_id, amount: input.amount });
      if (!o) throw Errors.notFound('Shipping option', id ?? undefined);
      o.name = input.name;
      o.regionId = input.region_id;
      o.priceType = input.price_type ?? 'flat';
      o.amount = input.amount;
      o.perItem = input.per_item ?? null;
      o.freeAbove = input.free_above ?? null;
      if (input.type_label) o.typeLabel = input.type_label;
      if (input.type_description !== undefined) o.typeDescription = input.type_description ?? null;
      if (input.type_code) o.typeCode = input.type_code;
      if (input.enabled !== undefined && input.enabled !== null) o.enabled = input.enabled;
      if (input.metadata !== undefined) o.metadata = input.metadata ?? null;
      await em.flush();
      return shippingOptionView(o);
    });
  }

  async deleteShippingOption(ctx: RequestContext, id: string): Promise<boolean> {
    return this.write(ctx, async (em) => {
      const o = await em.findOne(ShippingOption, { id });
      if (!o) throw Errors.notFound('Shipping option', id);
      em.remove(o);
      return true;
    });
  }

  // ---- tax rates ----

  async listTaxRates(ctx: RequestContext, regionId?: string): Promise<TaxRateView[]> {
    const rows = await this.store.em(ctx).find(TaxRate, regionId ? { regionId } : {}, { orderBy: { regionId: 'asc', countryCode: 'asc', province: 'asc' } });
    return rows.map(taxRateView);
  }

  /** The tax rates of a region as the cart reads them (all of them; the cart picks the one for its address). */
  async taxRatesOf(ctx: RequestContext, regionId: string): Promise<TaxRate[]> {
    return (await this.cached(ctx, 'tax_rates', (c) => this.store.em(c).find(TaxRate, {}))).filter((r) => r.regionId === regionId);
  }

  async saveTaxRate(ctx: RequestContext, id: string | null, input: TaxRateData): Promise<TaxRateView> {
    const tenantId = requireTenant(ctx);
    await this.assertRegion(ctx, input.region_id);
    return this.write(ctx, async (em) => {
      const t = id
        ? await em.findOne(TaxRate, { id })
        : em.create(TaxRate, { tenantId, regionId: input.region_id, name: input.name, code: input.code, rate: input.rate });
      if (!t) throw Errors.notFound('Tax rate', id ?? undefined);
      Object.assign(t, {
        regionId: input.region_id,
        countryCode: input.country_code?.toLowerCase() ?? null,
        province: input.province ?? null,
        name: input.name,
        code: input.code,
        rate: input.rate,
      });
      await em.flush();
      return taxRateView(t);
    });
  }

  async deleteTaxRate(ctx: RequestContext, id: string): Promise<boolean> {
    return this.write(ctx, async (em) => {
      const t = await em.findOne(TaxRate, { id });
      if (!t) throw Errors.notFound('Tax rate', id);
      em.remove(t);
      return true;
    });
  }

  // ---- promotions ----

  async listPromotions(ctx: RequestContext): Promise<PromotionView[]> {
    return (await this.store.em(ctx).find(Promotion, {}, { orderBy: { createdAt: 'desc' } })).map(promotionView);
  }

  async savePromotion(ctx: RequestContext, id: string | null, input: PromotionData): Promise<PromotionView> {
    const tenantId = requireTenant(ctx);
    return this.write(ctx, async (em) => {
      const code = input.code.toUpperCase();
      const clash = await em.findOne(Promotion, { code });
      if (clash && clash.id !== id) throw Errors.conflict('duplicate', `A promotion with code "${code}" already exists`);
      const p = id ? await em.findOne(Promotion, { id }) : em.create(Promotion, { tenantId, code, type: input.type, value: input.value });
      if (!p) throw Errors.notFound('Promotion', id ?? undefined);
      Object.assign(p, {
        code,
        isAutomatic: input.is_automatic ?? false,
        type: input.type,
        value: input.value,
        currencyCode: input.currency_code ?? null,
        targetType: input.target_type ?? 'items',
        allocation: input.allocation ?? 'across',
        startsAt: input.starts_at ? new Date(input.starts_at) : null,
        endsAt: input.ends_at ? new Date(input.ends_at) : null,
        usageLimit: input.usage_limit ?? null,
        minSubtotal: input.min_subtotal ?? null,
        status: input.status ?? 'active',
        metadata: input.metadata ?? null,
      });
      await em.flush();
      return promotionView(p);
    });
  }

  /** Active promotions by code (upper-cased) and the automatic ones, valid now. */
  async promotionsFor(ctx: RequestContext, codes: string[]): Promise<Promotion[]> {
    const now = new Date();
    const wanted = new Set(codes.map((c) => c.toUpperCase()));
    const active = await this.cached(ctx, 'promotions', (c) =>
      this.store.em(c).find(Promotion, { status: 'active' }, { orderBy: { isAutomatic: 'desc', createdAt: 'asc' } }),
    );
    return active.filter(
      (p) =>
        (p.isAutomatic || wanted.has(p.code)) &&
        (!p.startsAt || p.startsAt <= now) &&
        (!p.endsAt || p.endsAt > now) &&
        (p.usageLimit === null || p.usageCount < p.usageLimit),
    );
  }

  // ---- payment providers ----

  async listProviderSettings(ctx: RequestContext): Promise<ProviderSettingView[]> {
    return (await this.store.em(ctx).find(PaymentProviderSetting, {}, { orderBy: { providerId: 'asc' } })).map(providerSettingView);
  }

  /** Saves a provider's setting; secret values sent as the mask keep their stored value. */
  async saveProviderSetting(ctx: RequestContext, input: ProviderSettingData): Promise<ProviderSettingView> {
    const tenantId = requireTenant(ctx);
    for (const r of input.region_ids ?? []) await this.assertRegion(ctx, r);
    return this.write(ctx, async (em) => {
      const s =
        (await em.findOne(PaymentProviderSetting, { providerId: input.provider_id })) ??
        em.create(PaymentProviderSetting, { tenantId, providerId: input.provider_id });
      const incoming = input.settings ?? {};
      const merged: Record<string, unknown> = { ...s.settings };
      for (const [k, v] of Object.entries(incoming)) {
        if (SECRET_SETTINGS.has(k) && v === '••••') continue; // the mask keeps the stored value
        merged[k] = SECRET_SETTINGS.has(k) && typeof v === 'string' && this.box ? this.box.seal(v, this.purpose(tenantId, input.provider_id, k)) : v;
      }
      s.settings = input.settings ? merged : s.settings;
      s.enabled = input.enabled;
      s.regionIds = input.region_ids ?? [];
      await em.flush();
      return providerSettingView(s);
    });
  }

  /**
   * The providers offered in a region, with their settings: those enabled for it; the system
   * provider unless the tenant switched it off (so a new store can take orders at once).
   */
  private providerRows(ctx: RequestContext): Promise<Array<{ row: PaymentProviderSetting; settings: Record<string, unknown> }>> {
    return this.cached(ctx, 'providers', async (c) =>
      (await this.store.em(c).find(PaymentProviderSetting, {}, { orderBy: { providerId: 'asc' } })).map((row) => ({ row, settings: this.opened(row) })),
    );
  }

  async providersFor(ctx: RequestContext, regionId: string): Promise<Array<{ id: string; settings: Record<string, unknown> }>> {
    const rows = await this.providerRows(ctx);
    const out = rows
      .filter(({ row: r }) => r.enabled && (!r.regionIds.length || r.regionIds.includes(regionId)))
      .map(({ row, settings }) => ({ id: row.providerId, settings: { ...settings } }));
    if (!rows.some(({ row }) => row.providerId === 'pp_system_default')) out.unshift({ id: 'pp_system_default', settings: {} });
    return out.sort((a, b) => a.id.localeCompare(b.id));
  }

  /** A provider's settings (any region), or null when the tenant has none. */
  async providerSettings(ctx: RequestContext, providerId: string): Promise<Record<string, unknown> | null> {
    const found = (await this.providerRows(ctx)).find((r) => r.row.providerId === providerId);
    return found ? { ...found.settings } : providerId === 'pp_system_default' ? {} : null;
  }

  // ---- checkout settings ----

  async settings(ctx: RequestContext): Promise<{ cancellation_window_hours: number; checkout_fields: Record<string, string> }> {
    const s = await this.cached(ctx, 'settings', (c) => this.store.em(c).findOne(CommerceSettings, {}));
    return { cancellation_window_hours: s?.cancellationWindowHours ?? 24, checkout_fields: { ...DEFAULT_CHECKOUT_FIELDS, ...(s?.checkoutFields ?? {}) } };
  }

  async saveSettings(ctx: RequestContext, input: CommerceSettingsData) {
    const tenantId = requireTenant(ctx);
    await this.write(ctx, async (em) => {
      const s = (await em.findOne(CommerceSettings, {})) ?? em.create(CommerceSettings, { tenantId });
      if (input.cancellation_window_hours !== undefined && input.cancellation_window_hours !== null)
        s.cancellationWindowHours = input.cancellation_window_hours;
      if (input.checkout_fields) s.checkoutFields = { ...s.checkoutFields, ...input.checkout_fields };
      await em.flush();
    });
    return this.settings(ctx);
  }
}
