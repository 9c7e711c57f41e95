import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What identity tells the rest of the platform (payloads are checked when emitted). */
export const identityEvents = defineEvents('identity', {
  'customer.created': z.object({ id: z.string(), email: z.string() }),
  'customer.updated': z.object({ id: z.string(), fields: z.array(z.string()) }),
  'customer.address_added': z.object({ id: z.string(), address_id: z.string() }),
  'customer.address_updated': z.object({ id: z.string(), address_id: z.string() }),
  'customer.address_deleted': z.object({ id: z.string(), address_id: z.string() }),
  'customer.social_linked': z.object({ id: z.string(), link_id: z.string(), provider: z.string() }),
  'customer.social_unlinked': z.object({ id: z.string(), link_id: z.string(), provider: z.string() }),
  'social_provider.updated': z.object({ provider: z.string(), enabled: z.boolean() }),
  /** a password reset was asked for an existing account (the token is only in the mail) */
  'auth.password_reset_requested': z.object({ id: z.string(), actor_type: z.enum(['customer', 'admin']), actor_id: z.string() }),
  /** registration (or the customer) asked for an address verification link (the token is only in the mail) */
  'auth.email_verification_requested': z.object({ id: z.string(), customer_id: z.string() }),
  /** a signed-in customer asked to change their address (the code is only in the mail to the new address) */
  'auth.email_change_requested': z.object({ id: z.string(), customer_id: z.string() }),
  /** a customer confirmed a new address: it is verified and signs in from now on (the address itself: read the customer) */
  'customer.email_changed': z.object({ id: z.string() }),
  /** a reset token set a new password; every session of the account was ended */
  'auth.password_reset': z.object({ actor_type: z.enum(['customer', 'admin']), actor_id: z.string() }),
  /** an admin created a key of the store (an agent key's secret is never in an event) */
  'api_key.created': z.object({ id: z.string(), kind: z.enum(['agent', 'publishable']), title: z.string() }),
  /** an admin revoked a key of the store: it stopped working */
  'api_key.revoked': z.object({ id: z.string(), kind: z.enum(['agent', 'publishable']), title: z.string() }),
  /** an admin got access to the store: an account of another store (`home: false`) or a new one created in it */
  'store_admin.added': z.object({ admin_id: z.string(), home: z.boolean() }),
  /** an admin added from another store lost access to it; their sessions for it ended */
  'store_admin.removed': z.object({ admin_id: z.string() }),
  /** a customer (or an admin on their behalf) asked for an export of their data or its erasure; identity processes it */
  'privacy.requested': z.object({ id: z.string(), kind: z.enum(['export', 'erasure']) }),
  /** a customer's personal data was removed or pseudonymised in every domain (no personal data in the payload) */
  'customer.erased': z.object({ id: z.string(), request_id: z.string() }),
});
