import { commerceEvents } from '@svc/commerce/events';
import type { EventsServices } from './services';

/** What events hears of commerce: a placed order's ticket lines become registrations; a canceled order cancels them. */
export const eventsSubscriptions = [
  {
    ...commerceEvents.on<EventsServices, 'order.placed'>('order.placed', 'event-registrations', async (e, ctx, s) => {
      await s.registrations.fromOrder(ctx, e.data);
    }),
    // the confirmation mail is sent in the handler: a refused mail rolls back and is retried
    retry: { limit: 8, delaySeconds: 2, backoff: true },
  },
  commerceEvents.on<EventsServices, 'order.canceled'>('order.canceled', 'cancel-event-registrations', async (e, ctx, s) => {
    await s.registrations.cancelOrder(ctx, e.data.id);
  }),
];
