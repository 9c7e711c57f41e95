import path from 'node:path';
import { defineDomain, inBatches, onAllEvents } from '@svc/kit';
import { WebhookEndpoint } from './entities/endpoint.entity';
import { WebhookAttempt, WebhookDelivery, WebhookSequence } from './entities/delivery.entity';
import { WebhookDeliveryResolver, WebhookEndpointResolver } from './resolvers/webhook.resolver';
import { createWebhooksServices, type WebhooksServices } from './services';
import { webhooksEvents } from './events';
import { seedDemoWebhooks } from './seed/demo-seed';
import { FAN_OUT, FAN_OUT_BATCH } from './services/delivery.service';
import { migrations } from './migrations';
import { webhooksSettings, type WebhooksSettings } from './settings';
import { webhooksPrivacy } from './privacy';

/**
 * webhooks: outbound webhooks of every tenant. Endpoints (admin GraphQL) take chosen event types
 * of every domain (a subscription to all events fans each out into deliveries), and the
 * dispatcher POSTs them signed, with retries, SSRF checks and a delivery log. See this folder's README.
 */
export const domain = defineDomain<WebhooksServices, WebhooksSettings>({
  name: 'webhooks',
  privacy: webhooksPrivacy,
  dbSchema: 'webhooks',
  entities: [WebhookEndpoint, WebhookDelivery, WebhookAttempt, WebhookSequence],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  // writes that never change a public read (kit read-changes.ts): deliveries: no public read shows them
  readCacheIgnores: ['webhook_delivery', 'webhook_attempt', 'webhook_sequence'],
  resolvers: [WebhookEndpointResolver, WebhookDeliveryResolver],
  settings: webhooksSettings,
  createServices: createWebhooksServices,
  events: webhooksEvents,
  subscriptions: [
    // in batches: up to FAN_OUT_BATCH events at once, each tenant's deliveries of them in one
    // transaction (the sequences in event order); bound per tenant to the types its active
    // endpoints take, so the events of other tenants and types make no job at all
    inBatches(
      onAllEvents<WebhooksServices>(FAN_OUT, async (event, ctx, s) => void (await s.deliveries.fanOut(ctx, [event])), {
        tenants: (s) => s.endpoints.activeTenants(),
      }),
      FAN_OUT_BATCH,
      async (events, ctx, s) => void (await s.deliveries.fanOut(ctx, events)),
    ),
  ],
  seed: seedDemoWebhooks,
  start: async (s, deps) => {
    if (!deps.config.workersDisabled) s.dispatcher.start();
  },
  stop: (s) => s.dispatcher.stop(),
});

export type { WebhooksServices };
export type { EndpointView, DeliveryView, AttemptView } from './services/views';
export { webhooksEvents };
export { demoWebhookEndpoints } from './seed/demo-seed';
export { verifyWebhook, WebhookVerificationError, type VerifyOptions } from './verify';
export { TargetGuard, AllowList, isBlockedAddress, embeddedV4, TargetRefused } from './services/guard';
export { RETRY_SCHEDULE_SECONDS, retryAfterSeconds, receiverHealthy } from './services/dispatcher';
export { EndpointGate, type GateLimits } from './services/gate';
export { signatureHeaders, newSecret, standardKey } from './services/signing';
export { send as sendWebhook, type SendResult } from './services/sender';
export { matchesEventType, orderingKeyOf, PING_EVENT } from './services/delivery.service';
