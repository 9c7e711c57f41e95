import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What marketing tells the rest of the platform (payloads are checked when emitted). */
export const marketingEvents = defineEvents('marketing', {
  'mailing_list.saved': z.object({ id: z.string(), handle: z.string() }),
  /** an address is on a list for good (single opt-in, or confirmed) */
  'subscriber.subscribed': z.object({ id: z.string(), list_id: z.string() }),
  'subscriber.unsubscribed': z.object({ id: z.string(), list_id: z.string() }),
  /** a mail waits in the outbox (marketing's own `deliver-email` subscription sends it) */
  'email_message.queued': z.object({ id: z.string(), kind: z.string() }),
  'campaign.sent': z.object({ id: z.string(), list_id: z.string(), recipients: z.number().int() }),
  'cookie_banner.updated': z.object({ version: z.number().int() }),
  'cookie_consent.changed': z.object({ session_hash: z.string(), action: z.string(), consent_mode: z.record(z.string(), z.string()) }),
});
