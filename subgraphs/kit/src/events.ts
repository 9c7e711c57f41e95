import type { EntityManager } from '@mikro-orm/core';
import { z, type ZodType } from 'zod';
import type { RequestContext } from './context';
import { newId } from './ids';
import { OutboxEvent, type DomainEvent } from './outbox';
import type { SqlStatement, Store } from './store';
import { ALL_EVENTS, type TenantEvents } from './jobs';

/**
 * Typed domain events. Each domain declares its events once (`src/events.ts`): name -> zod
 * payload schema. Emitting checks the payload and adds an outbox row to the transaction of the
 * unit of work; subscribing names the event and a handler that receives the parsed payload.
 */
export type EventSchemas = Record<string, ZodType>;

export interface TypedEvent<T> extends Omit<DomainEvent, 'data'> {
  data: T;
}

/** How the job queue retries a failed handler (defaults: 10 retries, 5 s growing exponentially). */
export interface RetryPolicy {
  limit?: number;
  delaySeconds?: number;
  backoff?: boolean;
}

/**
 * A handler of another (or the same) domain's event, run through the job queue, once per event:
 * each subscription has its own queue and gets every event of its type. The handler runs in one
 * transaction of the subscribing domain together with its idempotency record (`ctx.tx`); a
 * redelivered event is skipped, a failed handler is rolled back and retried.
 */
export interface Subscription<S = any> {
  /** event type, e.g. `customer.created` */
  event: string;
  /** unique within the subscribing domain; names its queue and its idempotency records */
  name: string;
  schema: ZodType;
  handler: (event: TypedEvent<any>, ctx: RequestContext, services: S) => Promise<void>;
  /** retry policy of the subscription's queue (applied when the platform starts) */
  retry?: RetryPolicy;
  /**
   * A cheap check before the handler's transaction: true when the event has nothing to do here
   * (e.g. the tenant has no webhook endpoint). Then no transaction is opened and no idempotency
   * record written; a redelivery asks again. Only for handlers that would do nothing in that case.
   */
  skip?: (event: TypedEvent<any>, ctx: RequestContext, services: S) => Promise<boolean>;
  /**
   * Tenant-scoped (only with `ALL_EVENTS`): the queue gets the events of the tenants bound to it,
   * not every tenant's, and of each only the types it is bound to. This names the tenants to bind
   * when the workers start (a tenant id: every event of it; `{tenantId, events}`: those types and
   * families, `order.placed`, `order.*`); the domain binds and unbinds tenants as their needs
   * change with a `TenantBinding` in its own units of work.
   */
  tenants?: (services: S) => Promise<ReadonlyArray<string | TenantEvents>>;
  /**
   * Batched (see `inBatches`): the worker takes up to `size` queued events at once, in their log
   * order, and `handler` handles those of one tenant together in ONE transaction with their
   * idempotency records (events handled before are left out). A batch that fails is rolled back
   * and its events are handled again one at a time, so a bad event fails alone.
   */
  batch?: { size: number; handler: BatchHandler<S> };
}

/** A batch subscription's handler: events of one tenant (of `ctx.tenantId`), oldest first, none handled before. */
export type BatchHandler<S> = (events: Array<TypedEvent<any>>, ctx: RequestContext, services: S) => Promise<void>;

/**
 * Makes `sub` a batch subscription: its worker takes up to `size` queued events at once and hands
 * each tenant's of them to `handler` in one transaction (a subscription that writes per event, such
 * as the webhooks fan-out, then writes many events' rows in one commit). Exactly once as before:
 * the batch's idempotency records commit with its writes, a crash redoes the whole batch. `skip`
 * is asked per event before the transaction, as without batches. The events of one worker are
 * handled in their domain's log order (`position`) within a batch and batch after batch.
 */
export function inBatches<S>(sub: Subscription<S>, size: number, handler: BatchHandler<S>): Subscription<S> {
  if (!Number.isInteger(size) || size < 1 || size > 1000) throw new Error(`batch size of ${sub.name} must be 1..1000`);
  return { ...sub, handler: (event, ctx, services) => handler([event], ctx, services), batch: { size, handler } };
}

export interface DomainEvents<E extends EventSchemas> {
  domain: string;
  schemas: E;
  /** Adds the event to `em`'s transaction (throws outside a transaction or on a bad payload). */
  emit<K extends keyof E & string>(em: EntityManager, ctx: RequestContext, type: K, data: z.input<E[K]>): void;
  /**
   * `emit` for writers that use plain SQL (`store.sql`) instead of entities: the outbox row is
   * written in the unit of work that `ctx` carries (throws outside one), deferred to its next
   * statement or its commit (`store.defer`: no round trip of its own).
   */
  emitSql<K extends keyof E & string>(store: Store, ctx: RequestContext, type: K, data: z.input<E[K]>): void;
  /**
   * The outbox row of an event as a statement, for a change written with `store.batch` outside a
   * unit of work (the batch commits as one transaction, so the event commits with its change).
   */
  outboxStatement<K extends keyof E & string>(store: Store, ctx: RequestContext, type: K, data: z.input<E[K]>): SqlStatement;
  /** A subscription for a domain manifest's `subscriptions`. */
  on<S, K extends keyof E & string = keyof E & string>(
    type: K,
    name: string,
    handler: (event: TypedEvent<z.output<E[K]>>, ctx: RequestContext, services: S) => Promise<void>,
  ): Subscription<S>;
}

const outboxInsert = (store: Store, ctx: RequestContext, type: string, data: Record<string, unknown>): SqlStatement => [
  `insert into ${store.table('outbox_event')} (id, tenant_id, type, data, request_id, created_at, published_at, attempts) values (?, ?, ?, ?::jsonb, ?, now(), null, 0)`,
  [newId('evt'), ctx.tenantId, type, JSON.stringify(data), ctx.requestId],
];

export function defineEvents<E extends EventSchemas>(domain: string, schemas: E): DomainEvents<E> {
  for (const type of Object.keys(schemas)) {
    if (!/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/.test(type)) throw new Error(`event type "${type}" must look like "aggregate.happened"`);
  }
  const payload = (type: string, data: unknown): Record<string, unknown> => {
    const schema = schemas[type];
    if (!schema) throw new Error(`${domain} declares no event "${type}"`);
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new Error(`event "${type}" payload does not match its schema: ${parsed.error.message}`);
    return parsed.data as Record<string, unknown>;
  };
  return {
    domain,
    schemas,
    emit(em, ctx, type, data) {
      if (!em.isInTransaction()) throw new Error(`event "${type}" must be emitted inside a unit of work (store.transaction)`);
      const parsed = payload(type, data);
      const ev = new OutboxEvent();
      ev.tenantId = ctx.tenantId;
      ev.type = type;
      ev.data = parsed;
      ev.requestId = ctx.requestId;
      em.persist(ev);
    },
    emitSql(store, ctx, type, data) {
      if (!store.inTransaction(ctx)) throw new Error(`event "${type}" must be emitted inside a unit of work (store.transaction)`);
      store.defer(ctx, outboxInsert(store, ctx, type, payload(type, data)));
    },
    outboxStatement(store, ctx, type, data) {
      return outboxInsert(store, ctx, type, payload(type, data));
    },
    on(type, name, handler) {
      const schema = schemas[type];
      if (!schema) throw new Error(`${domain} declares no event "${type}"`);
      if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`subscription name "${name}" must be kebab-case`);
      return { event: type, name, schema, handler: handler as Subscription['handler'] };
    },
  };
}

/**
 * A subscription to every event of every domain (its queue is bound to `ALL_EVENTS`, `*`): for
 * outbound webhooks and the like. The payload is not checked against a schema (any object passes);
 * handlers see `event.type` and decide. Idempotent like every subscription.
 */
export function onAllEvents<S>(
  name: string,
  handler: (event: TypedEvent<Record<string, unknown>>, ctx: RequestContext, services: S) => Promise<void>,
  o: Pick<Subscription<S>, 'retry' | 'skip' | 'tenants'> = {},
): Subscription<S> {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`subscription name "${name}" must be kebab-case`);
  return {
    event: ALL_EVENTS,
    name,
    schema: z.record(z.string(), z.unknown()),
    handler: handler as Subscription['handler'],
    ...(o.retry ? { retry: o.retry } : {}),
    ...(o.skip ? { skip: o.skip } : {}),
    ...(o.tenants ? { tenants: o.tenants } : {}),
  };
}
