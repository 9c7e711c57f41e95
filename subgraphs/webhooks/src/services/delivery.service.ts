import type { EntityManager } from '@mikro-orm/core';
import { Errors, newId, normalizePage, requireTenant, validated, type Paginated, type RequestContext, type Store, type TypedEvent } from '@svc/kit';
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

/**
 * The fan-out and the attempt records commit without waiting for the WAL flush. Safe here: the
 * job queue marks the event handled in a later, synchronous commit, whose flush includes this
 * transaction (the WAL is written in order), so a database crash can lose a fan-out only
 * together with its completion (the event is then handled again); a lost attempt record means one
 * more delivery, which at-least-once allows. Cuts the fsyncs per event from 3 to about 1.
 */
export async function relaxCommit(store: Store, tx: RequestContext): Promise<void> {
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
   * Fans an event of any domain out to the tenant's active endpoints that take its type. Events
   * without a tenant and this domain's own events are not delivered.
   */
  /**
   * Whether `fanOut` has certainly nothing to do for the event: no tenant, this domain's own event,
   * or a tenant without an active endpoint (one statement, no transaction). The fan-out
   * subscription skips such events before opening its transaction.
   */
  async idle(ctx: RequestContext, event: TypedEvent<Record<string, unknown>>): Promise<boolean> {
    if (!event.tenant_id || ctx.tenantId !== event.tenant_id) return true;
    if (OWN_EVENT_PREFIXES.some((p) => event.type.startsWith(p))) return true;
    if (await this.endpoints.hasActive(ctx)) return false;
    // the tenant is bound but has no active endpoint (the dispatcher disabled its last one): it
    // is unbound, so its next events make no job
    await this.store.transaction(ctx, (_em, tx) => this.endpoints.rebind(tx));
    return true;
  }

  async fanOut(ctx: RequestContext, event: TypedEvent<Record<string, unknown>>): Promise<number> {
    if (!event.tenant_id || ctx.tenantId !== event.tenant_id) return 0;
    if (OWN_EVENT_PREFIXES.some((p) => event.type.startsWith(p))) return 0;
    return this.store.transaction(ctx, async (em, tx) => {
      const endpoints = (await em.find(WebhookEndpoint, { active: true })).filter((e) => matchesEventType(e.eventTypes, event.type));
      if (!endpoints.length) return 0;
      await relaxCommit(this.store, tx);
      const orderingKey = orderingKeyOf(event);
      const sequence = await this.nextSequence(tx, orderingKey, new Date(event.created_at), event.position);
      for (const e of endpoints) {
        em.create(WebhookDelivery, {
          tenantId: event.tenant_id!,
          endpointId: e.id,
          eventId: event.id,
          eventType: event.type,
          eventCreatedAt: new Date(event.created_at),
          orderingKey,
          sequence,
          data: event.data,
        });
      }
      await this.store.afterCommit(tx, this.wake);
      return endpoints.length;
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
        sequence: await this.nextSequence(tx, e.id, at),
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
   * The sequence number of an event about `orderingKey` in the tenant (the row stays locked until
   * the transaction ends). Numbers follow the order the owning domain wrote its events (their log
   * `position`), not the order the queue hands them over in (parallel workers, retries):
   * - an event newer than the last one numbered gets its time in microseconds, or one more than
   *   the last number if that is not higher (events of one millisecond, clocks apart);
   * - an event older than the last one numbered (it arrived late) gets a number below that one's,
   *   so a receiver keeping the highest number applied ignores it, as it should.
   * Time-based numbers say nothing about other stores' activity, unlike a platform-wide counter.
   * Events without a position (published before positions existed, pings) count as the newest.
   */
  private async nextSequence(tx: RequestContext, orderingKey: string, at: Date, position?: string): Promise<string> {
    const micros = BigInt(Number.isFinite(at.getTime()) ? at.getTime() : Date.now()) * 1000n;
    const t = this.store.table('webhook_sequence');
    const [row] = await this.store.sql<{ value: string; last_position: string | null }>(
      tx,
      `insert into ${t} as s (tenant_id, ordering_key, value, last_position) values (?, ?, ?, ?)
        on conflict (tenant_id, ordering_key) do update set
          value = case when excluded.last_position is null or s.last_position is null or excluded.last_position > s.last_position
            then greatest(excluded.value, s.value + 1) else s.value end,
          last_position = case when excluded.last_position is null then s.last_position
            when s.last_position is null or excluded.last_position > s.last_position then excluded.last_position else s.last_position end
        returning value, last_position`,
      [requireTenant(tx), orderingKey, micros.toString(), position ?? null],
    );
    const late = position !== undefined && row.last_position !== null && BigInt(row.last_position) > BigInt(position);
    if (!late) return String(row.value);
    const below = BigInt(row.value) - 1n;
    return (micros < below ? micros : below).toString();
  }

  private async load(em: EntityManager, id: string): Promise<WebhookDelivery> {
    const d = typeof id === 'string' && id.length <= 40 ? await em.findOne(WebhookDelivery, { id }) : null;
    if (!d) throw Errors.notFound('Webhook delivery', id);
    return d;
  }
}
