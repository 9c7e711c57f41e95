import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { MailingList, Subscriber } from './entities/list.entity';
import { Campaign, CampaignClick, EmailMessage, SenderSettings } from './entities/campaign.entity';
import { ConsentAudit, ConsentState, CookieBanner } from './entities/consent.entity';
import { AnalyticsEvent } from './entities/analytics.entity';
import { SubscriptionResolver } from './resolvers/subscription.resolver';
import { CampaignResolver } from './resolvers/campaign.resolver';
import { ConsentResolver } from './resolvers/consent.resolver';
import { AnalyticsResolver } from './resolvers/analytics.resolver';
import { campaignReference, mailingListReference, subscriberReference } from './resolvers/marketing.reference';
import { createMarketingServices, type MarketingServices } from './services';
import { marketingEvents } from './events';
import { marketingRoutes } from './rest/routes';
import { seedDemoMarketing } from './seed/demo-seed';
import { migrations } from './migrations';
import { marketingPrivacy } from './privacy';

/**
 * marketing: mailing lists and subscriptions (double opt-in, signed unsubscribe links, RFC 8058
 * one-click), campaigns through a persisted outbox (SMTP, DKIM), open and click tracking,
 * consent-gated analytics events, the cookie banner and consent with an append-only audit trail.
 */
export const domain = defineDomain<MarketingServices>({
  name: 'marketing',
  privacy: marketingPrivacy,
  dbSchema: 'marketing',
  entities: [MailingList, Subscriber, Campaign, EmailMessage, CampaignClick, SenderSettings, CookieBanner, ConsentState, ConsentAudit, AnalyticsEvent],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  // writes that never change a public read (kit read-changes.ts): tracking, consent records, sends and sign-ups: no public read shows them
  readCacheIgnores: ['analytics_event', 'consent_state', 'consent_audit', 'email_message', 'campaign_click', 'subscriber'],
  resolvers: [SubscriptionResolver, CampaignResolver, ConsentResolver, AnalyticsResolver],
  createServices: createMarketingServices,
  references: (s) => ({ MailingList: mailingListReference(s), MailingListSubscriber: subscriberReference(s), Campaign: campaignReference(s) }),
  events: marketingEvents,
  subscriptions: [
    // mail leaves the request: the outbox row is written with the change, this sends it; a refused mail is retried
    {
      ...marketingEvents.on<MarketingServices, 'email_message.queued'>('email_message.queued', 'deliver-email', (e, ctx, s) =>
        s.outbox.deliver(ctx, e.data.id),
      ),
      retry: { limit: 8, delaySeconds: 2, backoff: true },
    },
    // a campaign larger than one batch: each further batch of recipients in a transaction of its own
    marketingEvents.on<MarketingServices, 'campaign.sending'>('campaign.sending', 'send-campaign', (e, ctx, s) => s.campaigns.continueSend(ctx, e.data.id)),
  ],
  routes: marketingRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  seed: seedDemoMarketing,
  stop: async (s) => s.mailer.close(),
});

export type { MarketingServices };
export { marketingEvents };
export { PIXEL } from './rest/routes';
export { DEFAULT_BANNER } from './services/consent.service';
export { renderCampaign, normaliseDestination, linksOf, MarketingLinks, CONFIRM_TTL_SECONDS } from './services/links';
