import type { SeedContext } from '@svc/kit';
import type { CreateEndpointData } from '../inputs/webhook.input';
import type { WebhooksServices } from '../services';

/**
 * The demo store's webhook endpoint: inactive (so `npm start` calls nobody), pointing at a
 * reserved example domain; an admin activates it after changing the URL.
 */
export const demoWebhookEndpoints = (): CreateEndpointData[] => [
  {
    url: 'https://hooks.example.com/svc/orders',
    description: 'Order notifications for the warehouse (inactive demo: change the URL, then activate)',
    event_types: ['order.placed', 'order.payment_captured', 'order.fulfilment_shipped', 'customer.created'],
    active: false,
  },
];

export async function seedDemoWebhooks(s: WebhooksServices, seed: SeedContext): Promise<void> {
  for (const e of demoWebhookEndpoints()) await s.endpoints.create(seed.ctx, e);
  seed.log.debug({ tenantId: seed.tenantId }, 'webhooks: demo endpoint created');
}
