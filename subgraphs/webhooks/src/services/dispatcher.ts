import { randomUUID } from 'node:crypto';
import { Kind, parse, print } from 'graphql';
import { pgArray, systemContext, type Clock, type GraphClient, type Logger, type RequestContext, type Store } from '@svc/kit';
import { WebhookAttempt } from '../entities/delivery.entity';
import { webhooksEvents } from '../events';
import type { EndpointService } from './endpoint.service';
import { relaxCommit } from './delivery.service';
import { EndpointGate, type GateLimits, type GateRefusal } from './gate';
import { TargetRefused, type TargetGuard } from './guard';
import { send, type SendResult } from './sender';
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
 * Works due deliveries of every tenant (the table is the queue): claims up to `concurrency` at a
 * time with `for update skip locked`, leasing each for WEBHOOK_LEASE_SECONDS under a fresh token.
 * A worker that dies mid-delivery leaves its lease to expire, after which any instance takes the
 * delivery again (delivery is at least once; receivers deduplicate on `webhook-id`); a live worker
 * never claims again a delivery it is still sending, however slow the receiver. The result of
 * an attempt is written only while the lease is still this worker's.
 */
export class Dispatcher {
  private inFlight = 0;
  /** the deliveries this worker is sending: never claimed again by it, even once their lease has run out (a slow receiver) */
  private readonly sending = new Set<string>();
  private stopped = true;
  private timer?: NodeJS.Timeout;
  private wakeUp?: () => void;
  private loop?: Promise<void>;
  private abort = new AbortController();
  private readonly running = new Set<Promise<void>>();
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

  /** Wakes the loop (a delivery was written by this process). */
  kick = (): void => {
    this.wakeUp?.();
  };

  /**
   * Stops claiming; requests in flight are aborted and recorded nowhere, so their leases expire and
   * another worker (or the next start) delivers them, as after a crash.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.abort.abort();
    this.kick();
    await this.loop;
    await Promise.allSettled([...this.running]);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let claimed = 0;
      const free = this.o.concurrency - this.inFlight;
      if (free > 0) {
        try {
          const rows = await this.claim(free, this.gate.blocked());
          claimed = rows.length;
          const deferred: Array<[Claimed, GateRefusal]> = [];
          for (const row of rows) {
            const refused = this.gate.acquire(row.endpoint_id);
            if (refused) deferred.push([row, refused]);
            else this.track(this.process(row));
          }
          if (deferred.length) await this.defer(deferred);
        } catch (err) {
          if (!this.stopped) this.o.log.warn({ err }, 'webhook dispatcher could not claim deliveries');
        }
      }
      if (this.stopped) break;
      if (claimed === free && free > 0) continue; // more may be due
      await this.sleep(free > 0 ? await this.untilNextDue() : this.o.pollMs);
    }
  }

  private track(p: Promise<void>): void {
    this.inFlight++;
    this.running.add(p);
    void p.finally(() => {
      this.inFlight--;
      this.running.delete(p);
      this.kick();
    });
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(this.timer);
        this.wakeUp = undefined;
        resolve();
      };
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

  /** Claims due deliveries, leaving those of endpoints the gate blocks now. */
  private async claim(limit: number, blocked: string[]): Promise<Claimed[]> {
    const token = randomUUID();
    return this.o.store.sql<Claimed>(
      null,
      `with due as (
         select id from ${this.table}
          where status = 'pending' and next_attempt_at <= now() and (lease_until is null or lease_until < now()) and not (endpoint_id = any(?::text[]))
            and not (id = any(?::text[]))
          order by next_attempt_at, sequence limit ? for update skip locked)
       update ${this.table} d set lease_until = now() + make_interval(secs => ?), lease_token = ?
         from due where d.id = due.id
       returning d.id, d.tenant_id, d.endpoint_id, d.event_id, d.event_type, d.event_created_at, d.ordering_key, d.sequence::text as sequence, d.data, d.attempts, d.retry_base, d.lease_token`,
      [pgArray(blocked), pgArray([...this.sending]), limit, this.o.leaseSeconds, token],
    );
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

  /** Delivers one claimed delivery whose endpoint slot the gate gave, and gives the slot back with the outcome. */
  private async process(d: Claimed): Promise<void> {
    let healthy: boolean | null = null;
    this.sending.add(d.id);
    try {
      healthy = await this.deliver(d);
    } finally {
      this.sending.delete(d.id);
      this.gate.release(d.endpoint_id, this.abort.signal.aborted ? null : healthy);
    }
  }

  /** Whether the receiver answered like a live one (null: no request, or one that says nothing of it). */
  private async deliver(d: Claimed): Promise<boolean | null> {
    const log = this.o.log.child({ delivery: d.id, endpoint: d.endpoint_id });
    try {
      const [e] = await this.o.store.sql<EndpointRow>(
        null,
        `select id, url, active, secret, previous_secret, previous_secret_expires_at, allow_private_network, selection
           from ${this.o.store.table('webhook_endpoint')} where tenant_id = ? and id = ?`,
        [d.tenant_id, d.endpoint_id],
      );
      if (!e || !e.active) {
        await this.finish(d, { kind: 'failed', error: e ? 'the endpoint is not active' : 'the endpoint was deleted' }, null);
        return null;
      }
      const result = await this.attempt(d, e);
      if (this.abort.signal.aborted) return null; // stopping: the lease expires and the delivery goes again
      await this.record(d, e, result);
      return receiverHealthy(result);
    } catch (err) {
      if (!this.stopped) log.error({ err }, 'webhook delivery failed unexpectedly; the lease expires and it is tried again');
      return null;
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
    return send(url, headers, body, target, this.o.timeoutMs, this.abort.signal);
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
    const attempt = { number, success: ok, statusCode: r.status, durationMs: r.durationMs, responseSnippet: r.snippet, error };
    if (ok) return this.finish(d, { kind: 'delivered' }, attempt);
    if (r.status === 410) return this.finish(d, { kind: 'gone', error: 'the receiver answered 410 Gone' }, attempt, e);
    const tried = number - d.retry_base;
    if (tried >= RETRY_SCHEDULE_SECONDS.length) return this.finish(d, { kind: 'failed', error: error ?? 'failed' }, attempt);
    const jitter = 0.9 + Math.random() * 0.2;
    let delay = RETRY_SCHEDULE_SECONDS[tried] * this.o.retryScale * jitter;
    const after = r.status === 429 || r.status === 503 ? retryAfterSeconds(r.retryAfter) : null;
    // the receiver's Retry-After is scaled like the schedule (a test's or bench's scale shortens both)
    if (after !== null) delay = Math.max(delay, after * this.o.retryScale);
    return this.finish(d, { kind: 'retry', error: error ?? 'failed', delaySeconds: delay }, attempt);
  }

  /**
   * Writes the outcome in one transaction of the delivery's tenant: the attempt, the delivery's new
   * state (only while the lease is still ours), and the events of a dead letter or a disabled endpoint.
   */
  private async finish(
    d: Claimed,
    outcome: { kind: 'delivered' } | { kind: 'retry'; error: string; delaySeconds: number } | { kind: 'failed' | 'gone'; error: string },
    attempt: Omit<WebhookAttempt, 'id' | 'tenantId' | 'deliveryId' | 'endpointId' | 'createdAt'> | null,
    e?: EndpointRow,
  ): Promise<void> {
    const ctx = systemContext(this.o.log, d.tenant_id, `webhook:${d.id}`);
    await this.o.store.transaction(ctx, async (em, tx) => {
      await relaxCommit(this.o.store, tx);
      const n = attempt ? 1 : 0;
      const status = outcome.kind === 'delivered' ? 'delivered' : outcome.kind === 'retry' ? 'pending' : 'failed';
      const rows = await this.o.store.sql<{ id: string }>(
        tx,
        `update ${this.table} set status = ?, attempts = attempts + ?, last_status = coalesce(?, last_status), last_error = ?,
            next_attempt_at = ${outcome.kind === 'retry' ? 'now() + make_interval(secs => ?)' : 'null'},
            delivered_at = ${outcome.kind === 'delivered' ? 'now()' : 'delivered_at'}, lease_until = null, lease_token = null, updated_at = now()
          where tenant_id = ? and id = ? and lease_token = ? returning id`,
        [
          status,
          n,
          attempt?.statusCode ?? null,
          outcome.kind === 'delivered' ? null : outcome.error,
          ...(outcome.kind === 'retry' ? [outcome.delaySeconds] : []),
          d.tenant_id,
          d.id,
          d.lease_token,
        ],
      );
      if (!rows.length) return; // the lease expired and another worker has the delivery now
      if (attempt) em.create(WebhookAttempt, { tenantId: d.tenant_id, deliveryId: d.id, endpointId: d.endpoint_id, ...attempt });
      if (outcome.kind === 'gone' && e) {
        const changed = await this.o.store.sql(
          tx,
          `update ${this.o.store.table('webhook_endpoint')} set active = false, disabled_reason = ?, updated_at = now() where tenant_id = ? and id = ? and active returning id`,
          [outcome.error, d.tenant_id, e.id],
        );
        if (changed.length) webhooksEvents.emit(em, tx, 'webhook_endpoint.disabled', { id: e.id, url: e.url, reason: outcome.error });
      }
      if (status === 'failed') {
        webhooksEvents.emit(em, tx, 'webhook_delivery.dead_lettered', {
          id: d.id,
          endpoint_id: d.endpoint_id,
          event_id: d.event_id,
          event_type: d.event_type,
          attempts: d.attempts + n,
          last_error: outcome.kind === 'delivered' ? null : outcome.error,
        });
      }
    });
  }
}
