import { Errors, requireTenant, type RequestContext, type Store } from '@svc/kit';
import { QuoteLocation, QuoteService, QuoteSettings } from '../entities/quote.entity';
import type { SaveQuoteLocationData, SaveQuoteServiceData, SaveQuoteSettingsData } from '../inputs/quote.input';
import {
  toLocationView,
  toServiceView,
  toSettingsView,
  type IsgConfigView,
  type QuoteLocationView,
  type QuoteServiceView,
  type QuoteSettingsView,
} from './views';

/**
 * The store's quote configuration: settings (currency, validity, notification address, the quote
 * form's custom fields), the quotable services with their base rates and the ISG locations with
 * their modifiers. Admins save them; the storefront reads the active ones.
 */
export class QuoteConfigService {
  constructor(private readonly store: Store) {}

  async settings(ctx: RequestContext): Promise<QuoteSettingsView> {
    return toSettingsView(await this.store.em(ctx).findOne(QuoteSettings, {}));
  }

  async saveSettings(ctx: RequestContext, input: SaveQuoteSettingsData): Promise<QuoteSettingsView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em) => {
      let s = await em.findOne(QuoteSettings, {});
      if (!s) s = em.create(QuoteSettings, { tenantId, currencyCode: input.currency_code, validityDays: input.validity_days });
      s.currencyCode = input.currency_code;
      s.validityDays = input.validity_days;
      if (input.notification_email !== undefined) s.notificationEmail = input.notification_email ?? null;
      if (input.form_fields != null)
        s.formFields = input.form_fields.map((f) => ({ key: f.key, label: f.label, type: f.type, required: f.required ?? false, options: f.options ?? [] }));
      await em.flush();
      return toSettingsView(s);
    });
  }

  /** The quotable services by name: the storefront sees the active ones, admins (`all`) every one. */
  async services(ctx: RequestContext, all = false): Promise<QuoteServiceView[]> {
    const rows = await this.store.em(ctx).find(QuoteService, all ? {} : { active: true }, { orderBy: { name: 'asc', id: 'asc' } });
    return rows.map(toServiceView);
  }

  async locations(ctx: RequestContext): Promise<QuoteLocationView[]> {
    const rows = await this.store.em(ctx).find(QuoteLocation, {}, { orderBy: { name: 'asc', id: 'asc' } });
    return rows.map(toLocationView);
  }

  /** `GET /store/quote-requests/isg-config`: the currency, the active services' base rates, the locations' modifiers and the form. */
  async isgConfig(ctx: RequestContext): Promise<IsgConfigView> {
    const [settings, services, locations] = await Promise.all([this.settings(ctx), this.services(ctx), this.locations(ctx)]);
    return { currency_code: settings.currency_code, validity_days: settings.validity_days, services, locations, form_fields: settings.form_fields };
  }

  /** Creates the service, or changes the one with the handle. */
  async saveService(ctx: RequestContext, input: SaveQuoteServiceData): Promise<QuoteServiceView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em) => {
      let s = await em.findOne(QuoteService, { handle: input.handle });
      if (!s) s = em.create(QuoteService, { tenantId, handle: input.handle, name: input.name, unit: input.unit, baseRate: String(input.base_rate) });
      s.name = input.name;
      s.description = input.description ?? null;
      s.unit = input.unit;
      s.baseRate = String(input.base_rate);
      if (input.active != null) s.active = input.active;
      await em.flush();
      return toServiceView(s);
    });
  }

  /** Creates the location, or changes the one with the handle. */
  async saveLocation(ctx: RequestContext, input: SaveQuoteLocationData): Promise<QuoteLocationView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em) => {
      let l = await em.findOne(QuoteLocation, { handle: input.handle });
      if (!l) l = em.create(QuoteLocation, { tenantId, handle: input.handle, name: input.name, modifier: String(input.modifier) });
      l.name = input.name;
      l.modifier = String(input.modifier);
      await em.flush();
      return toLocationView(l);
    });
  }

  /** Removes a location (quotes keep the name and modifier they were priced with). */
  async deleteLocation(ctx: RequestContext, handle: string): Promise<boolean> {
    return this.store.transaction(ctx, async (em) => {
      const l = await em.findOne(QuoteLocation, { handle });
      if (!l) throw Errors.notFound('Quote location', handle);
      em.remove(l);
      return true;
    });
  }

  /** An active service by id or handle, for pricing a submission (undefined when there is none). */
  async activeService(ctx: RequestContext, ref: string): Promise<QuoteService | null> {
    return this.store.em(ctx).findOne(QuoteService, { $or: [{ id: ref }, { handle: ref }], active: true });
  }

  async location(ctx: RequestContext, ref: string): Promise<QuoteLocation | null> {
    return this.store.em(ctx).findOne(QuoteLocation, { $or: [{ id: ref }, { handle: ref }] });
  }
}
