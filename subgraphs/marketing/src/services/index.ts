import { Store, createMailer, type Mailer, type ServiceFactoryArgs } from '@svc/kit';
import { AnalyticsService } from './analytics.service';
import { CampaignService } from './campaign.service';
import { ConsentService } from './consent.service';
import { MarketingLinks } from './links';
import { OutboxService } from './outbox.service';
import { SubscriptionService } from './subscription.service';

/** marketing's services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface MarketingServices {
  store: Store;
  links: MarketingLinks;
  subscriptions: SubscriptionService;
  campaigns: CampaignService;
  outbox: OutboxService;
  consent: ConsentService;
  analytics: AnalyticsService;
  /** the platform mailer (SMTP_URL, else .eml files in <DATA_DIR>/mail) */
  mailer: Mailer;
}

export function createMarketingServices({ orm, deps }: ServiceFactoryArgs): MarketingServices {
  const store = new Store(orm);
  const mailer = createMailer(deps.config);
  if (deps.config.env === 'production' && !deps.config.smtpUrl)
    deps.log.warn('SMTP_URL is not set: marketing mails stay in the outbox (.eml files), nothing is sent');
  const publicUrl = deps.publicUrl ?? (() => deps.config.publicUrl ?? `http://localhost:${deps.config.port}`);
  const links = new MarketingLinks(deps.config.secretsKey, publicUrl);
  const outbox = new OutboxService(store, mailer, deps.config.secretsKey);
  return {
    store,
    links,
    mailer,
    outbox,
    subscriptions: new SubscriptionService(store, links, outbox),
    campaigns: new CampaignService(store, links, outbox),
    consent: new ConsentService(store, links),
    analytics: new AnalyticsService(store),
  };
}
