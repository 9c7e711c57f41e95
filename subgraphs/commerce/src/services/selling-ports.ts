import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { systemContext, type GraphClient, type RequestContext } from '@svc/kit';
import {
  CommerceConfirmEventTicketsDocument,
  CommerceConfirmTourSeatsDocument,
  CommerceEventTicketsDocument,
  CommerceHoldEventTicketsDocument,
  CommerceHoldTourSeatsDocument,
  CommerceReleaseEventTicketHoldDocument,
  CommerceReleaseEventTicketsDocument,
  CommerceReleaseTourSeatHoldDocument,
  CommerceReleaseTourSeatsDocument,
  CommerceTourDeparturesDocument,
  type CommerceEventTicketsQuery,
  type CommerceTourDeparturesQuery,
} from '../ports/generated';

/** What a cart line of a selling domain shows and how it may be sold (common to tickets and seats). */
export interface SellableSnapshot {
  id: string;
  /** the line's title: the ticket type, the departure */
  title: string;
  /** what it belongs to: the event, the tour */
  parent_title: string;
  parent_slug: string;
  thumbnail: string | null;
  /** decimal string in major units; null: no price in the currency */
  unit_price: string | null;
  available_quantity: number;
  on_sale: boolean;
  max_per_order: number | null;
}

/** One line of places: a ticket type or a departure, and how many. */
export interface PlaceLine {
  id: string;
  quantity: number;
}

/** A domain that sells places through the cart, as commerce calls it through its port. */
export interface SellingPort<S extends SellableSnapshot> {
  snapshots(ctx: RequestContext, ids: string[], currencyCode: string): Promise<Map<string, S>>;
  hold(ctx: RequestContext, key: string, lines: PlaceLine[], ttlSeconds: number): Promise<void>;
  confirm(ctx: RequestContext, key: string, lines: PlaceLine[]): Promise<void>;
  releaseHold(ctx: RequestContext, key: string): Promise<void>;
  release(ctx: RequestContext, lines: PlaceLine[]): Promise<void>;
}

export type TicketSnapshot = SellableSnapshot & CommerceEventTicketsQuery['eventTicketSnapshots'][number];
export type DepartureSnapshot = SellableSnapshot & CommerceTourDeparturesQuery['tourDepartureSnapshots'][number];

/** the platform itself asks, for the request's tenant */
const sys = (ctx: RequestContext) => systemContext(ctx.log, ctx.tenantId, ctx.requestId);

/** The operations of one selling domain's port and how its snapshots read as `SellableSnapshot`s. */
interface PortOperations<R, S, L> {
  snapshots: TypedDocumentNode<R, { ids: string[]; currency: string }>;
  read(result: R): S[];
  /** the domain's line input (`{ticket_id, quantity}`, `{departure_id, quantity}`) */
  line(l: PlaceLine): L;
  hold: TypedDocumentNode<unknown, { key: string; lines: L[]; ttl: number }>;
  confirm: TypedDocumentNode<unknown, { key: string; lines: L[] }>;
  releaseHold: TypedDocumentNode<unknown, { key: string }>;
  release: TypedDocumentNode<unknown, { lines: L[] }>;
}

function sellingPort<R, S extends SellableSnapshot, L>(graph: () => GraphClient, ops: PortOperations<R, S, L>): SellingPort<S> {
  const lines = (xs: PlaceLine[]) => xs.map(ops.line);
  return {
    async snapshots(ctx, ids, currency) {
      if (!ids.length) return new Map();
      const r = await graph().execute(sys(ctx), ops.snapshots, { ids: [...new Set(ids)], currency });
      return new Map(ops.read(r).map((s) => [s.id, s]));
    },
    async hold(ctx, key, xs, ttl) {
      await graph().execute(sys(ctx), ops.hold, { key, lines: lines(xs), ttl });
    },
    async confirm(ctx, key, xs) {
      await graph().execute(sys(ctx), ops.confirm, { key, lines: lines(xs) });
    },
    async releaseHold(ctx, key) {
      await graph().execute(sys(ctx), ops.releaseHold, { key });
    },
    async release(ctx, xs) {
      await graph().execute(sys(ctx), ops.release, { lines: lines(xs) });
    },
  };
}

/** Event tickets (the events domain, port `src/ports/events.graphql`). */
export const eventsPort = (graph: () => GraphClient): SellingPort<TicketSnapshot> =>
  sellingPort(graph, {
    snapshots: CommerceEventTicketsDocument,
    read: (r) =>
      r.eventTicketSnapshots.map((t) => ({
        ...t,
        parent_title: t.event_title,
        parent_slug: t.event_slug,
        max_per_order: t.max_per_order ?? null,
        thumbnail: t.thumbnail ?? null,
      })),
    line: (l) => ({ ticket_id: l.id, quantity: l.quantity }),
    hold: CommerceHoldEventTicketsDocument,
    confirm: CommerceConfirmEventTicketsDocument,
    releaseHold: CommerceReleaseEventTicketHoldDocument,
    release: CommerceReleaseEventTicketsDocument,
  });

/** Seats on tour departures (the tours domain, port `src/ports/tours.graphql`). */
export const toursPort = (graph: () => GraphClient): SellingPort<DepartureSnapshot> =>
  sellingPort(graph, {
    snapshots: CommerceTourDeparturesDocument,
    read: (r) =>
      r.tourDepartureSnapshots.map((d) => ({
        ...d,
        parent_title: d.tour_title,
        parent_slug: d.tour_slug,
        max_per_order: d.max_per_booking ?? null,
        thumbnail: d.thumbnail ?? null,
      })),
    line: (l) => ({ departure_id: l.id, quantity: l.quantity }),
    hold: CommerceHoldTourSeatsDocument,
    confirm: CommerceConfirmTourSeatsDocument,
    releaseHold: CommerceReleaseTourSeatHoldDocument,
    release: CommerceReleaseTourSeatsDocument,
  });
