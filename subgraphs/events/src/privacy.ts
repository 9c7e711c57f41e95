import { ERASED, ERASED_EMAIL, exportRows, mentions, redactRows, updateRows, type PrivacyDefinition } from '@svc/kit';
import type { EventsServices } from './services';

const theirs = (s: { customer_id: string; email: string }) => ({
  where: 'customer_id = ? or lower(email) = ?',
  params: [s.customer_id, s.email.toLowerCase()],
});

/**
 * events' part of privacy requests: the customer's registrations (bought by them, for them or for
 * the attendees they named) stay for the event's numbers and the books, without names or address.
 */
export const eventsPrivacy: PrivacyDefinition<EventsServices> = {
  store: (s) => s.store,
  async export(ctx, s, subject) {
    const t = theirs(subject);
    return {
      event_registrations: await exportRows(
        s.store,
        ctx,
        'event_registration',
        ['id', 'code', 'event_id', 'ticket_type_id', 'order_id', 'email', 'first_name', 'last_name', 'status', 'created_at'],
        t.where,
        t.params,
      ),
    };
  },
  async erase(ctx, s, subject) {
    const t = theirs(subject);
    const holds = mentions(subject, ['lines']);
    return {
      event_ticket_hold: await redactRows(s.store, ctx, subject, { table: 'event_ticket_hold', ...holds, redact: ['lines'] }),
      event_registration: await updateRows(
        s.store,
        ctx,
        'event_registration',
        { email: `'${ERASED_EMAIL}'`, first_name: `'${ERASED}'`, last_name: 'null' },
        t.where,
        t.params,
      ),
    };
  },
};
