import type { SeedContext } from '@svc/kit';
import type { AddLocaleData } from '../inputs/locale.input';
import type { RateDocument } from '../services/feeds';
import type { LocalizationServices } from '../services';
import { seedDemoTranslations } from './demo-translations';

/** The demo store's locales: English (default), German, French and Arabic (right to left). */
export const demoLocales = (): AddLocaleData[] => [
  { code: 'en', name: 'English', is_default: true },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'ar', name: 'العربية', rtl: true },
];

/** The demo's pairs; USD/GBP shows a manual override (it wins over the feeds). */
export const demoCurrencyPairs = () => [
  { base: 'EUR', quote: 'USD' },
  { base: 'EUR', quote: 'GBP' },
  { base: 'USD', quote: 'GBP', manual_rate: 0.79 },
];

/**
 * Reference rates to show before the first refresh (ECB format, EUR base), so the demo works
 * without internet access: kept as the ECB's last known snapshot, `stale` until a refresh succeeds.
 */
export const demoRateSnapshot = (date: string): RateDocument => ({
  base: 'EUR',
  date,
  rates: { EUR: '1', USD: '1.0823', GBP: '0.8412', JPY: '162.45', CHF: '0.9391', SEK: '11.4890', DKK: '7.4589', PLN: '4.2980', CAD: '1.4952', AUD: '1.6541' },
});

/** localization's part of the demo store. */
export async function seedDemoLocalization(s: LocalizationServices, seed: SeedContext): Promise<void> {
  for (const l of demoLocales()) await s.locales.add(seed.ctx, l);
  for (const p of demoCurrencyPairs()) await s.currencies.addPair(seed.ctx, p);
  const now = new Date();
  await s.currencies.seedSnapshot(seed.ctx, 'ecb', demoRateSnapshot(now.toISOString().slice(0, 10)), now);
  const translations = await seedDemoTranslations(s, seed);
  seed.log.debug({ tenantId: seed.tenantId, translations }, 'localization: demo locales, currency pairs, a rate snapshot and translations');
}
