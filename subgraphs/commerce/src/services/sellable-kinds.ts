import { z } from 'zod';
import { DomainError, Errors, newId, type RequestContext } from '@svc/kit';
import { attendeeSchema, travellerSchema } from '../inputs/cart.input';
import type { CartRef } from './cart-rows';
import type { LineItemKind, StockLine } from './line-item-kinds';
import type { DepartureSnapshot, SellableSnapshot, SellingPort, TicketSnapshot } from './selling-ports';

interface SellableKindSpec<S extends SellableSnapshot> {
  kind: string;
  /** what a reference is called in messages and 404s (`Ticket`, `Tour departure`) */
  noun: string;
  /** the request field of the reference (`ticket_id`, `departure_id`) */
  field: string;
  port: SellingPort<S>;
  /** how long a cart line holds its places (seconds) */
  cartHoldTtlS: number;
  /** checks the people a line names in its metadata for `quantity` places (400 when the item asks for them and they are missing) */
  people(snapshot: S, quantity: number, metadata: Record<string, unknown> | null): void;
  /** what the line keeps of the snapshot beside the common fields */
  data(snapshot: S): Record<string, unknown>;
}

const codeOf = (err: unknown) => (err as { code?: string }).code;

/**
 * A kind sold by another domain through commerce's port: places (tickets, seats) that a cart line
 * holds while it sits in the cart (`cartHold`, under a key of its own, for `cartHoldTtlS`), that a
 * completion holds again for its own time (the cart's hold when it is still there, else a new one
 * under the completion's key) and confirms once the payment is authorised, and that a cancelled
 * order gives back.
 */
function sellableKind<S extends SellableSnapshot>(spec: SellableKindSpec<S>): LineItemKind {
  const { port, noun } = spec;
  const place = (x: StockLine) => [{ id: x.reference_id, quantity: x.quantity }];
  const runKeyOf = (key: string, x: StockLine) => `${key}:${x.line_id ?? x.reference_id}`;
  const snapshot = async (ctx: RequestContext, cart: CartRef, ref: string, quantity: number, metadata: Record<string, unknown> | null) => {
    const s = (await port.snapshots(ctx, [ref], cart.currencyCode)).get(ref);
    if (!s) throw Errors.notFound(noun, ref);
    if (!s.on_sale) throw Errors.validation('not_on_sale', `${noun} ${s.title} (${s.parent_title}) is not on sale`);
    if (s.unit_price === null) throw Errors.invalidField(spec.field, `${noun} ${s.title} has no price in ${cart.currencyCode.toUpperCase()}`);
    if (s.max_per_order !== null && quantity > s.max_per_order) {
      throw Errors.invalidField('quantity', `At most ${s.max_per_order} of ${s.title} (${s.parent_title}) per order`);
    }
    spec.people(s, quantity, metadata);
    return s;
  };
  return {
    kind: spec.kind,
    async resolve(ctx, cart, ref, quantity, metadata) {
      const s = await snapshot(ctx, cart, ref, quantity, metadata);
      return {
        unit_price: s.unit_price!,
        line: {
          title: s.title,
          subtitle: s.parent_title,
          thumbnail: s.thumbnail,
          requiresShipping: false,
          isDiscountable: true,
          productTitle: s.parent_title,
          productHandle: s.parent_slug,
          variantTitle: s.title,
          data: spec.data(s),
        },
      };
    },
    async check(ctx, cart, ref, quantity, metadata) {
      await snapshot(ctx, cart, ref, quantity, metadata);
    },
    cartHold: {
      async hold(ctx, cart, ref, quantity) {
        const key = `cart:${cart.id}:${newId('hold')}`;
        await port.hold(ctx, key, [{ id: ref, quantity }], spec.cartHoldTtlS);
        return key;
      },
      release: (ctx, key) => port.releaseHold(ctx, key),
    },
    async hold(ctx, key, xs, ttl) {
      const held: StockLine[] = [];
      for (const x of xs) {
        if (x.hold_key) {
          try {
            // the cart's hold, still there (held or, after an earlier run, confirmed)
            await port.hold(ctx, x.hold_key, place(x), ttl);
            held.push(x);
            continue;
          } catch (err) {
            if (codeOf(err) !== 'reservation_released') throw err;
          }
        }
        // the cart's hold expired and was given back: take the places again for this completion
        const own = runKeyOf(key, x);
        await port.hold(ctx, own, place(x), ttl);
        held.push({ ...x, hold_key: own });
      }
      return held;
    },
    async confirm(ctx, key, xs) {
      for (const x of xs) await port.confirm(ctx, x.hold_key ?? runKeyOf(key, x), place(x));
    },
    async releaseHold(ctx, key, xs) {
      // only what the completion took itself; the cart's own holds stay with the open cart
      for (const x of xs) await port.releaseHold(ctx, runKeyOf(key, x));
    },
    async unconfirm(ctx, key, xs) {
      // the places confirm made permanent: the cart's own holds too (its line is no longer held; a
      // new completion takes the places again)
      for (const x of xs) await port.releaseHold(ctx, x.hold_key ?? runKeyOf(key, x));
    },
    release: (ctx, xs) =>
      port.release(
        ctx,
        xs.map((x) => ({ id: x.reference_id, quantity: x.quantity })),
      ),
    // nothing leaves a warehouse
    fulfil: async () => {},
  };
}

/** The people of a line's metadata (`attendees`, `travellers`), checked against `schema`; null when there are none. */
function peopleOf<T>(metadata: Record<string, unknown> | null, key: string, schema: z.ZodType<T>): T[] | null {
  const raw = metadata?.[key];
  if (raw === undefined || raw === null) return null;
  const parsed = z.array(schema).max(10_000).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw Errors.invalidField([key, ...issue.path].join('.'), `${key}: ${issue.message}`);
  }
  return parsed.data;
}

function countMatches(list: unknown[] | null, key: string, quantity: number, required: boolean, what: string): void {
  if (list === null) {
    if (required)
      throw new DomainError('validation_error', `${key}_required`, `This ${what} needs ${key} (${quantity}, one per place)`, [
        { field: key, code: `${key}_required`, message: `${quantity} ${key} are required` },
      ]);
    return;
  }
  if (list.length !== quantity) throw Errors.invalidField(key, `${key} must name one person per place (${quantity}), not ${list.length}`);
}

/** Event tickets (kind `event_ticket`, the events domain): attendee names when the event asks for them. */
export const ticketKind = (port: SellingPort<TicketSnapshot>, cartHoldTtlS: number): LineItemKind =>
  sellableKind({
    kind: 'event_ticket',
    noun: 'Ticket',
    field: 'ticket_id',
    port,
    cartHoldTtlS,
    people(s, quantity, metadata) {
      countMatches(peopleOf(metadata, 'attendees', attendeeSchema), 'attendees', quantity, s.requires_attendee_names, 'event');
    },
    data: (s) => ({ event_id: s.event_id, event_starts_at: s.event_starts_at, event_ends_at: s.event_ends_at }),
  });

/** Seats on a tour departure (kind `tour_booking`, the tours domain): travellers' names and ages when the tour asks, and its minimum age. */
export const tourKind = (port: SellingPort<DepartureSnapshot>, cartHoldTtlS: number): LineItemKind =>
  sellableKind({
    kind: 'tour_booking',
    noun: 'Tour departure',
    field: 'departure_id',
    port,
    cartHoldTtlS,
    people(s, quantity, metadata) {
      const travellers = peopleOf(metadata, 'travellers', travellerSchema);
      countMatches(travellers, 'travellers', quantity, s.requires_traveller_details, 'tour');
      if (s.requires_traveller_details && travellers?.some((t) => t.age == null))
        throw Errors.invalidField('travellers', 'Every traveller needs an age on this tour');
      const young = s.min_age != null ? travellers?.find((t) => t.age != null && t.age < s.min_age!) : undefined;
      if (young) throw Errors.invalidField('travellers', `${young.first_name} ${young.last_name} is younger than this tour's minimum age of ${s.min_age}`);
    },
    data: (s) => ({ tour_id: s.tour_id, starts_on: s.starts_on, ends_on: s.ends_on }),
  });
