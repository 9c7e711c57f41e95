import { z } from 'zod';
import { defineEvents } from '@svc/kit';

const status = z.enum(['new', 'sent', 'accepted', 'declined', 'expired']);

/** What quotes tells the rest of the platform (payloads are checked when emitted). */
export const quotesEvents = defineEvents('quotes', {
  /** a shopper submitted a quote request (the mails to the requester and the store follow from it) */
  'quote.submitted': z.object({
    id: z.string(),
    number: z.string(),
    customer_id: z.string().nullable(),
    email: z.string(),
    currency_code: z.string(),
    estimate: z.number(),
    variant_ids: z.array(z.string()),
    service_ids: z.array(z.string()),
  }),
  /** an admin moved a quote to another status */
  'quote.status_changed': z.object({ id: z.string(), number: z.string(), from: status, to: status }),
  /** an accepted quote became a cart the customer can pay */
  'quote.converted': z.object({ id: z.string(), number: z.string(), cart_id: z.string() }),
});
