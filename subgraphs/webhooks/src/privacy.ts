import { mentions, redactRows, type PrivacyDefinition } from '@svc/kit';
import type { WebhooksServices } from './services';

/**
 * webhooks' part of privacy requests: the delivery log keeps what was sent to the store's endpoints
 * and what they answered; deliveries and attempts that name the customer are redacted. Nothing to
 * export: the log is the store's, not the customer's.
 */
export const webhooksPrivacy: PrivacyDefinition<WebhooksServices> = {
  store: (s) => s.store,
  export: async () => ({}),
  async erase(ctx, s, subject) {
    const deliveries = mentions(subject, ['data', 'last_error']);
    const attempts = mentions(subject, ['response_snippet', 'error']);
    return {
      webhook_delivery: await redactRows(s.store, ctx, subject, { table: 'webhook_delivery', ...deliveries, redact: ['data', 'last_error'] }),
      webhook_attempt: await redactRows(s.store, ctx, subject, { table: 'webhook_attempt', ...attempts, redact: ['response_snippet', 'error'] }),
    };
  },
};
