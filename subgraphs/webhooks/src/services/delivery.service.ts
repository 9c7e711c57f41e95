import type { EntityManager } from '@mikro-orm/core';
import { Errors, newId, normalizePage, pgArray, requireTenant, validated, type Paginated, type RequestContext, type Store, type TypedEvent } from '@svc/kit';
import { WebhookEndpoint } from '../entities/endpoint.entity';
import { WebhookAttempt, WebhookDelivery } from '../entities/delivery.entity';
import { OWN_EVENT_PREFIXES } from '../events';
import { deliveryListSchema, replayFailedSchema, type DeliveryListQuery, type ReplayFailedData } from '../inputs/webhook.input';
import { toAttemptView, toDeliveryView, type AttemptView, type DeliveryView } from './views';
import type { EndpointService } from './endpoint.service';

/** The event type of a test ping. */
export const PING_EVENT = 'webhook.ping';

/** The name of the subscription that fans every event out into deliveries (its queue is bound per tenant). */
export const FAN_OUT = 'fan-out';

/** Events the fan-out takes from its queue at once (one transaction per tenant among them). */
export const FAN_OUT_BATCH = 200;

/**
 * The fan-out commits without waiting for the WAL flush. Safe here: the job queue marks the
 * events handled in a later, synchronous commit, whose flush includes this transaction (the WAL
 * is written in order), so a database crash can lose a fan-out only together with its completion
 * (the events are then handled again). (The dispatcher's attempt log commits synchronously, one
 * flush for every attempt that finished during the previous write.)
 */
async function relaxCommit(store: Store, tx: RequestContext): Promise<void> {
  await store.sql(tx, 'set local synchronous_commit = off');
}

/** Whether an endpoint's `event_types` (empty: all; `order.*`: a family) takes `type`. */
export function matchesEventType(patterns: string[], type: string): boolean {
  if (!patterns.length) return true;
  return patterns.some((p) => p === type || p === '*' || (p.endsWith('.*') && type.startsWith(p.slice(0, -1))));
}

/**
 * The entity an event is about, which orders events for receivers: `data.id`, else the first
 * `…_id` string of `data`, else the event's own id.
 */
export function orderingKeyOf(event: { id: string; data: Record<string, unknown> }): string {
  const d = event.data ?? {};
  if (typeof d.id === 'string' && d.id) return d.id.slice(0, 100);
  for (const [k, v] of Object.entries(d)) if (k.endsWith('_id') && typeof v === 'string' && v) return v.slice(0, 100);
  return event.id;
}

/**
 * Deliveries: one row per event and endpoint, written in the transaction that handles the event
 * (so an event is fanned out exactly once), then worked by the dispatcher. Admins list them with
 * their attempts and replay them.
 */
export class DeliveryService {
  constructor(
    private readonly store: Store,
    /** the tenant's active endpoints and the fan-out's binding of it */
    private readonly endpoints: EndpointService,
    /** wakes this process's dispatcher (after commit) */
    private readonly wake: () => void,
  ) {}

  /**
   * Fans events of any domain out to the tenant's active endpoints that take their types: a
   * delivery per event and endpoint, written together (one statement for the sequences, one for
   * the deliveries) in the unit of work of `ctx`, whose tenant every event must belong to (the
   * fan-out subscription hands over a batch of one tenant's events, oldest first). Events without
   * a tenant and this domain's own events are not delivered. When an event finds no active
   * endpoint that takes it, the tenant's binding is brought in step with its endpoints, so the
   * next events of that type make no job.
   */
  async fanOut(ctx: RequestContext, all: Array<TypedEvent<Record<string, unknown>>>): Promise<number> {
    const events = all.filter((e) => e.tenant_id && ctx.tenantId === e.tenant_id && !OWN_EVENT_PREFIXES.some((p) => e.type.startsWith(p)));
    if (!events.length) return 0;
    return this.store.transaction(ctx, async (em, tx) => {
      const active = await em.find(WebhookEndpoint, { active: true });
      const wanted = events
        .map((event) => ({ event, endpoints: active.filter((e) => matchesEventType(e.eventTypes, event.type)) }))
        .filter((w) => w.endpoints.length);
      // an event no active endpoint takes came through a binding wider than the endpoints now (the
      // dispatcher disabled one, or it changed after the event was relayed): narrowed for the next ones
      if (wanted.length < events.length) await this.endpoints.rebind(tx);
      if (!wanted.length) return 0;
      await relaxCommit(this.store, tx);
      const keys = wanted.map((w) => orderingKeyOf(w.event));
      const sequences = await this.sequences(
        tx,
        wanted.map((w, i) => ({ orderingKey: keys[i], at: new Date(w.event.created_at), position: w.event.position })),
      );
      const rows = wanted.flatMap((w, i) =>
        w.endpoints.map((e) => ({
          id: newId('whdl'),
          endpoint_id: e.id,
          event_id: w.event.id,
          event_type: w.event.type,
          event_created_at: new Date(w.event.created_at).toISOString(),
          ordering_key: keys[i],
          sequence: sequences[i],
          data: w.event.data,
        })),
      );
      await this.store.sql(
        tx,
        `insert into ${this.store.table('webhook_delivery')} (id, tenant_id, endpoint_id, event_id, event_type, event_created_at, ordering_key, sequence, data, next_attempt_at, created_at, updated_at)
         select r.id, ?, r.endpoint_id, r.event_id, r.event_type, r.event_created_at, r.ordering_key, r.sequence::bigint, r.data, now(), now(), now()
           from jsonb_to_recordset(?::jsonb) as r(id text, endpoint_id text, event_id text, event_type text, event_created_at timestamptz, ordering_key text, sequence text, data jsonb)`,
        [requireTenant(tx), JSON.stringify(rows)],
      );
      await this.store.afterCommit(tx, this.wake);
      return rows.length;
    });
  }

  /** A test ping to one endpoint (type `webhook.ping`), delivered like any event. */
  async ping(ctx: RequestContext, endpointId: string): Promise<DeliveryView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const e = await em.findOne(WebhookEndpoint, { id: String(endpointId).slice(0, 40) });
      if (!e) throw Errors.notFound('Webhook endpoint', endpointId);
      if (!e.active) throw Errors.conflict('endpoint_inactive', 'The endpoint is not active; activate it first');
      const eventId = newId('evt');
      const at = new Date();
      const d = em.create(WebhookDelivery, {
        tenantId,
        endpointId: e.id,
        eventId,
        eventType: PING_EVENT,
        eventCreatedAt: at,
        orderingKey: e.id,
        sequence: (await this.sequences(tx, [{ orderingKey: e.id, at }]))[0],
        data: { endpoint_id: e.id, message: 'A test ping from the platform' },
      });
      await this.store.afterCommit(tx, this.wake);
      return toDeliveryView(d);
    });
  }

  async list(ctx: RequestContext, raw: DeliveryListQuery): Promise<Paginated<DeliveryView>> {
    const a = validated(deliveryListSchema, raw, 'input');
    const page = normalizePage(a, 20);
    const where = {
      ...(a.endpoint_id ? { endpointId: a.endpoint_id } : {}),
      ...(a.status ? { status: a.status } : {}),
      ...(a.event_type ? { eventType: a.event_type } : {}),
    };
    const [rows, count] = await this.store
      .em(ctx)
      .findAndCount(WebhookDelivery, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset });
    return { items: rows.map(toDeliveryView), count, ...page };
  }

  async get(ctx: RequestContext, id: string): Promise<DeliveryView> {
    return toDeliveryView(await this.load(this.store.em(ctx), id));
  }

  /** The attempts of a delivery, in order (batched per request for lists of deliveries). */
  async attempts(ctx: RequestContext, deliveryId: string): Promise<AttemptView[]> {
    const rows = await this.store.em(ctx).find(WebhookAttempt, { deliveryId }, { orderBy: { number: 'asc' } });
    return rows.map(toAttemptView);
  }

  /** Sends a delivery again (whatever its status) with a fresh retry schedule; its endpoint must be active. */
  async replay(ctx: RequestContext, id: string): Promise<DeliveryView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const d = await this.load(em, id);
      const e = await em.findOne(WebhookEndpoint, { id: d.endpointId });
      if (!e?.active) throw Errors.conflict('endpoint_inactive', "The delivery's endpoint is not active; activate it first");
      if (d.status === 'pending' && d.leaseUntil && d.leaseUntil.getTime() > Date.now())
        throw Errors.conflict('in_flight', 'The delivery is being sent right now');
      await this.store.sql(
        tx,
        `update ${this.store.table('webhook_delivery')} set status = 'pending', next_attempt_at = now(), lease_until = null, lease_token = null, retry_base = attempts, updated_at = now()
          where tenant_id = ? and id = ?`,
        [d.tenantId, d.id],
      );
      await em.refresh(d);
      await this.store.afterCommit(tx, this.wake);
      return toDeliveryView(d);
    });
  }

  /** Replays the failed (dead-lettered) deliveries created in [from, to) of active endpoints. */
  async replayFailed(ctx: RequestContext, raw: ReplayFailedData): Promise<number> {
    const a = validated(replayFailedSchema, raw, 'input');
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      if (a.endpoint_id && !(await em.count(WebhookEndpoint, { id: a.endpoint_id }))) throw Errors.notFound('Webhook endpoint', a.endpoint_id);
      const rows = await this.store.sql<{ id: string }>(
        tx,
        `update ${this.store.table('webhook_delivery')} d set status = 'pending', next_attempt_at = now(), lease_until = null, lease_token = null, retry_base = d.attempts, updated_at = now()
          from ${this.store.table('webhook_endpoint')} e
          where d.tenant_id = ? and e.tenant_id = d.tenant_id and e.id = d.endpoint_id and e.active
            and d.status = 'failed' and d.created_at >= ? and d.created_at < ? ${a.endpoint_id ? 'and d.endpoint_id = ?' : ''}
          returning d.id`,
        [tenantId, new Date(a.from), new Date(a.to), ...(a.endpoint_id ? [a.endpoint_id] : [])],
      );
      if (rows.length) await this.store.afterCommit(tx, this.wake);
      return rows.length;
    });
  }

  /**
   * The sequence numbers of events about their `orderingKey`s in the tenant, in the order given
   * (the keys' rows stay locked until the transaction ends; one statement reads and locks them,
   * one writes them back). Numbers follow the order the owning domain wrote its events (their log
   * `position`), not the order the queue hands them over in (parallel workers, retries):
   * - an event newer than the last one numbered gets its time in microseconds, or one more than
   *   the last number if that is not higher (events of one millisecond, clocks apart);
   * - an event older than the last one numbered (it arrived late) gets a number below that one's,
   *   so a receiver keeping the highest number applied ignores it, as it should.
   * Time-based numbers say nothing about other stores' activity, unlike a platform-wide counter.
   * Events without a position (published before positions existed, pings) count as the newest.
   */
  private async sequences(tx: RequestContext, items: Array<{ orderingKey: string; at: Date; position?: string }>): Promise<string[]> {
    const t = this.store.table('webhook_sequence');
    const tenantId = requireTenant(tx);
    // every key's row, created empty (value 0, no position: numbered like a first event) when
    // missing, and locked, in key order (two workers never wait on each other in a circle)
    const keys = [...new Set(items.map((i) => i.orderingKey))].sort();
    const rows = await this.store.sql<{ ordering_key: string; value: string; last_position: string | null }>(
      tx,
      `insert into ${t} as s (tenant_id, ordering_key, value, last_position)
       select ?, u.k, 0, null from unnest(?::text[]) with ordinality as u(k, n) order by u.n
        on conflict (tenant_id, ordering_key) do update set value = s.value
        returning s.ordering_key, s.value::text as value, s.last_position::text as last_position`,
      [tenantId, pgArray(keys)],
    );
    const state = new Map(rows.map((r) => [r.ordering_key, { value: BigInt(r.value), last: r.last_position === null ? null : BigInt(r.last_position) }]));
    const out = items.map(({ orderingKey, at, position }) => {
      const micros = BigInt(Number.isFinite(at.getTime()) ? at.getTime() : Date.now()) * 1000n;
      const pos = position === undefined || position === null ? null : BigInt(position);
      const s = state.get(orderingKey)!;
      if (pos === null || s.last === null || pos > s.last) {
        s.value = micros > s.value + 1n ? micros : s.value + 1n;
        if (pos !== null) s.last = pos;
      }
      if (pos !== null && s.last !== null && s.last > pos) {
        const below = s.value - 1n;
        return (micros < below ? micros : below).toString();
      }
      return s.value.toString();
    });
    await this.store.sql(
      tx,
      `update ${t} s set value = u.value::bigint, last_position = nullif(u.last_position, '')::bigint
         from unnest(?::text[], ?::text[], ?::text[]) as u(ordering_key, value, last_position)
        where s.tenant_id = ? and s.ordering_key = u.ordering_key`,
      [pgArray(keys), pgArray(keys.map((k) => state.get(k)!.value.toString())), pgArray(keys.map((k) => state.get(k)!.last?.toString() ?? '')), tenantId],
    );
    return out;
  }

  private async load(em: EntityManager, id: string): Promise<WebhookDelivery> {
    const d = typeof id === 'string' && id.length <= 40 ? await em.findOne(WebhookDelivery, { id }) : null;
    if (!d) throw Errors.notFound('Webhook delivery', id);
    return d;
  }
}
