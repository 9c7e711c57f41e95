import { Store, createStoreMailer, systemClock, type StoreMailer, type ServiceFactoryArgs } from '@svc/kit';
import { SubscriptionsStoreMailDocument } from '../ports/generated';
import type { SubscriptionsSettings } from '../settings';
import { CommercePort } from './commerce-port';
import { SubscriptionMailService } from './mail.service';
import { PlanService } from './plan.service';
import { RenewalService } from './renewal.service';
import { SubscriptionService } from './subscription.service';

/** subscriptions' services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface SubscriptionsServices {
  store: Store;
  plans: PlanService;
  subscriptions: SubscriptionService;
  renewals: RenewalService;
  mail: SubscriptionMailService;
  commerce: CommercePort;
  /** the store's mailer: its sender and own SMTP server (identity's mail settings), else the platform's (SMTP_URL, else .eml files in <DATA_DIR>/mail) */
  mailer: StoreMailer;
}

export function createSubscriptionsServices({ orm, deps, settings }: ServiceFactoryArgs<SubscriptionsSettings>): SubscriptionsServices {
  const store = new Store(orm);
  const clock = deps.clock ?? systemClock;
  const plans = new PlanService(store);
  const commerce = new CommercePort(() => deps.graph);
  const mailer = createStoreMailer(deps, SubscriptionsStoreMailDocument);
  return {
    store,
    plans,
    subscriptions: new SubscriptionService(store, plans, commerce, clock, settings),
    renewals: new RenewalService(store, commerce, clock, settings),
    mail: new SubscriptionMailService(store, mailer),
    commerce,
    mailer,
  };
}
