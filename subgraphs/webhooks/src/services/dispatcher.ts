import { randomUUID } from 'node:crypto';
import { Kind, parse, print } from 'graphql';
import { newId, pgArray, systemContext, type Clock, type GraphClient, type Logger, type RequestContext, type Store } from '@svc/kit';
import { WebhookAttempt } from '../entities/delivery.entity';
import { webhooksEvents } from '../events';
import type { EndpointService } from './endpoint.service';
import { EndpointGate, type GateLimits, type GateRefusal } from './gate';
import { TargetRefused, type TargetGuard } from './guard';
import { SenderPool, send, type SendResult } from './sender';
import { signatureHeaders } from './signing';

/**
 * The retry schedule: the delay before each attempt (the first goes at once). After the last
 * attempt fails the delivery is dead-lettered (`failed`). Each delay is scaled by
 * WEBHOOK_RETRY_SCALE and jittered by ±10%.
 */
export const RETRY_SCHEDULE_SECONDS = [0, 5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 14 * 3600, 20 * 3600, 24 * 3600];
/** the longest Retry-After honoured (longer ones are cut to this) */
const MAX_RETRY_AFTER_SECONDS = 24 * 3600;

interface DispatcherOptions {
  store: Store;
  endpoints: EndpointService;
  guard: TargetGuard;
  graph: () => GraphClient | undefined;
  log: Logger;
  retryScale: number;
  leaseSeconds: number;
  timeoutMs: number;
  pollMs: number;
  concurrency: number;
  /** per-endpoint concurrency, rate limit and circuit breaker */
  endpointLimits: GateLimits;
  /** the breaker's and rate limit's time (the platform's clock) */
  clock?: Clock;
}

interface EndpointRow {
  id: string;
  url: string;
  active: boolean;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  allow_private_network: boolean;
  selection: string | null;
}

/** A claimed delivery with its endpoint as the claim read it (null: deleted). */
interface Claimed {
  id: string;
  tenant_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  event_created_at: Date;
  ordering_key: string;
  sequence: string;
  data: Record<string, unknown>;
  attempts: number;
  retry_base: number;
  lease_token: string;
  endpoint: EndpointRow | null;
}

/** A claim's row: the delivery's columns, then its endpoint's as `e_*` (null when it was deleted). */
type ClaimRow = Omit<Claimed, 'endpoint'> & {
  e_url: string | null;
  e_active: boolean | null;
  e_secret: string | null;
  e_previous_secret: string | null;
  e_previous_secret_expires_at: Date | null;
  e_allow_private_network: boolean | null;
  e_selection: string | null;
};

type Outcome = { kind: 'delivered' } | { kind: 'retry'; error: string; delaySeconds: number } | { kind: 'failed' | 'gone'; error: string };
type AttemptRecord = Omit<WebhookAttempt, 'id' | 'tenantId' | 'deliveryId' | 'endpointId' | 'createdAt'>;

/** An attempt whose outcome (delivered, or a retry) waits for the next write of the attempt log. */
interface Pending {
  d: Claimed;
  outcome: Extract<Outcome, { kind: 'delivered' | 'retry' }>;
  attempt: AttemptRecord;
  done: (err?: Error) => void;
}

/** Outcomes written by one statement at most (a busy dispatcher writes what finished meanwhile together). */
const RECORD_BATCH = 200;

/** Text PostgreSQL can store (a NUL character cannot be in text or jsonb). */
const storable = (s: string | null) => (s === null ? null : s.replaceAll('\u0000', '\uFFFD'));

const NAMED = new Map<string, string>();

/** The selection with its operation named (the gateway runs named operations only), cached. */
function named(selection: string): string {
  let out = NAMED.get(selection);
  if (out === undefined) {
    const doc = parse(selection);
    out = print({
      ...doc,
      definitions: doc.definitions.map((d) =>
        d.kind === Kind.OPERATION_DEFINITION && !d.name ? { ...d, name: { kind: Kind.NAME, value: 'WebhookSelection' } } : d,
      ),
    });
    if (NAMED.size > 1000) NAMED.clear();
    NAMED.set(selection, out);
  }
  return out;
}

/** Parses Retry-After (seconds or an HTTP date) into seconds from now; null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Math.min(Number(v), MAX_RETRY_AFTER_SECONDS);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.min(Math.max(0, (at - now) / 1000), MAX_RETRY_AFTER_SECONDS);
}

/**
 * What an attempt says of the receiver, for its breaker: no answer (timeout, connection error), 5xx
 * and 429 are failures; any other answer shows it alive; a refused target or a failed selection
 * never reached it (null).
 */
export function receiverHealthy(r: SendResult): boolean | null {
  if (r.error && /^(selection|refused):/.test(r.error)) return null;
  return r.status !== null && r.status < 500 && r.status !== 429;
}

/**
 * Works due deliveries of every tenant (the table is the queue): claims with `for update skip
 * locked` what it can send now (at most `concurrency` in flight in all, and per endpoint what its
 * gate allows: free slots, whole tokens of its rate, one half-open trial), leasing each for
 * WEBHOOK_LEASE_SECONDS under a fresh token; the claim reads each delivery's endpoint too. A
 * worker that dies mid-delivery leaves its lease to expire, after which any instance takes the
 * delivery again (delivery is at least once; receivers deduplicate on `webhook-id`); a live worker
 * never claims again a delivery it is still sending or recording, however slow the receiver.
 *
 * Outcomes are written only while the lease is still this worker's. Deliveries and retries (the
 * common outcomes) go to an attempt log written by group commit: one statement, one synchronous
 * commit, for every attempt that finished while the previous write was running, so a busy
 * dispatcher commits many attempts at once and an idle one each at once. A delivery counts as
 * sent once that commit returns; until then it stays this worker's (not claimed again), and a
 * crash before it leaves the lease to expire and the delivery to be sent again (at least once,
 * never after a recorded success). Dead letters and 410s, which emit events, commit on their own.
 */
export class Dispatcher {
  private inFlight = 0;
  /** the deliveries this worker is sending or recording: never claimed again by it, even once their lease has run out (a slow receiver) */
  private readonly sending = new Set<string>();
  private stopped = true;
  /** a wake since the loop's last look for work, and whether the wake-up is scheduled */
  private kicked = false;
  private wakeScheduled = false;
  private timer?: NodeJS.Timeout;
  private wakeUp?: () => void;
  private loop?: Promise<void>;
  private abort = new AbortController();
  private readonly running = new Set<Promise<void>>();
  /** outcomes waiting for the attempt log's next write, and whether a write is under way */
  private readonly pending: Pending[] = [];
  private writing = false;
  /** kept-alive connections to receivers, per checked address */
  private readonly pool = new SenderPool();
  /** per-endpoint limits and breakers of this process */
  readonly gate: EndpointGate;

  constructor(private readonly o: DispatcherOptions) {
    this.gate = new EndpointGate(o.endpointLimits, o.clock);
  }

  private get table() {
    return this.o.store.table('webhook_delivery');
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.abort = new AbortController();
    this.loop = this.run().catch((err) => this.o.log.error({ err }, 'webhook dispatcher stopped on an error'));
  }

  /**
   * Wakes the loop (a delivery was written by this process, or a slot came free); a wake while it is
   * claiming is not lost. The loop runs once the answers that are in already have been read
   * (`setImmediate`), so the slots they free are claimed for together.
   */
  kick = (): void => {
    this.kicked = true;
    if (this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      this.wakeUp?.();
    });
  };

  /**
   * Stops claiming; requests in flight are aborted and recorded nowhere, so their leases expire and
   * another worker (or the next start) delivers them, as after a crash. Attempts that were answered
   * are still written.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.abort.abort();
    this.kick();
    await this.loop;
    await Promise.allSettled([...this.running]);
    this.pool.close();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.kicked = false;
      let claimed = 0;
      // requests in flight, and (bounded, should the database fall behind) answered ones not yet recorded
      const free = Math.min(this.o.concurrency - this.inFlight, 4 * this.o.concurrency - this.sending.size);
      if (free > 0) {
        try {
          const rows = await this.claim(free);
          claimed = rows.length;
          const deferred: Array<[Claimed, GateRefusal]> = [];
          for (const row of rows) {
            // sized by the gate's capacities: a refusal here is a rare race (a token spent meanwhile)
            const refused = this.gate.acquire(row.endpoint_id);
            if (refused) deferred.push([row, refused]);
            else this.track(row);
          }
          if (deferred.length) await this.defer(deferred);
        } catch (err) {
          if (!this.stopped) this.o.log.warn({ err }, 'webhook dispatcher could not claim deliveries');
        }
      }
      if (this.stopped) break;
      if (claimed === free && free > 0) continue; // more may be due
      await this.sleep(free > 0 && claimed === 0 ? await this.untilNextDue() : this.o.pollMs);
    }
  }

  /** Sends a claimed delivery: its slot of `concurrency` is free again once the receiver answered (the outcome is written after). */
  private track(d: Claimed): void {
    this.inFlight++;
    let freed = false;
    const free = () => {
      if (freed) return;
      freed = true;
      this.inFlight--;
      this.kick();
    };
    const p = this.process(d, free);
    this.running.add(p);
    void p.finally(() => {
      free();
      this.running.delete(p);
    });
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(this.timer);
        this.wakeUp = undefined;
        resolve();
      };
      if (this.kicked) return resolve(); // woken since the loop's last look
      this.wakeUp = done;
      this.timer = setTimeout(done, Math.max(5, ms));
    });
  }

  /** Milliseconds until the next pending delivery is due or a lease expires (at most pollMs). */
  private async untilNextDue(): Promise<number> {
    try {
      const [row] = await this.o.store.sql<{ ms: number | null }>(
        null,
        `select extract(epoch from (min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at))) - now())) * 1000 as ms
           from ${this.table} where status = 'pending' and not (endpoint_id = any(?::text[]))`,
        [pgArray(this.gate.blocked())],
      );
      const ms = row?.ms === null || row?.ms === undefined ? this.o.pollMs : Number(row.ms) + 5;
      return Math.min(this.o.pollMs, Math.max(5, ms));
    } catch {
      return this.o.pollMs;
    }
  }

  /**
   * Claims up to `limit` due deliveries, oldest first, and per endpoint no more than its gate lets
   * start now (an endpoint at its limit or with an open breaker is left alone), with their
   * endpoints. Among the first due ones (a window of a few times `limit`), each endpoint's
   * earliest are taken.
   */
  private async claim(limit: number): Promise<Claimed[]> {
    const { known, fresh } = this.gate.capacities();
    const blocked = [...known].filter(([, n]) => n <= 0).map(([id]) => id);
    const open = [...known].filter(([, n]) => n > 0);
    const E = this.o.store.table('webhook_endpoint');
    const rows = await this.o.store.sql<ClaimRow>(
      null,
      `with cand as (
         select id, endpoint_id, next_attempt_at, sequence from ${this.table}
          where status = 'pending' and next_attempt_at <= now() and (lease_until is null or lease_until < now())
            and not (endpoint_id = any(?::text[])) and not (id = any(?::text[]))
          order by next_attempt_at, sequence limit ?
       ), ranked as (
         select c.id, c.next_attempt_at, c.sequence, coalesce(k.cap, ?) as cap,
                row_number() over (partition by c.endpoint_id order by c.next_attempt_at, c.sequence) as n
           from cand c left join unnest(?::text[], ?::int[]) as k(endpoint_id, cap) on k.endpoint_id = c.endpoint_id
       ), due as (
         select d.id from ${this.table} d join ranked r on r.id = d.id
          where r.n <= r.cap and d.status = 'pending' and d.next_attempt_at <= now() and (d.lease_until is null or d.lease_until < now())
          order by r.next_attempt_at, r.sequence limit ? for update of d skip locked
       ), claimed as (
         update ${this.table} d set lease_until = now() + make_interval(secs => ?), lease_token = ?
           from due where d.id = due.id
         returning d.id, d.tenant_id, d.endpoint_id, d.event_id, d.event_type, d.event_created_at, d.ordering_key, d.sequence::text as sequence,
                   d.data, d.attempts, d.retry_base, d.lease_token, d.next_attempt_at
       )
       select c.id, c.tenant_id, c.endpoint_id, c.event_id, c.event_type, c.event_created_at, c.ordering_key, c.sequence, c.data, c.attempts,
              c.retry_base, c.lease_token, e.url as e_url, e.active as e_active, e.secret as e_secret, e.previous_secret as e_previous_secret,
              e.previous_secret_expires_at as e_previous_secret_expires_at, e.allow_private_network as e_allow_private_network, e.selection as e_selection
         from claimed c left join ${E} e on e.tenant_id = c.tenant_id and e.id = c.endpoint_id
        order by c.next_attempt_at, c.sequence::bigint`,
      [
        pgArray(blocked),
        pgArray([...this.sending]),
        Math.max(64, limit * 4),
        fresh,
        pgArray(open.map(([id]) => id)),
        pgArray(open.map(([, n]) => String(n))),
        limit,
        this.o.leaseSeconds,
        randomUUID(),
      ],
      { prepare: true },
    );
    return rows.map(({ e_url, e_active, e_secret, e_previous_secret, e_previous_secret_expires_at, e_allow_private_network, e_selection, ...d }) => ({
      ...d,
      endpoint:
        e_url === null
          ? null
          : {
              id: d.endpoint_id,
              url: e_url,
              active: !!e_active,
              secret: e_secret!,
              previous_secret: e_previous_secret,
              previous_secret_expires_at: e_previous_secret_expires_at,
              allow_private_network: !!e_allow_private_network,
              selection: e_selection,
            },
    }));
  }

  /**
   * Gives back claimed deliveries the gate refused (their endpoint is busy, over its rate or its
   * breaker is open): no attempt is counted, and each is due again when the gate may let it go.
   */
  private async defer(rows: Array<[Claimed, GateRefusal]>): Promise<void> {
    const byDelay = new Map<number, string[]>();
    for (const [d, refused] of rows) {
      const ms = refused.retryInMs ?? 0;
      byDelay.set(ms, [...(byDelay.get(ms) ?? []), d.id]);
    }
    const token = rows[0][0].lease_token;
    for (const [ms, ids] of byDelay)
      await this.o.store.sql(
        null,
        `update ${this.table} set lease_until = null, lease_token = null, next_attempt_at = greatest(next_attempt_at, now() + make_interval(secs => ?))
          where id = any(?::text[]) and lease_token = ?`,
        [ms / 1000, pgArray(ids), token],
      );
  }

  /**
   * Delivers one claimed delivery whose endpoint slot the gate gave: the slot (and the process's)
   * goes back with the receiver's answer (the next request need not wait for the record), the
   * delivery stays this worker's until its outcome is written.
   */
  private async process(d: Claimed, free: () => void): Promise<void> {
    this.sending.add(d.id);
    let released = false;
    const release = (healthy: boolean | null) => {
      if (released) return;
      released = true;
      this.gate.release(d.endpoint_id, this.abort.signal.aborted ? null : healthy);
      free();
    };
    try {
      await this.deliver(d, release);
    } finally {
      release(null);
      this.sending.delete(d.id);
    }
  }

  /** Sends the delivery and writes its outcome; `release` gives the endpoint's slot back with what the answer says of the receiver. */
  private async deliver(d: Claimed, release: (healthy: boolean | null) => void): Promise<void> {
    const log = this.o.log.child({ delivery: d.id, endpoint: d.endpoint_id });
    try {
      const e = d.endpoint;
      if (!e || !e.active) {
        release(null);
        await this.finish(d, { kind: 'failed', error: e ? 'the endpoint is not active' : 'the endpoint was deleted' }, null);
        return;
      }
      const result = await this.attempt(d, e);
      if (this.abort.signal.aborted) return; // stopping: the lease expires and the delivery goes again
      release(receiverHealthy(result));
      await this.record(d, e, result);
    } catch (err) {
      if (!this.stopped) log.error({ err }, 'webhook delivery failed unexpectedly; the lease expires and it is tried again');
    }
  }

  /** One POST: payload (shaped by the selection), target check, signatures. */
  private async attempt(d: Claimed, e: EndpointRow): Promise<SendResult> {
    const started = Date.now();
    const failed = (error: string): SendResult => ({ status: null, durationMs: Date.now() - started, snippet: null, retryAfter: null, error });
    let data: unknown = d.data;
    if (e.selection) {
      try {
        data = await this.shape(d, e.selection);
      } catch (err) {
        return failed(`selection: ${(err as Error).message}`);
      }
    }
    const body = JSON.stringify({
      id: d.event_id,
      type: d.event_type,
      created_at: new Date(d.event_created_at).toISOString(),
      ordering_key: d.ordering_key,
      sequence: Number(d.sequence),
      data,
    });
    const url = new URL(e.url);
    let target;
    try {
      target = await this.o.guard.check(url, e.allow_private_network);
    } catch (err) {
      if (err instanceof TargetRefused) return failed(`refused: ${err.message}`);
      throw err;
    }
    const secrets = this.o.endpoints.secretsOf({
      id: e.id,
      secret: e.secret,
      previousSecret: e.previous_secret,
      previousSecretExpiresAt: e.previous_secret_expires_at ? new Date(e.previous_secret_expires_at) : null,
    });
    const headers = signatureHeaders(secrets, d.event_id, Math.floor(Date.now() / 1000), body);
    return send(url, headers, body, target, this.o.timeoutMs, this.abort.signal, this.pool);
  }

  /** Runs the endpoint's selection through the supergraph as an admin of the delivery's tenant. */
  private async shape(d: Claimed, selection: string): Promise<unknown> {
    const graph = this.o.graph();
    if (!graph) throw new Error('the supergraph is not reachable from this process');
    const ctx: RequestContext = { ...systemContext(this.o.log, d.tenant_id, `webhook:${d.id}`), actor: { type: 'admin', id: null }, roles: ['admin'] };
    const source = named(selection);
    const variables = /\$id\b/.test(source) ? { id: d.ordering_key } : {};
    return graph.execute(ctx, source, variables);
  }

  private async record(d: Claimed, e: EndpointRow, r: SendResult): Promise<void> {
    const number = d.attempts + 1;
    const ok = r.status !== null && r.status >= 200 && r.status < 300;
    const error =
      r.error ?? (ok ? null : r.status !== null && r.status >= 300 && r.status < 400 ? `redirect (${r.status}) is not followed` : `HTTP ${r.status}`);
    const attempt: AttemptRecord = { number, success: ok, statusCode: r.status, durationMs: r.durationMs, responseSnippet: storable(r.snippet), error };
    if (ok) return this.logOutcome(d, { kind: 'delivered' }, attempt);
    if (r.status === 410) return this.finish(d, { kind: 'gone', error: 'the receiver answered 410 Gone' }, attempt, e);
    const tried = number - d.retry_base;
    if (tried >= RETRY_SCHEDULE_SECONDS.length) return this.finish(d, { kind: 'failed', error: error ?? 'failed' }, attempt);
    const jitter = 0.9 + Math.random() * 0.2;
    let delay = RETRY_SCHEDULE_SECONDS[tried] * this.o.retryScale * jitter;
    const after = r.status === 429 || r.status === 503 ? retryAfterSeconds(r.retryAfter) : null;
    // the receiver's Retry-After is scaled like the schedule (a test's or bench's scale shortens both)
    if (after !== null) delay = Math.max(delay, after * this.o.retryScale);
    return this.logOutcome(d, { kind: 'retry', error: error ?? 'failed', delaySeconds: delay }, attempt);
  }

  /** Adds an outcome to the attempt log; resolves once it is committed (or rejects with the write's error). */
  private logOutcome(d: Claimed, outcome: Pending['outcome'], attempt: AttemptRecord): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ d, outcome, attempt, done: (err) => (err ? reject(err) : resolve()) });
      if (this.writing) return;
      this.writing = true;
      // the answers that arrive in this turn of the event loop go into the first write too
      setImmediate(() => void this.writeLog());
    });
  }

  /** Writes the attempt log until nothing waits: what finished during one write goes into the next. */
  private async writeLog(): Promise<void> {
    try {
      while (this.pending.length) {
        const items = this.pending.splice(0, RECORD_BATCH);
        try {
          await this.writeOutcomes(items);
          for (const i of items) i.done();
        } catch (err) {
          this.o.log.warn({ err, deliveries: items.length }, 'could not record webhook attempts; their leases expire and they are sent again');
          for (const i of items) i.done(err as Error);
        }
      }
    } finally {
      this.writing = false;
    }
  }

  /**
   * Deliveries and retries of any tenants in ONE statement (atomic by itself, committed
   * synchronously): each delivery's new state while the lease is still its worker's, and an
   * attempt row for each delivery so updated.
   */
  private async writeOutcomes(items: Pending[]): Promise<void> {
    const rows = items.map(({ d, outcome, attempt }) => ({
      id: d.id,
      tenant_id: d.tenant_id,
      endpoint_id: d.endpoint_id,
      token: d.lease_token,
      status: outcome.kind === 'delivered' ? 'delivered' : 'pending',
      delay: outcome.kind === 'retry' ? outcome.delaySeconds : null,
      last_error: outcome.kind === 'retry' ? outcome.error : null,
      attempt_id: newId('whatt'),
      number: attempt.number,
      success: attempt.success,
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      snippet: attempt.responseSnippet,
      error: attempt.error,
    }));
    await this.o.store.sql(
      null,
      `with u as (
         select * from jsonb_to_recordset(?::jsonb) as u(id text, tenant_id text, endpoint_id text, token text, status text, delay float8, last_error text,
           attempt_id text, number int, success boolean, status_code int, duration_ms int, snippet text, error text)
       ), done as (
         update ${this.table} d set status = u.status, attempts = d.attempts + 1, last_status = coalesce(u.status_code, d.last_status), last_error = u.last_error,
                next_attempt_at = case when u.status = 'pending' then now() + make_interval(secs => u.delay) end,
                delivered_at = case when u.status = 'delivered' then now() else d.delivered_at end,
                lease_until = null, lease_token = null, updated_at = now()
           from u where d.tenant_id = u.tenant_id and d.id = u.id and d.lease_token = u.token
         returning d.id
       )
       insert into ${this.o.store.table('webhook_attempt')} (id, tenant_id, delivery_id, endpoint_id, number, success, status_code, duration_ms, response_snippet, error, created_at)
       select u.attempt_id, u.tenant_id, u.id, u.endpoint_id, u.number, u.success, u.status_code, u.duration_ms, u.snippet, u.error, now()
         from u join done on done.id = u.id`,
      [JSON.stringify(rows)],
      { prepare: true },
    );
  }

  /**
   * Writes an outcome that emits events in one transaction of the delivery's tenant: the attempt,
   * the delivery's new state (only while the lease is still ours), and the events of a dead letter
   * or a disabled endpoint (whose tenant's fan-out binding follows in the same transaction).
   */
  private async finish(d: Claimed, outcome: Extract<Outcome, { kind: 'failed' | 'gone' }>, attempt: AttemptRecord | null, e?: EndpointRow): Promise<void> {
    const ctx = systemContext(this.o.log, d.tenant_id, `webhook:${d.id}`);
    await this.o.store.transaction(ctx, async (em, tx) => {
      const n = attempt ? 1 : 0;
      const rows = await this.o.store.sql<{ id: string }>(
        tx,
        `update ${this.table} set status = 'failed', attempts = attempts + ?, last_status = coalesce(?, last_status), last_error = ?,
            next_attempt_at = null, lease_until = null, lease_token = null, updated_at = now()
          where tenant_id = ? and id = ? and lease_token = ? returning id`,
        [n, attempt?.statusCode ?? null, outcome.error, d.tenant_id, d.id, d.lease_token],
      );
      if (!rows.length) return; // the lease expired and another worker has the delivery now
      if (attempt) em.create(WebhookAttempt, { tenantId: d.tenant_id, deliveryId: d.id, endpointId: d.endpoint_id, ...attempt });
      if (outcome.kind === 'gone' && e) {
        const changed = await this.o.store.sql(
          tx,
          `update ${this.o.store.table('webhook_endpoint')} set active = false, disabled_reason = ?, updated_at = now() where tenant_id = ? and id = ? and active returning id`,
          [outcome.error, d.tenant_id, e.id],
        );
        if (changed.length) {
          webhooksEvents.emit(em, tx, 'webhook_endpoint.disabled', { id: e.id, url: e.url, reason: outcome.error });
          await this.o.endpoints.rebind(tx);
        }
      }
      webhooksEvents.emit(em, tx, 'webhook_delivery.dead_lettered', {
        id: d.id,
        endpoint_id: d.endpoint_id,
        event_id: d.event_id,
        event_type: d.event_type,
        attempts: d.attempts + n,
        last_error: outcome.error,
      });
    });
  }
}
