import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What marketing tells the rest of the platform (payloads are checked when emitted). */
export const marketingEvents = defineEvents('marketing', {
  'mailing_list.saved': z.object({ id: z.string(), handle: z.string() }),
  /** an admin deleted a list (its members and draft campaigns went with it) */
  'mailing_list.deleted': z.object({ id: z.string(), handle: z.string() }),
  /** an address is on a list for good (single opt-in, or confirmed) */
  'subscriber.subscribed': z.object({ id: z.string(), list_id: z.string() }),
  'subscriber.unsubscribed': z.object({ id: z.string(), list_id: z.string() }),
  /** an admin removed a member from its list */
  'subscriber.removed': z.object({ id: z.string(), list_id: z.string() }),
  /** a mail waits in the outbox (marketing's own `deliver-email` subscription sends it) */
  'email_message.queued': z.object({ id: z.string(), kind: z.string() }),
  /** a campaign is being sent: its next batch of recipients is due (marketing's own `send-campaign` subscription writes it); `recipients`: messages so far */
  'campaign.sending': z.object({ id: z.string(), list_id: z.string(), recipients: z.number().int() }),
  /** every message of a campaign is written (`recipients` in all) */
  'campaign.sent': z.object({ id: z.string(), list_id: z.string(), recipients: z.number().int() }),
  /** a campaign mail was opened (the pixel) or a tracked link in it clicked, by a recipient */
  'campaign.opened': z.object({ campaign_id: z.string(), subscriber_id: z.string() }),
  'campaign.clicked': z.object({ campaign_id: z.string(), subscriber_id: z.string(), url: z.string() }),
  /** a storefront analytics event was stored (its session had analytics consent); no session id travels */
  'analytics_event.tracked': z.object({
    id: z.string(),
    type: z.string(),
    name: z.string().nullable(),
    utm_campaign: z.string().nullable(),
    /** the utm_source (attribution of purchases to a channel); absent on events written before it */
    utm_source: z.string().nullable().optional(),
    /** a purchase: its `properties.value` (or `revenue`) and `properties.currency`, when the storefront sent them */
    value: z.number().nullable().optional(),
    currency_code: z.string().nullable().optional(),
  }),
  'cookie_banner.updated': z.object({ version: z.number().int() }),
  'cookie_consent.changed': z.object({ session_hash: z.string(), action: z.string(), consent_mode: z.record(z.string(), z.string()) }),
});
