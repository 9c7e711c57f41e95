import { ERASED_EMAIL, exportRows, mentions, redactRows, updateRows, type PrivacyDefinition } from '@svc/kit';
import type { SubscriptionsServices } from './services';

const theirs = (s: { customer_id: string; email: string }) => ({
  where: 'customer_id = ? or lower(email) = ?',
  params: [s.customer_id, s.email.toLowerCase()],
});

/**
 * subscriptions' part of privacy requests: subscriptions and their ledger stay for the books; the
 * address goes, and copies of the customer in the saved method, checkout and payment records are redacted.
 */
export const subscriptionsPrivacy: PrivacyDefinition<SubscriptionsServices> = {
  store: (s) => s.store,
  async export(ctx, s, subject) {
    const t = theirs(subject);
    return {
      subscriptions: await exportRows(
        s.store,
        ctx,
        'subscription',
        ['id', 'plan_id', 'email', 'currency_code', 'status', 'provider_id', 'created_at'],
        t.where,
        t.params,
      ),
    };
  },
  async erase(ctx, s, subject) {
    const t = theirs(subject);
    const copies = await redactRows(s.store, ctx, subject, {
      table: 'subscription',
      where: t.where,
      params: t.params,
      redact: ['payment_method', 'checkout', 'cancel_reason'],
    });
    const ledger = mentions(subject, ['payment_data', 'description']);
    return {
      subscription_copies: copies,
      subscription: await updateRows(s.store, ctx, 'subscription', { email: `'${ERASED_EMAIL}'` }, t.where, t.params),
      subscription_ledger: await redactRows(s.store, ctx, subject, { table: 'subscription_ledger', ...ledger, redact: ['payment_data', 'description'] }),
    };
  },
};
