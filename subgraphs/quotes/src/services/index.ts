import { Store, createStoreMailer, systemClock, type StoreMailer, type ServiceFactoryArgs } from '@svc/kit';
import { QuotesStoreMailDocument } from '../ports/generated';
import { QuoteConfigService } from './config.service';
import { QuoteRequestService } from './quote.service';

/** quotes' services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface QuotesServices {
  store: Store;
  config: QuoteConfigService;
  quotes: QuoteRequestService;
  /** the store's mailer: its sender and own SMTP server (identity's mail settings), else the platform's (SMTP_URL, else .eml files in <DATA_DIR>/mail) */
  mailer: StoreMailer;
}

export function createQuotesServices({ orm, deps }: ServiceFactoryArgs): QuotesServices {
  const store = new Store(orm);
  const config = new QuoteConfigService(store);
  const mailer = createStoreMailer(deps, QuotesStoreMailDocument);
  const publicUrl = deps.publicUrl ?? (() => deps.config.publicUrl ?? `http://localhost:${deps.config.port}`);
  const quotes = new QuoteRequestService(store, config, deps.clock ?? systemClock, mailer, deps.config.secretsKey, publicUrl, () => deps.graph);
  return { store, config, quotes, mailer };
}
