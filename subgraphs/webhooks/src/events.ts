import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/**
 * What webhooks tells the rest of the platform (payloads are checked when emitted). These events
 * are never delivered to webhook endpoints themselves (a dead-lettered delivery would otherwise
 * make another delivery to the same failing endpoint, and so on).
 */
export const webhooksEvents = defineEvents('webhooks', {
  'webhook_endpoint.created': z.object({ id: z.string(), url: z.string(), event_types: z.array(z.string()) }),
  'webhook_endpoint.updated': z.object({ id: z.string(), fields: z.array(z.string()) }),
  'webhook_endpoint.deleted': z.object({ id: z.string(), url: z.string() }),
  'webhook_endpoint.secret_rotated': z.object({ id: z.string(), previous_valid_until: z.string().nullable() }),
  'webhook_endpoint.disabled': z.object({ id: z.string(), url: z.string(), reason: z.string() }),
  'webhook_delivery.dead_lettered': z.object({
    id: z.string(),
    endpoint_id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    attempts: z.number(),
    last_error: z.string().nullable(),
  }),
});

/** Event types of this domain: not delivered to webhooks. */
export const OWN_EVENT_PREFIXES = ['webhook_endpoint.', 'webhook_delivery.', 'webhook.'];
