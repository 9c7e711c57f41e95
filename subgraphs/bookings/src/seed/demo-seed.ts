import type { SeedContext } from '@svc/kit';
import type { CreateServiceData } from '../inputs/booking.input';
import type { BookingsServices } from '../services';

const WEEKDAY = [
  { start: '10:00', end: '13:00' },
  { start: '14:00', end: '18:00' },
];

/** The demo store's bookable services. */
export const demoBookableServices = (): CreateServiceData[] => [
  {
    name: 'Tailoring appointment',
    handle: 'tailoring-appointment',
    description: 'A fitting with our tailor: hems, sleeves, waists. Bring the garment and the shoes you will wear with it.',
    time_zone: 'Europe/Berlin',
    slot_minutes: 45,
    buffer_minutes: 15,
    capacity: 2,
    published: true,
    opening_hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: WEEKDAY })).concat([{ weekday: 6, ranges: [{ start: '10:00', end: '14:00' }] }]),
  },
];

/** The demo days the tailor is closed: 24–26 December of this year and the next two. */
const demoClosedDates = (year: number): string[] => [year, year + 1, year + 2].flatMap((y) => [`${y}-12-24`, `${y}-12-25`, `${y}-12-26`]);

/** bookings' part of the demo store: the tailoring appointment, created like an admin would create it, closed over Christmas. */
export async function seedDemoBookings(s: BookingsServices, seed: SeedContext): Promise<void> {
  for (const input of demoBookableServices()) {
    const service = await s.services.create(seed.ctx, input);
    for (const date of demoClosedDates(new Date().getUTCFullYear())) await s.services.setException(seed.ctx, service.id, { date, closed: true });
  }
  seed.log.debug({ tenantId: seed.tenantId }, 'bookings: demo services created');
}
