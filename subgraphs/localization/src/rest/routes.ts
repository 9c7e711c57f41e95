import { z } from 'zod';
import { queryOf, route } from '@svc/kit';
import { storeTranslationsSchema } from '../inputs/translation.input';
import { ISO_4217_CODES } from '../inputs/currency.input';

const noQuery = z.strictObject({});
/** `base`: an ISO 4217 code, upper or lower case; whether a rate source knows it is the service's answer (400 unknown_currency) */
const exchangeQuery = z.strictObject({
  base: z.enum([...ISO_4217_CODES, ...ISO_4217_CODES.map((c) => c.toLowerCase())], { message: 'base must be a 3-letter ISO 4217 currency code' }).optional(),
});

/** localization's REST routes: the storefront reads locales and rates (operations in ./operations). */
export const localizationRoutes = [
  route({
    method: 'GET',
    path: '/store/locales',
    auth: 'publishable',
    query: noQuery,
    operation: 'localization/StoreLocales',
    summary: 'Enabled locales for the language switcher: {locales: [{code, name, is_default, rtl, dir, position}]}, exactly one is_default',
    respond: (d) => ({ locales: d.locales }),
  }),
  route({
    method: 'GET',
    path: '/store/currency-rates',
    auth: 'publishable',
    query: noQuery,
    operation: 'localization/StoreCurrencyRates',
    summary: 'The active rate of every configured pair: {currency_rates: [{base, quote, rate, source (manual, ecb, json), fetched_at, rate_date, stale}]}',
    respond: (d) => ({ currency_rates: d.currencyRates }),
  }),
  route({
    method: 'GET',
    path: '/store/exchange-rates',
    auth: 'publishable',
    query: exchangeQuery,
    refusals: [{ code: 'unknown_currency', field: 'base', when: 'no rate source of the store knows the currency' }],
    operation: 'localization/StoreExchangeRates',
    summary:
      "The raw feed snapshot for `base` (ISO 4217, default the feed's base): {base, date, source, fetched_at, stale, rates: {CODE: rate}}; 400 for a malformed or unknown base",
    variables: ({ query }) => ({ base: query.base ?? null }),
    // the graph's one entry per currency, answered as the documented {CODE: rate} map
    respond: (d) => ({
      ...d.exchangeRates,
      rates: Object.fromEntries(d.exchangeRates.rates.map((r: { currency: string; rate: number }) => [r.currency, r.rate])),
    }),
  }),
  route({
    method: 'GET',
    path: '/store/translations',
    auth: 'publishable',
    query: queryOf(storeTranslationsSchema),
    operation: 'localization/StoreTranslations',
    summary:
      'Bulk translation overrides of one resource type (product, product_variant, product_collection, product_category, page, blog_post) in the requested locale (locale, else x-medusa-locale / accept-language; a region-specific locale falls back to its language field by field), optionally for ids (at most 200): {translations: [{resource_type, resource_id, locale, fields}], locale, count, limit, offset}',
    variables: ({ query }) => ({
      resource_type: query.resource_type,
      locale: query.locale ?? null,
      ids: query.ids ?? null,
      limit: query.limit ?? null,
      offset: query.offset ?? null,
    }),
    respond: (d) => {
      const t = d.storeTranslations;
      return { translations: t.items, locale: t.locale, count: t.count, limit: t.limit, offset: t.offset };
    },
  }),
];
