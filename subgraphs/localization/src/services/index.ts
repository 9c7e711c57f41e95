import { Store, type ServiceFactoryArgs } from '@svc/kit';
import { LocaleService } from './locale.service';
import { CurrencyService } from './currency.service';

/** localization's services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface LocalizationServices {
  store: Store;
  locales: LocaleService;
  currencies: CurrencyService;
}

export function createLocalizationServices({ orm, deps }: ServiceFactoryArgs): LocalizationServices {
  const store = new Store(orm);
  return { store, locales: new LocaleService(store), currencies: new CurrencyService(store, { ...deps.config.currencyRates, production: deps.config.env === 'production' }) };
}
