import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { SubscriptionPlan } from './entities/plan.entity';
import { Subscription, SubscriptionLedgerEntry, SubscriptionRenewal } from './entities/subscription.entity';
import { SubscriptionResolver } from './resolvers/subscription.resolver';
import { planReference } from './resolvers/subscription.reference';
import { createSubscriptionsServices, type SubscriptionsServices } from './services';
import { subscriptionsEvents } from './events';
import { subscriptionsRoutes } from './rest/routes';
import { seedDemoSubscriptions } from './seed/demo-seed';
import { migrations } from './migrations';
import { subscriptionsSettings, type SubscriptionsSettings } from './settings';
import { subscriptionsPrivacy } from './privacy';

/**
 * subscriptions: plans (interval and count, a price per currency, trial days), customers'
 * subscriptions with their lifecycle (pause, resume, cancel, change plan with exact proration),
 * renewals at the period end on the job queue (off-session charges through commerce's recurring
 * payments, retries with backoff, a renewal order per cycle), a ledger of charges and credits, and
 * the receipt and dunning mails.
 */
export const domain = defineDomain<SubscriptionsServices, SubscriptionsSettings>({
  name: 'subscriptions',
  privacy: subscriptionsPrivacy,
  dbSchema: 'subscriptions',
  settings: subscriptionsSettings,
  entities: [SubscriptionPlan, Subscription, SubscriptionRenewal, SubscriptionLedgerEntry],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  // writes that never change a public read (kit read-changes.ts): customers' subscriptions: no public read shows them
  readCacheIgnores: ['subscription', 'subscription_renewal', 'subscription_ledger'],
  resolvers: [SubscriptionResolver],
  createServices: createSubscriptionsServices,
  references: (s) => ({ SubscriptionPlan: planReference(s) }),
  events: subscriptionsEvents,
  subscriptions: [
    // the mails leave the renewal: a slow mail server delays nobody, a failure is retried
    subscriptionsEvents.on<SubscriptionsServices, 'subscription.renewed'>('subscription.renewed', 'mail-receipt', (e, ctx, s) => s.mail.receipt(ctx, e.data)),
    subscriptionsEvents.on<SubscriptionsServices, 'subscription.payment_failed'>('subscription.payment_failed', 'mail-dunning', (e, ctx, s) =>
      s.mail.paymentFailed(ctx, e.data),
    ),
  ],
  // renewals at the period end (every tenant's due subscriptions; crash-safe, one charge per cycle)
  jobs: [
    { name: 'renew-subscriptions', schedule: '* * * * *', handler: async (_data, ctx, s) => void (await s.renewals.runDue(ctx.log)) },
    // cancel refunds the provider could not be reached for, again with the same idempotency key after the backoff
    { name: 'retry-refunds', schedule: '* * * * *', handler: async (_data, ctx, s) => void (await s.subscriptions.retryRefunds(ctx.log)) },
  ],
  routes: subscriptionsRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  ports: path.join(__dirname, 'ports'),
  seed: seedDemoSubscriptions,
  stop: async (s) => s.mailer.close(),
});

export type { SubscriptionsServices };
export type { SubscriptionView, PlanView } from './services/views';
export { subscriptionsEvents };
export { prorate, freshPeriod, type ProrationState } from './services/proration';
export { divRound } from './services/money';
