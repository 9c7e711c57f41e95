import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/core';
import { memo, requireTenant, type RequestContext } from './context';
import type { Orm } from './orm';
import { TENANT_FILTER } from './tenancy';

export type Row = Record<string, any>;

/** One statement for `Store.batch` or `Store.defer`: text with `?` placeholders and its values. */
export type SqlStatement = readonly [text: string, params?: readonly unknown[]];

/** What `Store.sql` uses of a knex instance or transaction: its client (pool or the transaction's connection). */
interface SqlTransaction {
  isCompleted(): boolean;
  client: {
    acquireConnection(): Promise<{
      query(q: string | { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] } | Array<{ rows: unknown[] }>>;
    }>;
    releaseConnection(conn: unknown): Promise<void>;
  };
}

/**
 * A domain's data access, shared by all its services: its ORM (its own PostgreSQL schema), the
 * request's unit of work, and raw SQL for read models.
 *
 * A unit of work is one database transaction carried by the request context, the way Vendure's
 * RequestContext or Medusa's shared context carry the manager: `transaction(ctx, fn)` opens it and
 * hands `fn` a copy of the context that carries the transaction's EntityManager; every service
 * called with that copy joins the same transaction (reads see its writes, events land in it), and
 * it commits or rolls back as one.
 */
export class Store {
  constructor(readonly orm: Orm) {}

  get schema(): string {
    return this.orm.config.get('schema') as string;
  }

  /** A table of this domain's schema, quoted: `"catalog"."product"`. */
  table(name: string): string {
    return `"${this.schema}"."${name}"`;
  }

  private open(ctx: RequestContext | null | undefined): EntityManager | undefined {
    return ctx?.tx?.get(this.orm);
  }

  /**
   * The EntityManager for `ctx`: the open transaction's, else a fresh one scoped to the context's
   * tenant (the tenant filter makes a query of a tenant-owned entity without a tenant fail).
   */
  em(ctx: RequestContext): EntityManager {
    const open = this.open(ctx);
    if (open) return open;
    const em = this.orm.em.fork();
    em.setFilterParams(TENANT_FILTER, { tenantId: requireTenant(ctx) });
    return em;
  }

  /** Platform-level EntityManager (tenants, credentials, sessions): no tenant parameter is set. */
  emGlobal(ctx?: RequestContext | null): EntityManager {
    return this.open(ctx) ?? this.orm.em.fork();
  }

  /**
   * Runs `fn` in the unit of work of `ctx`: joins the transaction `ctx` carries, or begins one that
   * commits when `fn` resolves and rolls back when it throws. `global` begins a platform-level one.
   * Writes flush at commit; no write path flushes outside a unit of work.
   */
  async transaction<T>(ctx: RequestContext, fn: (em: EntityManager, ctx: RequestContext) => Promise<T>, opts: { global?: boolean } = {}): Promise<T> {
    const open = this.open(ctx);
    if (open) return fn(open, ctx);
    const base = opts.global ? this.orm.em.fork() : this.em(ctx);
    const outermost = !ctx.afterCommit;
    const hooks = ctx.afterCommit ?? [];
    const result = await base.transactional(async (em) => {
      const inner = { ...ctx, tx: new Map(ctx.tx ?? []).set(this.orm, em), afterCommit: hooks };
      const r = await fn(em, inner);
      await this.flushDeferred(em, inner);
      return r;
    });
    if (outermost) for (const hook of hooks.splice(0)) await hook();
    return result;
  }

  /** Runs `hook` once the unit of work of `ctx` has committed (at once when there is none). */
  async afterCommit(ctx: RequestContext, hook: () => void | Promise<void>): Promise<void> {
    if (ctx.afterCommit && this.open(ctx)) ctx.afterCommit.push(hook);
    else await hook();
  }

  /**
   * Serialises writers of one kind in one tenant until the unit of work of `ctx` ends (a
   * transaction-scoped advisory lock on `<schema>:<name>:<tenant>`): checks across rows (a redirect
   * may not chain to another) then see every committed write of the others. Only inside a unit of work.
   */
  async lock(ctx: RequestContext, name: string): Promise<void> {
    if (!this.open(ctx)) throw new Error(`Store.lock(${name}) outside a unit of work`);
    await this.sql(ctx, 'select pg_advisory_xact_lock(hashtext(?))', [`${this.schema}:${name}:${requireTenant(ctx)}`]);
  }

  /** Whether `ctx` carries an open unit of work of this store. */
  inTransaction(ctx: RequestContext | null | undefined): boolean {
    return !!this.open(ctx);
  }

  /**
   * Raw SQL with `?` placeholders. Inside the unit of work of `ctx` it runs in that transaction,
   * after flushing the entities persisted so far, so it sees everything the unit of work wrote
   * (statements deferred with `defer` travel in front of it, in the same round trip).
   */
  async sql<T = Row>(ctx: RequestContext | null, text: string, params: readonly unknown[] = [], o: { prepare?: boolean } = {}): Promise<T[]> {
    return (await this.run(ctx, [[text, params]], o.prepare))[0] as T[];
  }

  /**
   * Several statements in one round trip (one multi-statement query); answers each one's rows.
   * Outside a unit of work PostgreSQL runs them as one transaction: all commit or none does.
   * Inside the unit of work of `ctx` they run in its transaction, like `sql`.
   */
  async batch(ctx: RequestContext | null, statements: readonly SqlStatement[]): Promise<Row[][]> {
    return statements.length ? this.run(ctx, statements) : [];
  }

  /**
   * A write whose result nobody needs (an outbox row), in the unit of work of `ctx`: it is sent
   * with the unit of work's next statement, or just before it commits, in the same round trip.
   * A failure of it fails that statement (and so the unit of work). Only inside a unit of work.
   */
  defer(ctx: RequestContext, statement: SqlStatement): void {
    const open = this.open(ctx);
    if (!open) throw new Error('Store.defer outside a unit of work');
    const pending = this.deferred.get(open);
    if (pending) pending.push(statement);
    else this.deferred.set(open, [statement]);
  }

  private readonly deferred = new WeakMap<EntityManager, SqlStatement[]>();

  private async run(ctx: RequestContext | null, statements: readonly SqlStatement[], prepare = false): Promise<Row[][]> {
    const open = this.open(ctx);
    if (open) await open.flush();
    const pending = open ? this.deferred.get(open) : undefined;
    if (open && pending) this.deferred.delete(open);
    const all = pending ? [...pending, ...statements] : statements;
    // The text MikroORM's `execute` formats (values inlined), straight on the pg connection of the
    // transaction (or one from the pool): knex's runner and MikroORM's query wrapper cost more CPU
    // than a short statement itself on a small machine. knex's placeholder pass is left out too: on
    // text whose values are already inlined it turned a `?` inside a value into `$1`
    const trx = open?.getTransactionContext<SqlTransaction>();
    if (trx?.isCompleted()) throw new Error(`Store.sql after its transaction ended: ${all[0][0].slice(0, 80)}`);
    const client = (trx ?? (this.orm.em.getKnex() as unknown as SqlTransaction)).client;
    // `prepare` (a hot statement of fixed text whose values are strings, numbers, booleans, dates or
    // null): sent as a named prepared statement with its values as parameters, so its connection's
    // backend parses and plans it once instead of on every call. Not for `select *` or
    // `returning *`: a column added by a migration while the process runs would fail its cached plan
    const prepared = prepare && !pending ? preparedQuery(statements[0]) : null;
    if (prepared) {
      const conn = await client.acquireConnection();
      try {
        return [((await conn.query(prepared)) as { rows: Row[] }).rows];
      } finally {
        await client.releaseConnection(conn);
      }
    }
    const platform = this.orm.em.getPlatform();
    const format = ([t, p]: SqlStatement) => platform.formatQuery(t, (p ?? []) as unknown[]);
    const text = all.length === 1 ? format(all[0]) : all.map((st) => format(st).trimEnd().replace(/;$/, '')).join(';\n');
    const conn = await client.acquireConnection();
    try {
      const res = await conn.query(text);
      const results = Array.isArray(res) ? res : [res];
      return results.slice(all.length - statements.length).map((r) => r.rows as Row[]);
    } finally {
      await client.releaseConnection(conn);
    }
  }

  /** Sends the deferred statements of the unit of work `em` (before it commits). */
  private async flushDeferred(em: EntityManager, ctx: RequestContext): Promise<void> {
    if (this.deferred.get(em)?.length) await this.run(ctx, []);
  }
}

/**
 * Prepared statements by their `?` text (one per distinct text, process-wide: a pooled connection
 * serves every Store): its name, its `$n` text and its placeholder count, worked out once.
 */
const preparedStatements = new Map<string, { name: string; text: string; count: number }>();

/**
 * `?` placeholders to `$n` and the values as parameters (dates as MikroORM writes them, in UTC ISO
 * form); null when the statement does not qualify (identifiers `??`, an escaped `\\?`, a value of
 * another kind, a placeholder count that does not match): it is then sent as usual.
 */
function preparedQuery([text, params = []]: SqlStatement): { name: string; text: string; values: unknown[] } | null {
  if (text.includes('??') || text.includes('\\?')) return null;
  const values: unknown[] = [];
  for (const v of params) {
    if (v instanceof Date) values.push(v.toISOString());
    else if (v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') values.push(v ?? null);
    else return null;
  }
  let st = preparedStatements.get(text);
  if (!st) {
    if (preparedStatements.size >= 500) return null;
    let count = 0;
    const pgText = text.replace(/\?/g, () => `$${++count}`);
    st = { name: `store_${preparedStatements.size + 1}`, text: pgText, count };
    preparedStatements.set(text, st);
  }
  if (st.count !== values.length) return null;
  return { name: st.name, text: st.text, values };
}

/**
 * A per-request DataLoader: lookups by key made while one request resolves are batched into one
 * `batch` call (references, nested fields). Missing keys resolve to null.
 */
export function loaderFor<K, V>(ctx: RequestContext, key: string, batch: (keys: readonly K[]) => Promise<Map<K, V>>): DataLoader<K, V | null> {
  return memo(
    ctx,
    `loader:${key}`,
    () =>
      new DataLoader<K, V | null>(async (keys) => {
        const found = await batch(keys);
        return keys.map((k) => found.get(k) ?? null);
      }),
  );
}

/** URL-safe slug (handles): lowercase ASCII letters, digits and dashes. */
export function slugify(text: string, max = 180, fallback = 'item'): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, max)
      .replace(/-+$/, '') || fallback
  );
}

/** `%text%` for ILIKE with the wildcards of `text` (`%`, `_`, `\\`) escaped: "contains text". */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
