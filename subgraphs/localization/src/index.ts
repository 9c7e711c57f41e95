import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { Locale } from './entities/locale.entity';
import { CurrencyPair, RateSource } from './entities/currency.entity';
import { Translation } from './entities/translation.entity';
import { LocaleResolver } from './resolvers/locale.resolver';
import { CurrencyResolver, ExchangeRatesResolver } from './resolvers/currency.resolver';
import { TranslationResolver } from './resolvers/translation.resolver';
import { currencyPairReference, localeReference } from './resolvers/localization.reference';
import { createLocalizationServices, type LocalizationServices } from './services';
import { localizationEvents } from './events';
import { localizationRoutes } from './rest/routes';
import { seedDemoLocalization } from './seed/demo-seed';
import { migrations } from './migrations';
import { localizationSettings, type LocalizationSettings } from './settings';

/**
 * localization: the store's locales (one default, RTL flag) and currency rates (configured pairs,
 * manual overrides, the ECB feed and a JSON rate service with failover, refreshed by a job) and
 * field-level translation overrides (which catalog and content lay over what they serve).
 * See this folder's README.
 */
export const domain = defineDomain<LocalizationServices, LocalizationSettings>({
  name: 'localization',
  dbSchema: 'localization',
  entities: [Locale, CurrencyPair, RateSource, Translation],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [LocaleResolver, CurrencyResolver, ExchangeRatesResolver, TranslationResolver],
  settings: localizationSettings,
  createServices: createLocalizationServices,
  references: (s) => ({ Locale: localeReference(s), CurrencyPair: currencyPairReference(s) }),
  events: localizationEvents,
  jobs: [
    {
      // ticks every minute; refreshes when CURRENCY_RATES_REFRESH_MINUTES passed since the last attempt
      name: 'refresh-currency-rates',
      schedule: '* * * * *',
      handler: async (_data, ctx, s) => void (await s.currencies.refreshIfDue(ctx)),
    },
  ],
  routes: localizationRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  ports: path.join(__dirname, 'ports'),
  seed: seedDemoLocalization,
});

export type { LocalizationServices };
export type { LocaleView, CurrencyPairView, CurrencyRateView, ExchangeRatesView, RateSourceView } from './services/views';
export { localizationEvents };
export { demoLocales, demoCurrencyPairs, demoRateSnapshot } from './seed/demo-seed';
export { parseEcbXml, parseRatesJson, parseXml, crossRate, FeedError, type RateDocument } from './services/feeds';
