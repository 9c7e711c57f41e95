import { DomainError, type DomainEvent, type Logger } from '@svc/kit';

/*
 * The in-process fan-out of live domain events (/graphql/stream). Each platform instance hears
 * every event once (the relay NOTIFYs it on `DOMAIN_EVENT_CHANNEL`, see kit jobs.ts) and hands it
 * to the streams open on this instance, by tenant and type. Nothing is stored for a stream; a stream
 * that reconnects with `Last-Event-ID` is first given what it missed, read from the outboxes
 * (`StreamSubscriber.replayFrom`), then the live events, without the ones the replay already gave.
 */

/** An event as a stream delivers it: the outbox row, secrets redacted, with the entity it is about. */
export interface StreamEvent extends DomainEvent {
  tenant_id: string;
  /** the id of the entity the event is about, when the payload names one (`data.id` or `data.<aggregate>_id`) */
  entity_id: string | null;
}

export interface EventHubOptions {
  /** open streams per tenant on this instance */
  maxPerTenant: number;
  /** open streams on this instance, all tenants together */
  maxConnections: number;
  /** events a stream may have queued before it counts as too slow (default 1000) */
  maxQueued?: number;
  /** loads the payload of an event whose NOTIFY carried only a reference (too large) */
  loadData?: (schema: string, id: string) => Promise<Record<string, unknown> | null>;
  log: Logger;
}

/** Why a stream ended on the server's side. */
export type StreamEnd = 'slow_consumer' | 'shutdown';

/** One event type (`order.placed`), a prefix (`order.*`) or every type (`*`). */
const TYPE_PATTERN = /^(\*|[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*(\.\*)?)$/;
const MAX_TYPE_FILTERS = 100;

/** Which types a stream wants: exact names and prefixes; `null` means all. */
export interface TypeFilter {
  exact: Set<string>;
  prefixes: string[];
}

/** Parses the `types` argument; throws 400 `invalid_field` for a malformed entry. null/empty/`*`: every type. */
export function parseTypeFilter(types: readonly string[] | null | undefined): TypeFilter | null {
  if (!types || !types.length) return null;
  if (types.length > MAX_TYPE_FILTERS) throw invalidTypes(`At most ${MAX_TYPE_FILTERS} types may be given`);
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const t of types) {
    if (typeof t !== 'string' || t.length > 100 || !TYPE_PATTERN.test(t)) {
      throw invalidTypes(`"${String(t).slice(0, 100)}" is not an event type ("order.placed"), a prefix ("order.*") or "*"`);
    }
    if (t === '*') return null;
    if (t.endsWith('.*')) prefixes.push(t.slice(0, -1));
    else exact.add(t);
  }
  return { exact, prefixes };
}

const invalidTypes = (message: string) => new DomainError('validation_error', 'invalid_field', message, [{ field: 'types', code: 'invalid_field', message }]);

export function matchesType(filter: TypeFilter | null, type: string): boolean {
  if (!filter) return true;
  return filter.exact.has(type) || filter.prefixes.some((p) => type.startsWith(p));
}

/** Keys of a payload that hold secrets (one-time tokens and the like) are never streamed. */
const SECRET_KEY = /(^|_)(token|secret|password|hash)(_|$)/i;

function redact(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 32) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

/** `data.id`, else `data.<aggregate>_id` (`order.payment_captured` → `data.order_id`), else null. */
export function entityIdOf(type: string, data: Record<string, unknown>): string | null {
  if (typeof data.id === 'string') return data.id;
  const own = data[`${type.split('.')[0]}_id`];
  return typeof own === 'string' ? own : null;
}

/** An outbox event as streams deliver it: secrets redacted, the entity it is about named. */
export function toStreamEvent(event: DomainEvent & { tenant_id: string }): StreamEvent {
  const data = (redact(event.data ?? {}) ?? {}) as Record<string, unknown>;
  return {
    id: event.id,
    type: event.type,
    tenant_id: event.tenant_id,
    created_at: event.created_at,
    request_id: event.request_id,
    data,
    entity_id: entityIdOf(event.type, data),
  };
}

/** One open stream: a bounded queue of events read by its GraphQL subscription. */
export class StreamSubscriber implements AsyncIterableIterator<StreamEvent> {
  private filter: TypeFilter | null = null;
  private readonly queue: StreamEvent[] = [];
  private waiting?: (r: IteratorResult<StreamEvent>) => void;
  private closed = false;
  /** a reconnected stream's missed events, given before the live ones (which wait in `queue` meanwhile) */
  private replay?: { events: AsyncIterator<StreamEvent>; given: Set<string> };
  /** ids of the events handed to the subscription, oldest first: the writer labels each `next` message with one (SSE `id:`) */
  readonly handed: string[] = [];
  /** called once when the server ends the stream (slow consumer, shutdown) */
  onEnd?: (why: StreamEnd) => void;

  constructor(
    readonly tenantId: string,
    private readonly maxQueued: number,
    private readonly release: (s: StreamSubscriber) => void,
  ) {}

  get isClosed(): boolean {
    return this.closed;
  }

  setFilter(filter: TypeFilter | null): void {
    this.filter = filter;
  }

  wants(type: string): boolean {
    return !this.closed && matchesType(this.filter, type);
  }

  /**
   * Gives these events (a reconnected stream's missed ones, oldest first) before any live event.
   * Live events that arrive meanwhile wait, and those the replay also gave are dropped.
   */
  replayFrom(events: AsyncIterable<StreamEvent>): void {
    this.replay = { events: events[Symbol.asyncIterator](), given: new Set() };
  }

  push(event: StreamEvent): void {
    if (this.closed) return;
    if (this.waiting && !this.replay) {
      const w = this.waiting;
      this.waiting = undefined;
      w({ value: event, done: false });
      return;
    }
    if (this.queue.length >= this.maxQueued) {
      this.end('slow_consumer');
      return;
    }
    this.queue.push(event);
  }

  /** Ends the stream from the server's side (the connection is told why and closed). */
  end(why: StreamEnd): void {
    if (this.closed) return;
    this.close();
    this.onEnd?.(why);
  }

  /** Removes the subscriber and drops what it had queued (idempotent). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    const replay = this.replay;
    this.replay = undefined;
    void replay?.events.return?.().catch(() => undefined);
    this.release(this);
    const w = this.waiting;
    this.waiting = undefined;
    w?.({ value: undefined, done: true });
  }

  async next(): Promise<IteratorResult<StreamEvent>> {
    while (this.replay) {
      const { events, given } = this.replay;
      const r = await events.next();
      if (this.closed) return { value: undefined, done: true };
      if (r.done) {
        this.replay = undefined;
        // the live events that came meanwhile, less those the replay gave
        const live = this.queue.splice(0).filter((e) => !given.has(e.id));
        this.queue.push(...live);
        break;
      }
      given.add(r.value.id);
      if (matchesType(this.filter, r.value.type)) return this.hand(r.value);
    }
    const value = this.queue.shift();
    if (value) return this.hand(value);
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    const r = await new Promise<IteratorResult<StreamEvent>>((resolve) => (this.waiting = resolve));
    return r.done ? r : this.hand(r.value);
  }

  private hand(value: StreamEvent): IteratorResult<StreamEvent> {
    this.handed.push(value.id);
    return { value, done: false };
  }

  return(): Promise<IteratorResult<StreamEvent>> {
    this.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(err?: unknown): Promise<IteratorResult<StreamEvent>> {
    this.close();
    return Promise.reject(err);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/** How many event ids the hub remembers to drop a re-announced event (a relay retry after a crash). */
const RECENT_IDS = 4096;

export class EventHub {
  private readonly byTenant = new Map<string, Set<StreamSubscriber>>();
  private total = 0;
  private readonly recent = new Set<string>();
  private readonly maxQueued: number;

  constructor(private readonly o: EventHubOptions) {
    this.maxQueued = o.maxQueued ?? 1000;
  }

  /** Open streams on this instance (of one tenant, or all). */
  count(tenantId?: string): number {
    return tenantId === undefined ? this.total : (this.byTenant.get(tenantId)?.size ?? 0);
  }

  /** Registers a stream of the tenant; 429 `too_many_streams` over a limit. */
  open(tenantId: string): StreamSubscriber {
    const own = this.byTenant.get(tenantId);
    if ((own?.size ?? 0) >= this.o.maxPerTenant) {
      throw tooMany(`The store has ${this.o.maxPerTenant} event streams open, the most allowed; close one first`);
    }
    if (this.total >= this.o.maxConnections) throw tooMany('Too many event streams are open; retry later');
    const sub = new StreamSubscriber(tenantId, this.maxQueued, (s) => this.release(s));
    let set = own;
    if (!set) this.byTenant.set(tenantId, (set = new Set()));
    set.add(sub);
    this.total++;
    return sub;
  }

  private release(s: StreamSubscriber): void {
    const set = this.byTenant.get(s.tenantId);
    if (!set?.delete(s)) return;
    this.total--;
    if (!set.size) this.byTenant.delete(s.tenantId);
  }

  /** Delivers an event to the open streams of its tenant that want its type. */
  dispatch(event: DomainEvent): number {
    if (!event.tenant_id || typeof event.id !== 'string') return 0;
    if (this.recent.has(event.id)) return 0;
    this.recent.add(event.id);
    if (this.recent.size > RECENT_IDS) this.recent.delete(this.recent.values().next().value as string);
    const subs = this.byTenant.get(event.tenant_id);
    if (!subs?.size) return 0;
    const wanting = [...subs].filter((s) => s.wants(event.type));
    if (!wanting.length) return 0;
    const out = toStreamEvent({ ...event, tenant_id: event.tenant_id });
    for (const s of wanting) s.push(out);
    return wanting.length;
  }

  /** A NOTIFY payload of DOMAIN_EVENT_CHANNEL (a reconnect of the listener announces `*`: ignored). */
  receive(payload: string): void {
    // no stream open on this instance (the usual case): not even parsed
    if (!this.byTenant.size || !payload.startsWith('{')) return;
    let event: DomainEvent & { ref?: string };
    try {
      event = JSON.parse(payload) as DomainEvent & { ref?: string };
    } catch (err) {
      this.o.log.warn({ err }, 'unreadable domain event notice');
      return;
    }
    if (!event.tenant_id || !this.byTenant.has(event.tenant_id)) return;
    if (!event.ref) {
      this.dispatch(event);
      return;
    }
    const { ref, ...head } = event;
    if (!this.o.loadData) return;
    this.o
      .loadData(ref, event.id)
      .then((data) => {
        if (data) this.dispatch({ ...head, data });
      })
      .catch((err) => this.o.log.warn({ err, eventId: event.id }, 'could not load a large event for the live streams'));
  }

  /** Ends every stream (shutdown). */
  close(): void {
    for (const set of [...this.byTenant.values()]) for (const s of [...set]) s.end('shutdown');
  }
}

const tooMany = (message: string) => new DomainError('rate_limit_error', 'too_many_streams', message);
