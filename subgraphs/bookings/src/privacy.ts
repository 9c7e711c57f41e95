import { ERASED, ERASED_EMAIL, exportRows, updateRows, type PrivacyDefinition } from '@svc/kit';
import type { BookingsServices } from './services';

const theirs = (s: { customer_id: string; email: string }) => ({
  where: 'customer_id = ? or lower(email) = ?',
  params: [s.customer_id, s.email.toLowerCase()],
});

/** bookings' part of privacy requests: service bookings stay (the slot's count), without name, address, phone or notes. */
export const bookingsPrivacy: PrivacyDefinition<BookingsServices> = {
  store: (s) => s.store,
  async export(ctx, s, subject) {
    const t = theirs(subject);
    return {
      service_bookings: await exportRows(
        s.store,
        ctx,
        'service_booking',
        ['id', 'service_id', 'status', 'first_name', 'last_name', 'email', 'phone', 'notes', 'starts_at', 'created_at'],
        t.where,
        t.params,
      ),
    };
  },
  async erase(ctx, s, subject) {
    const t = theirs(subject);
    return {
      service_booking: await updateRows(
        s.store,
        ctx,
        'service_booking',
        { first_name: `'${ERASED}'`, last_name: `'${ERASED}'`, email: `'${ERASED_EMAIL}'`, phone: 'null', notes: 'null' },
        t.where,
        t.params,
      ),
    };
  },
};
