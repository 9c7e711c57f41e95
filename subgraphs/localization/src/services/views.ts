import type { Locale } from '../entities/locale.entity';
import type { CurrencyPair } from '../entities/currency.entity';

/** A locale as the API shows it (GraphQL fields = REST JSON). */
export interface LocaleView {
  id: string;
  code: string;
  name: string;
  is_default: boolean;
  rtl: boolean;
  /** `rtl` or `ltr`, ready for `<html dir>` */
  dir: string;
  position: number;
}

export const toLocaleView = (l: Locale): LocaleView => ({
  id: l.id,
  code: l.code,
  name: l.name,
  is_default: l.isDefault,
  rtl: l.rtl,
  dir: l.rtl ? 'rtl' : 'ltr',
  position: l.position,
});

/** A configured pair with its manual override (admin). */
export interface CurrencyPairView {
  id: string;
  base: string;
  quote: string;
  manual_rate: number | null;
  manual_set_at: string | null;
  created_at: string;
}

export const toCurrencyPairView = (p: CurrencyPair): CurrencyPairView => ({
  id: p.id,
  base: p.base,
  quote: p.quote,
  manual_rate: p.manualRate === null ? null : Number(p.manualRate),
  manual_set_at: p.manualSetAt?.toISOString() ?? null,
  created_at: p.createdAt.toISOString(),
});

/** The active rate of a pair: `source` is `manual`, `ecb` or `json`; null rate when no source ever knew the pair. */
export interface CurrencyRateView {
  pair_id: string;
  base: string;
  quote: string;
  rate: number | null;
  source: string | null;
  fetched_at: string | null;
  /** the rate date the feed states (null for manual rates) */
  rate_date: string | null;
  stale: boolean;
}

/** A feed's snapshot for one base: every quote it knows, crossed through the feed's own base. */
export interface ExchangeRatesView {
  base: string;
  date: string;
  source: string;
  fetched_at: string;
  stale: boolean;
  rates: Record<string, number>;
}

/** The state of one feed (admin). */
export interface RateSourceView {
  source: string;
  url: string;
  ok: boolean;
  base: string | null;
  rate_date: string | null;
  currencies: number;
  fetched_at: string | null;
  last_attempt_at: string | null;
  last_error: string | null;
  stale: boolean;
}

/** One resource's overrides in one locale. */
export interface TranslationView {
  id?: string;
  resource_type: string;
  resource_id: string;
  locale: string;
  fields: Record<string, string>;
  updated_at?: string;
}

export const toTranslationView = (t: import('../entities/translation.entity').Translation): TranslationView => ({
  id: t.id,
  resource_type: t.resourceType,
  resource_id: t.resourceId,
  locale: t.locale,
  fields: t.fields,
  updated_at: t.updatedAt.toISOString(),
});

/** What TranslationOverlay (kit) receives: the served locale (null: no overrides apply) and merged fields per resource. */
export interface TranslationOverlayView {
  locale: string | null;
  items: Array<{ resource_type: string; resource_id: string; fields: Record<string, string> }>;
}
