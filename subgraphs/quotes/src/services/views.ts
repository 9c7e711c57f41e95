import { fromScaled, toScaled } from '@svc/kit';
import type {
  Quote,
  QuoteFieldValue,
  QuoteFormField,
  QuoteLocation,
  QuoteProductLine,
  QuoteService,
  QuoteServiceLine,
  QuoteSettings,
} from '../entities/quote.entity';

/** Views as the services return them: plain objects, snake_case like the API (GraphQL fields = REST JSON); amounts in major units. */
export interface QuoteServiceView {
  id: string;
  handle: string;
  name: string;
  description: string | null;
  unit: string;
  base_rate: number;
  active: boolean;
}

export interface QuoteLocationView {
  id: string;
  handle: string;
  name: string;
  modifier: number;
}

export interface QuoteSettingsView {
  currency_code: string;
  validity_days: number;
  notification_email: string | null;
  form_fields: QuoteFormField[];
}

export interface IsgConfigView {
  currency_code: string;
  validity_days: number;
  services: QuoteServiceView[];
  locations: QuoteLocationView[];
  form_fields: QuoteFormField[];
}

export interface QuoteProductLineView extends Omit<QuoteProductLine, 'unit_price' | 'total'> {
  unit_price: number;
  total: number;
}
export interface QuoteServiceLineView extends Omit<QuoteServiceLine, 'unit_price' | 'total' | 'base_rate' | 'modifier'> {
  base_rate: number;
  modifier: number;
  unit_price: number;
  total: number;
}

export interface QuoteFieldView {
  key: string;
  label: string;
  type: string;
  /** the answer as text (numbers and booleans as JSON writes them) */
  value: string;
}

export interface QuoteView {
  id: string;
  number: string;
  status: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  message: string | null;
  customer_id: string | null;
  locale: string;
  currency_code: string;
  products: QuoteProductLineView[];
  services: QuoteServiceLineView[];
  fields: QuoteFieldView[];
  estimate: number;
  valid_until: string;
  cart_id: string | null;
  created_at: string;
  updated_at: string;
}

const num = (s: string) => Number(fromScaled(toScaled(s)));

export const toServiceView = (s: QuoteService): QuoteServiceView => ({
  id: s.id,
  handle: s.handle,
  name: s.name,
  description: s.description,
  unit: s.unit,
  base_rate: num(s.baseRate),
  active: s.active,
});

export const toLocationView = (l: QuoteLocation): QuoteLocationView => ({ id: l.id, handle: l.handle, name: l.name, modifier: num(l.modifier) });

/** The settings of a store that saved none: euros, 30 days, no custom fields. */
const DEFAULT_SETTINGS: QuoteSettingsView = { currency_code: 'eur', validity_days: 30, notification_email: null, form_fields: [] };

export const toSettingsView = (s: QuoteSettings | null): QuoteSettingsView =>
  s ? { currency_code: s.currencyCode, validity_days: s.validityDays, notification_email: s.notificationEmail, form_fields: s.formFields } : DEFAULT_SETTINGS;

const fieldView = (f: QuoteFieldValue): QuoteFieldView => ({
  key: f.key,
  label: f.label,
  type: f.type,
  value: typeof f.value === 'string' ? f.value : JSON.stringify(f.value),
});

export function toQuoteView(q: Quote): QuoteView {
  return {
    id: q.id,
    number: q.number,
    status: q.status,
    name: q.name,
    email: q.email,
    company: q.company,
    phone: q.phone,
    message: q.message,
    customer_id: q.customerId,
    locale: q.locale,
    currency_code: q.currencyCode,
    products: q.products.map((l) => ({ ...l, unit_price: num(l.unit_price), total: num(l.total) })),
    services: q.services.map((l) => ({ ...l, base_rate: num(l.base_rate), modifier: num(l.modifier), unit_price: num(l.unit_price), total: num(l.total) })),
    fields: q.fields.map(fieldView),
    estimate: num(q.estimate),
    valid_until: q.validUntil,
    cart_id: q.cartId,
    created_at: q.createdAt.toISOString(),
    updated_at: q.updatedAt.toISOString(),
  };
}
