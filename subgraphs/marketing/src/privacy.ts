import { ERASED, ERASED_EMAIL, exportRows, mentions, redactRows, updateRows, type PrivacyDefinition } from '@svc/kit';
import type { MarketingServices } from './services';

const subscribers = (s: { email: string }) => ({ where: 'lower(email) = ?', params: [s.email.toLowerCase()] });

/**
 * marketing's part of privacy requests: the address's list memberships become unsubscribed husks
 * (a pseudonymous address per row, so the lists' numbers and the campaigns' statistics stay);
 * the mails sent to it (the mail log) lose recipient, subject and body; tracked events and consent
 * rows that carry the customer's id or address are redacted.
 */
export const marketingPrivacy: PrivacyDefinition<MarketingServices> = {
  store: (s) => s.store,
  async export(ctx, s, subject) {
    const sub = subscribers(subject);
    const msgs = `"to" ilike ? or subscriber_id in (select id from ${s.store.table('subscriber')} where tenant_id = ? and lower(email) = ?)`;
    return {
      marketing_subscriptions: await exportRows(
        s.store,
        ctx,
        'subscriber',
        ['id', 'list_id', 'email', 'first_name', 'status', 'source', 'confirmed_at', 'unsubscribed_at', 'created_at'],
        sub.where,
        sub.params,
      ),
      emails: await exportRows(s.store, ctx, 'email_message', ['id', 'kind', 'campaign_id', 'to', 'subject', 'status', 'sent_at', 'created_at'], msgs, [
        subject.email,
        ctx.tenantId,
        subject.email.toLowerCase(),
      ]),
    };
  },
  async erase(ctx, s, subject) {
    const sub = subscribers(subject);
    const ids = (
      await s.store.sql(ctx, `select id from ${s.store.table('subscriber')} where tenant_id = ? and lower(email) = ?`, [
        ctx.tenantId,
        subject.email.toLowerCase(),
      ])
    ).map((r) => r.id as string);
    const ofThem = ids.length ? `subscriber_id = any(?::text[])` : 'false';
    const idList = `{${ids.join(',')}}`;
    const events = mentions(subject, ['properties', 'url', 'referrer']);
    return {
      email_message: await updateRows(
        s.store,
        ctx,
        'email_message',
        { to: `'${ERASED_EMAIL}'`, subject: `'${ERASED}'`, text: `'${ERASED}'`, html: 'null', headers: `'{}'::jsonb`, last_error: 'null' },
        `lower("to") = ? or ${ofThem}`,
        ids.length ? [subject.email.toLowerCase(), idList] : [subject.email.toLowerCase()],
      ),
      subscriber: await updateRows(
        s.store,
        ctx,
        'subscriber',
        {
          email: `'erased+' || lower(id) || '@erased.invalid'`,
          first_name: 'null',
          ip_hash: 'null',
          unsubscribe_reason: 'null',
          status: `'unsubscribed'`,
          unsubscribed_at: 'coalesce(unsubscribed_at, now())',
        },
        sub.where,
        sub.params,
      ),
      analytics_event: await redactRows(s.store, ctx, subject, { table: 'analytics_event', ...events, redact: ['properties', 'url', 'referrer'] }),
    };
  },
};
