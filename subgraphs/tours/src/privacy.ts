import { ANONYMOUS_AUTHOR, ERASED_EMAIL, deleteRows, exportRows, mentions, redactRows, updateRows, type PrivacyDefinition } from '@svc/kit';
import type { ToursServices } from './services';

const theirs = (s: { customer_id: string; email: string }) => ({
  where: 'customer_id = ? or lower(email) = ?',
  params: [s.customer_id, s.email.toLowerCase()],
});
/** every traveller of a booking becomes an empty entry: the number of seats stays, the names and ages go */
const TRAVELLERS = `case when jsonb_typeof(travellers) = 'array' then coalesce((select jsonb_agg('{}'::jsonb) from jsonb_array_elements(travellers)), '[]'::jsonb) else travellers end`;

/** tours' part of privacy requests: bookings stay for the departure's numbers and the books, without email or travellers' names; reviews as "anonymous" or removed. */
export const toursPrivacy: PrivacyDefinition<ToursServices> = {
  store: (s) => s.store,
  async export(ctx, s, subject) {
    const t = theirs(subject);
    return {
      tour_bookings: await exportRows(
        s.store,
        ctx,
        'tour_booking',
        ['id', 'code', 'order_id', 'tour_id', 'departure_id', 'email', 'travellers', 'status', 'created_at'],
        t.where,
        t.params,
      ),
      tour_reviews: await exportRows(
        s.store,
        ctx,
        'tour_review',
        ['id', 'tour_id', 'author_name', 'rating', 'title', 'content', 'status', 'created_at'],
        'customer_id = ?',
        [subject.customer_id],
      ),
    };
  },
  async erase(ctx, s, subject) {
    const t = theirs(subject);
    const holds = mentions(subject, ['lines']);
    const reviews = subject.remove_reviews
      ? await deleteRows(s.store, ctx, 'tour_review', 'customer_id = ?', [subject.customer_id])
      : await updateRows(s.store, ctx, 'tour_review', { author_name: `'${ANONYMOUS_AUTHOR}'`, customer_id: 'null' }, 'customer_id = ?', [subject.customer_id]);
    return {
      tour_seat_hold: await redactRows(s.store, ctx, subject, { table: 'tour_seat_hold', ...holds, redact: ['lines'] }),
      tour_booking: await updateRows(s.store, ctx, 'tour_booking', { email: `'${ERASED_EMAIL}'`, travellers: TRAVELLERS }, t.where, t.params),
      tour_review: reviews,
    };
  },
};
