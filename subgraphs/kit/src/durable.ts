import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { requireTenant, systemContext, type RequestContext } from './context';
import { DomainError } from './errors';
import { newId } from './ids';
import type { Store } from './store';
import type { Logger } from 'pino';

/**
 * Durable processes: a multi-step operation that touches other domains and external providers
 * (cart completion; later event tickets, tour seats, subscription checkouts), persisted as one
 * record per business key so that it survives a crash of the process (or of the database).
 *
 *   - Each step is recorded before it runs (`steps[i].started_at`) and after (`steps[i].done_at`,
 *     the state it produced, `step = i + 1`), in the domain's own schema; the after-record of one
 *     step and the before-record of the next are one UPDATE. A step may instead run in the
 *     domain's transaction (`inTransaction`): then its after-record commits with its own writes.
 *   - Steps are idempotent for the same state (a crash between a step's effect and its after-record
 *     re-runs it), and each has a compensation, run in reverse order for every step that started
 *     when the process fails (a business refusal, a provider error) or is abandoned.
 *   - A record is leased (`lease_owner`, `lease_until`): only the holder works it, and renews the
 *     lease every third of its length while it does (so a step may take longer than the lease); a
 *     crashed holder's lease runs out and any instance's recovery (or the caller's retry) claims
 *     it and resumes it, or compensates it once it is older than `resumeWindowMs`.
 *   - Fault injection (tests and `npm run check:crash` only, never in production): the env variable
 *     named by `crashEnv` (e.g. `CHECKOUT_CRASH_AT=before:authorize`) SIGKILLs the process at that
 *     step boundary, on the first attempt of a record only (a resumed record runs through).
 *
 * Adding a step is one object in the list: `{ name, run, compensate }`.
 */

/** The record of one durable process (table `durable_process` of the domain that runs it). */
@Entity({ tableName: 'durable_process' })
@Unique({ properties: ['kind', 'tenantId', 'key'] })
@Index({ properties: ['status', 'leaseUntil'] })
export class DurableProcessRecord {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('dur');
  @Property({ type: 'string', length: 40 }) tenantId!: string;
  @Property({ type: 'string', length: 60 }) kind!: string;
  @Property({ type: 'string', length: 200 }) key!: string;
  /** running | compensating | done | failed */
  @Property({ type: 'string', length: 20 }) status!: string;
  /** index of the next step to run */
  @Property({ type: 'integer', default: 0 }) step: number = 0;
  /** increases each time a failed process is started again (idempotency keys include it) */
  @Property({ type: 'integer', default: 1 }) run: number = 1;
  /** claims of this run (1: the first execution) */
  @Property({ type: 'integer', default: 0 }) attempts: number = 0;
  @Property({ type: 'json' }) state!: Record<string, unknown>;
  /** per step: name, started_at, done_at, compensated_at, skipped */
  @Property({ type: 'json' }) steps!: Array<Record<string, unknown>>;
  @Property({ type: 'json', nullable: true }) error: Record<string, unknown> | null = null;
  @Property({ type: 'string', length: 100, nullable: true }) leaseOwner: string | null = null;
  @Property({ type: 'datetime', nullable: true }) leaseUntil: Date | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime' }) updatedAt: Date = new Date();
}

export type DurableStatus = 'running' | 'compensating' | 'done' | 'failed';

export interface DurableRow<S> {
  id: string;
  tenant_id: string;
  kind: string;
  key: string;
  status: DurableStatus;
  step: number;
  run: number;
  attempts: number;
  state: S;
  steps: Array<{ name: string; started_at?: string; done_at?: string; compensated_at?: string; skipped?: boolean }>;
  error: { type: string; code: string; message: string } | null;
  lease_owner: string | null;
  lease_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** What a step sees: the process's record (id, run) and the context to act as. */
export interface StepCall<S> {
  ctx: RequestContext;
  state: S;
  record: Pick<DurableRow<S>, 'id' | 'run' | 'key' | 'tenant_id'>;
}

export interface DurableStep<S> {
  name: string;
  /** nothing to do for this state: not run, not recorded */
  skip?(state: S): boolean;
  /** does the step (idempotent for the same state and record run); answers the state's changes */
  run(call: StepCall<S>): Promise<Partial<S> | void>;
  /** undoes it (idempotent; also called when the step started but its after-record is missing) */
  compensate?(call: StepCall<S>): Promise<void>;
  /**
   * runs in one transaction of the domain's store, and the after-record commits with it (the
   * last local write of a process: creating the order, say). `call.ctx` carries the transaction.
   */
  inTransaction?: boolean;
}

export interface DurableOptions<S> {
  store: Store;
  /** what the processes are (`cart_completion`) */
  kind: string;
  steps: DurableStep<S>[];
  log: Logger;
  /**
   * a holder's lease, renewed every third of it while the holder works: how long a crashed
   * holder's record waits before another claims it (it must outlast the holder's longest pause of
   * its event loop, not its longest step). Default 10 s
   */
  leaseMs?: number;
  /** abandoned processes older than this are compensated instead of resumed. Default 10 min */
  resumeWindowMs?: number;
  /** env variable naming a step boundary to SIGKILL at (outside production only) */
  crashEnv?: string;
  /** the clock (tests inject one) */
  now?: () => number;
}

/** A business refusal from a step: the process compensates and fails with this error. */
export class DurableRefusal extends Error {
  constructor(
    readonly error: DomainError,
    readonly detail?: Record<string, unknown>,
  ) {
    super(error.message);
  }
}

/** a record's columns but its state (which the caller has at hand) */
const RECORD_COLUMNS = 'id, tenant_id, kind, key, status, step, run, attempts, steps, error, lease_owner, lease_until, created_at, updated_at';

const OWNER = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
/**
 * Records this process is working (`<table>:<id>`): its own recovery pass or a second request never
 * claims one of them, even if a stalled event loop let the lease run out meanwhile (all of this
 * process's claims carry the same owner, so the lease alone cannot tell them apart).
 */
const WORKING = new Set<string>();

export class DurableProcesses<S extends object> {
  private readonly leaseMs: number;
  private readonly resumeWindowMs: number;
  private readonly now: () => number;
  readonly owner = OWNER;

  constructor(private readonly o: DurableOptions<S>) {
    this.leaseMs = o.leaseMs ?? 10_000;
    this.resumeWindowMs = o.resumeWindowMs ?? 600_000;
    this.now = o.now ?? Date.now;
    const names = new Set<string>();
    for (const s of o.steps) {
      if (names.has(s.name)) throw new Error(`durable ${o.kind}: step "${s.name}" twice`);
      names.add(s.name);
    }
  }

  private get table(): string {
    return this.o.store.table('durable_process');
  }

  /** The entry of record `id` in WORKING (records of every kind and domain share it). */
  private workingKey(id: string): string {
    return `${this.table}:${id}`;
  }

  private leaseEnd(): Date {
    return new Date(this.now() + this.leaseMs);
  }

  /** The record of `key` in the tenant of `ctx`, if any. */
  async find(ctx: RequestContext, key: string): Promise<DurableRow<S> | null> {
    const [row] = await this.o.store.sql<DurableRow<S>>(null, `select * from ${this.table} where kind = ? and tenant_id = ? and key = ?`, [
      this.o.kind,
      ctx.tenantId,
      key,
    ]);
    return row ?? null;
  }

  /**
   * Starts the process of `key` (with the state `init` makes), or takes over its record: a done
   * one is answered as it is; a failed one starts again (a new run, fresh state) when `restart`
   * allows; a running one whose lease ran out is resumed; one another holder is working is waited
   * for (up to `waitMs`, then 409 `in_progress`).
   */
  async run(
    ctx: RequestContext,
    key: string,
    init: () => Promise<S>,
    opts: { restart?: (row: DurableRow<S>) => boolean; waitMs?: number } = {},
  ): Promise<DurableRow<S>> {
    if (!ctx.tenantId) throw new Error('durable process without a tenant');
    const deadline = this.now() + (opts.waitMs ?? 20_000);
    // the usual call starts a new process: its record is created first, without a read before it
    // (a record that exists already makes the insert do nothing, and then it is read below)
    const first = await init().then(
      (state) => ({ state }),
      (error: unknown) => ({ error }),
    );
    if ('state' in first) {
      const created = await this.create(ctx, key, first.state);
      if (created) return this.drive(ctx, created);
    }
    // that state serves a failed record's restart (made by this call, a moment ago); the error of
    // making it stands only when there is no record at the first look
    let made = 'state' in first ? first.state : undefined;
    let firstLook = true;
    for (;;) {
      let row = await this.find(ctx, key);
      if (!row && firstLook && 'error' in first) throw first.error;
      firstLook = false;
      if (!row) {
        const created = await this.create(ctx, key, await init());
        if (!created) continue; // someone else created it meanwhile
        return this.drive(ctx, created);
      }
      if (row.status === 'done') return row;
      if (row.status === 'failed') {
        if (!opts.restart?.(row)) return row;
        const state = made ?? (await init());
        made = undefined;
        const first = this.opening(state);
        const [claimed] = await this.o.store.sql<DurableRow<S>>(
          null,
          `update ${this.table} set status = 'running', step = ?, run = run + 1, attempts = 1, state = ?::jsonb, steps = ?::jsonb, error = null,
                  lease_owner = ?, lease_until = ?, updated_at = now()
            where id = ? and status = 'failed' and run = ? returning *`,
          [first.step, JSON.stringify(state), JSON.stringify(first.steps), this.owner, this.leaseEnd(), row.id, row.run],
        );
        if (!claimed) continue;
        return this.drive(ctx, claimed);
      }
      row = await this.claim(row.id);
      if (row) return this.drive(systemContextFor(ctx, row), row);
      if (this.now() > deadline) throw new DomainError('conflict', 'in_progress', 'This operation is still in progress; try again in a moment');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Creates the record of `key` with `state` (its first step recorded as started); null when it exists. */
  private async create(ctx: RequestContext, key: string, state: S): Promise<DurableRow<S> | null> {
    // the record is born with its first step recorded as started (one write less)
    const first = this.opening(state);
    // the state does not come back (it is the one written: a cart document is not parsed again)
    const [inserted] = await this.o.store.sql<Omit<DurableRow<S>, 'state'>>(
      null,
      `insert into ${this.table} (id, tenant_id, kind, key, status, step, run, attempts, state, steps, lease_owner, lease_until, created_at, updated_at)
       values (?, ?, ?, ?, 'running', ?, 1, 1, ?::jsonb, ?::jsonb, ?, ?, now(), now())
       on conflict (kind, tenant_id, key) do nothing returning ${RECORD_COLUMNS}`,
      [newId('dur'), requireTenant(ctx), this.o.kind, key, first.step, JSON.stringify(state), JSON.stringify(first.steps), this.owner, this.leaseEnd()],
    );
    return inserted ? { ...inserted, state } : null;
  }

  /** The first step to run for a new state, recorded as started, and the steps' log. */
  private opening(state: S): { step: number; steps: DurableRow<S>['steps'] } {
    let step = 0;
    while (step < this.o.steps.length && this.o.steps[step].skip?.(state)) step++;
    const at = new Date(this.now()).toISOString();
    return { step, steps: this.o.steps.map((s, i) => (i === step ? { name: s.name, started_at: at } : { name: s.name })) };
  }

  /** Takes the lease of a running record whose lease ran out (or that this process holds). */
  private async claim(id: string): Promise<DurableRow<S> | null> {
    if (WORKING.has(this.workingKey(id))) return null;
    const [row] = await this.o.store.sql<DurableRow<S>>(
      null,
      `update ${this.table} set lease_owner = ?, lease_until = ?, attempts = attempts + 1, updated_at = now()
        where id = ? and status in ('running', 'compensating') and (lease_until is null or lease_until < ?) returning *`,
      [this.owner, this.leaseEnd(), id, new Date(this.now())],
    );
    return row ?? null;
  }

  /**
   * Recovery (the domain's scheduled job and a pass at start, on every instance): every running
   * record whose lease ran out is claimed (one holder at a time) and resumed, or compensated when
   * it is older than the resume window. Answers how many were worked.
   */
  async recover(log: Logger, limit = 50): Promise<{ resumed: number; compensated: number; failed: number }> {
    const rows = await this.o.store.sql<{ id: string; tenant_id: string }>(
      null,
      `select id, tenant_id from ${this.table} where kind = ? and status in ('running', 'compensating') and (lease_until is null or lease_until < ?) order by updated_at limit ?`,
      [this.o.kind, new Date(this.now()), limit],
    );
    const out = { resumed: 0, compensated: 0, failed: 0 };
    for (const r of rows) {
      const row = await this.claim(r.id);
      if (!row) continue; // another instance took it
      const ctx = systemContext(log, row.tenant_id, `recover:${row.id}`);
      try {
        const old = this.now() - new Date(row.created_at).getTime() > this.resumeWindowMs;
        if (old && row.status === 'running') {
          await this.holding(row.id, () => this.compensate(ctx, row, { type: 'conflict', code: 'abandoned', message: 'The process was abandoned and undone' }));
          out.compensated++;
        } else {
          const done = await this.drive(ctx, row).catch(() => null);
          if (done?.status === 'done') out.resumed++;
          else out.compensated++;
        }
      } catch (err) {
        out.failed++;
        log.error({ err, id: row.id, kind: this.o.kind }, 'durable process recovery failed (retried on the next pass)');
        await this.o.store
          .sql(null, `update ${this.table} set lease_until = null where id = ? and lease_owner = ?`, [row.id, this.owner])
          .catch(() => undefined);
      }
    }
    return out;
  }

  private crashAt(boundary: string, row: DurableRow<S>): void {
    if (!this.o.crashEnv || process.env.NODE_ENV === 'production') return;
    const wanted = process.env[this.o.crashEnv];
    if (!wanted || row.attempts !== 1 || row.run !== 1) return;
    if (
      wanted
        .split(',')
        .map((s) => s.trim())
        .includes(boundary)
    ) {
      this.o.log.warn({ boundary, id: row.id }, `${this.o.crashEnv}: SIGKILL at ${boundary}`);
      process.kill(process.pid, 'SIGKILL');
    }
  }

  /** Runs the remaining steps of a claimed record, holding its lease meanwhile; failures compensate. Answers the final record. */
  private drive(ctx: RequestContext, row: DurableRow<S>): Promise<DurableRow<S>> {
    return this.holding(row.id, () => this.work(ctx, row));
  }

  /**
   * Runs `body` while renewing this process's lease of record `id` every third of the lease. A
   * renewal changes only a lease this process still holds on an unfinished record: never one it
   * released (a finished record has no owner; a failure to retry later clears `lease_until`).
   */
  private async holding<T>(id: string, body: () => Promise<T>): Promise<T> {
    const renew = () =>
      void this.o.store
        .sql(
          null,
          `update ${this.table} set lease_until = ? where id = ? and lease_owner = ? and lease_until is not null and status in ('running', 'compensating')`,
          [this.leaseEnd(), id, this.owner],
        )
        .catch((err: unknown) => this.o.log.warn({ err, id, kind: this.o.kind }, 'durable process: lease renewal failed'));
    const timer = setInterval(renew, Math.max(50, Math.floor(this.leaseMs / 3)));
    timer.unref();
    const working = this.workingKey(id);
    WORKING.add(working);
    try {
      return await body();
    } finally {
      WORKING.delete(working);
      clearInterval(timer);
    }
  }

  private async work(ctx: RequestContext, row: DurableRow<S>): Promise<DurableRow<S>> {
    if (row.status === 'compensating') return this.compensate(ctx, row, row.error ?? { type: 'conflict', code: 'abandoned', message: 'undone' });
    const steps = this.o.steps;
    let cur = row;
    const nextFrom = (from: number, state: S): number => {
      let j = from;
      while (j < steps.length && steps[j].skip?.(state)) j++;
      return j;
    };
    let i = nextFrom(cur.step, cur.state);
    // before the first step of this drive: recorded unless an earlier after-record already did
    if (i < steps.length && !cur.steps[i]?.started_at) cur = await this.write(null, cur, { step: i, started: i });
    while (i < steps.length) {
      const step = steps[i];
      const call: StepCall<S> = { ctx, state: cur.state, record: { id: cur.id, run: cur.run, key: cur.key, tenant_id: cur.tenant_id } };
      this.crashAt(`before:${step.name}`, cur);
      try {
        // after: one UPDATE that also records the next step as started (its before-record)
        const after = (change: Partial<S>) => {
          const state = { ...cur.state, ...change } as S;
          const j = nextFrom(i + 1, state);
          return { step: j, done: i, state: change, started: j < steps.length ? j : undefined, status: j >= steps.length ? ('done' as const) : undefined };
        };
        if (step.inTransaction) {
          cur = await this.o.store.transaction(ctx, async (_em, tx) => this.write(tx, cur, after((await step.run({ ...call, ctx: tx })) ?? {})));
        } else {
          cur = await this.write(null, cur, after((await step.run(call)) ?? {}));
        }
      } catch (err) {
        // a refusal (bad request, conflict, declined payment) is undone; an outage (api_error,
        // provider_error: maybe it happened, maybe not) is resumed later with the same keys
        if (err instanceof DurableRefusal || (err instanceof DomainError && err.type !== 'api_error' && err.type !== 'provider_error')) {
          const e = err instanceof DurableRefusal ? err.error : err;
          const state = err instanceof DurableRefusal && err.detail ? { ...cur.state, ...err.detail } : cur.state;
          await this.compensate(ctx, { ...cur, state }, { type: e.type, code: e.code, message: e.message });
          throw e;
        }
        // an unexpected failure (database, network): left to the recovery (or the caller's retry)
        await this.o.store
          .sql(null, `update ${this.table} set lease_until = null where id = ? and lease_owner = ?`, [cur.id, this.owner])
          .catch(() => undefined);
        throw err;
      }
      this.crashAt(`after:${step.name}`, cur);
      i = cur.step;
    }
    if (cur.status !== 'done') cur = await this.write(null, cur, { status: 'done' });
    return cur;
  }

  /** Undoes every started step in reverse order, recording each, then marks the record failed. */
  private async compensate(ctx: RequestContext, row: DurableRow<S>, error: { type: string; code: string; message: string }): Promise<DurableRow<S>> {
    let cur = await this.write(null, row, { status: 'compensating', error, state: row.state });
    for (let i = this.o.steps.length - 1; i >= 0; i--) {
      const rec = cur.steps[i];
      const step = this.o.steps[i];
      if (!rec?.started_at || rec.compensated_at || !step.compensate) continue;
      await step.compensate({ ctx, state: cur.state, record: { id: cur.id, run: cur.run, key: cur.key, tenant_id: cur.tenant_id } });
      cur = await this.write(null, cur, { compensated: i });
    }
    return this.write(null, cur, { status: 'failed', release: true });
  }

  private async write(
    tx: RequestContext | null,
    row: DurableRow<S>,
    c: {
      step?: number;
      started?: number;
      done?: number;
      compensated?: number;
      state?: Partial<S>;
      status?: DurableStatus;
      error?: DurableRow<S>['error'];
      release?: boolean;
    },
  ): Promise<DurableRow<S>> {
    const at = new Date(this.now()).toISOString();
    const steps = this.o.steps.map((s, i) => ({ ...(row.steps[i] ?? {}), name: s.name }));
    if (c.done !== undefined) steps[c.done] = { ...steps[c.done], done_at: at };
    if (c.started !== undefined) steps[c.started] = { ...steps[c.started], started_at: steps[c.started].started_at ?? at };
    if (c.compensated !== undefined) steps[c.compensated] = { ...steps[c.compensated], compensated_at: at };
    const state = c.state ? { ...row.state, ...c.state } : row.state;
    const finished = c.release || c.status === 'done';
    // only the state's changed keys travel (jsonb ||), and the state does not come back: a large
    // state (a cart document) is written once, not on every step. A write without changes leaves the
    // state column out: PostgreSQL then keeps the stored (compressed, out-of-line) value as it is,
    // where `state || '{}'` would rebuild and store it again
    const changes = c.state && Object.keys(c.state).length ? JSON.stringify(c.state) : null;
    const [back] = await this.o.store.sql<Omit<DurableRow<S>, 'state'>>(
      tx,
      `update ${this.table} set step = ?, ${changes ? 'state = state || ?::jsonb, ' : ''}steps = ?::jsonb, status = ?, error = ?::jsonb, lease_until = ?,
              lease_owner = ?, updated_at = now()
        where id = ? and lease_owner = ?
        returning ${RECORD_COLUMNS}`,
      [
        c.step ?? row.step,
        ...(changes ? [changes] : []),
        JSON.stringify(steps),
        c.status ?? row.status,
        JSON.stringify(c.error === undefined ? row.error : c.error),
        finished ? null : this.leaseEnd(),
        finished ? null : this.owner,
        row.id,
        this.owner,
      ],
      { prepare: true },
    );
    const next = back ? ({ ...back, state } as DurableRow<S>) : undefined;
    if (!next) throw new Error(`durable ${this.o.kind} ${row.id}: the lease was lost (another instance took over)`);
    return next;
  }
}

function systemContextFor(ctx: RequestContext, row: { tenant_id: string }): RequestContext {
  return ctx.tenantId === row.tenant_id ? ctx : systemContext(ctx.log, row.tenant_id, ctx.requestId);
}
