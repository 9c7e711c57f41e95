import type { ReferenceResolver } from '@svc/kit';
import type { LocalizationServices } from '../services';

/** `__resolveReference` of Locale and CurrencyPair: other subgraphs' references, batched per request. */
export const localeReference =
  (s: LocalizationServices): ReferenceResolver =>
  (ref, ctx) =>
    s.locales.byId(ctx, String(ref.id));
export const currencyPairReference =
  (s: LocalizationServices): ReferenceResolver =>
  (ref, ctx) =>
    s.currencies.byId(ctx, String(ref.id));
