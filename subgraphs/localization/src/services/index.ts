import { Store, type GraphClient, type ServiceFactoryArgs } from '@svc/kit';
import { LocaleService } from './locale.service';
import { CurrencyService } from './currency.service';
import { TranslationService } from './translation.service';
import type { LocalizationSettings } from '../settings';

/** localization's services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface LocalizationServices {
  store: Store;
  locales: LocaleService;
  currencies: CurrencyService;
  translations: TranslationService;
  /** the supergraph (the demo seed finds what it translates there) */
  graph?: GraphClient;
}

export function createLocalizationServices({ orm, deps, settings }: ServiceFactoryArgs<LocalizationSettings>): LocalizationServices {
  const store = new Store(orm);
  return {
    store,
    locales: new LocaleService(store, deps.bus),
    currencies: new CurrencyService(store, { ...settings.currencyRates, production: deps.config.env === 'production' }),
    translations: new TranslationService(store, () => deps.graph, deps.bus),
    graph: deps.graph,
  };
}
