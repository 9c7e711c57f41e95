import { z } from 'zod';
import { defineSettings } from '@svc/kit';

/** localization's settings (the manifest's `settings`): the currency rate feeds. */
export interface LocalizationSettings {
  currencyRates: { ecbUrl: string; jsonUrl: string; refreshMinutes: number; timeoutMs: number };
}

export const localizationSettings = defineSettings(
  {
    CURRENCY_RATES_ECB_URL: z
      .string()
      .url()
      .default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml')
      .describe('the central-bank feed (ECB daily reference rates XML), checked by the outbound URL rules'),
    CURRENCY_RATES_JSON_URL: z
      .string()
      .url()
      .default('https://api.frankfurter.dev/v1/latest?base=EUR')
      .describe('the public JSON rate service, checked by the outbound URL rules'),
    CURRENCY_RATES_REFRESH_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_080)
      .default(60)
      .describe('minutes between two refreshes of the rate feeds (the job checks every minute)'),
    CURRENCY_RATES_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5000).describe('how long one feed may take before the next source answers'),
  },
  (e): LocalizationSettings => ({
    currencyRates: {
      ecbUrl: e.CURRENCY_RATES_ECB_URL,
      jsonUrl: e.CURRENCY_RATES_JSON_URL,
      refreshMinutes: e.CURRENCY_RATES_REFRESH_MINUTES,
      timeoutMs: e.CURRENCY_RATES_TIMEOUT_MS,
    },
  }),
);
