import { Pool } from 'pg';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from './ids';

/**
 * Domain-event outbox. Each subgraph has this table in its own schema; services add a row in the
 * same transaction as the change (`events.emit`, see events.ts), the relay publishes it to the job queue.
 * The table, its index and its NOTIFY trigger are created by the kit migrations (kit-migrations.ts),
 * never by a domain's migrations; keep this entity and the kit DDL in step.
 */
@Entity({ tableName: 'outbox_event' })
@Index({ properties: ['publishedAt', 'createdAt'] })
export class OutboxEvent {
  @PrimaryKey({ type: 'string', length: 40 })
  id: string = newId('evt');

  @Property({ type: 'string', length: 40, nullable: true })
  tenantId!: string | null;

  @Property({ type: 'string', length: 100 })
  type!: string;

  @Property({ type: 'json' })
  data!: Record<string, unknown>;

  @Property({ type: 'string', length: 80, nullable: true })
  requestId!: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  publishedAt: Date | null = null;

  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;
}

/** An event as it travels through the job queue (an outbox row, JSON-shaped). */
export interface DomainEvent {
  id: string;
  type: string;
  tenant_id: string | null;
  created_at: string;
  request_id: string | null;
  data: Record<string, unknown>;
  /**
   * The event's place in its domain's log (increasing in the order the domain wrote its events,
   * gaps possible), as a decimal string; absent on events published before positions existed.
   */
  position?: string;
}

/** Where a stream's replay starts: after this event of the tenant's log (`published_at`, then id). */
export interface ReplayCursor {
  publishedAt: Date;
  id: string;
}

/** What `/graphql/stream` reads from the outboxes: large events' payloads, and a reconnecting stream's replay. */
export interface OutboxReader {
  /** one event's payload, from its domain's schema (the live streams receive an event too large for a NOTIFY as a reference) */
  load(schema: string, id: string): Promise<Record<string, unknown> | null>;
  /** when the tenant's event was relayed (its place in the order streams saw it); null: not one of the tenant's relayed events */
  publishedAt(tenantId: string, id: string): Promise<Date | null>;
  /** the tenant's relayed events after `after` in (published_at, id) order, across every domain, at most `limit` */
  after(tenantId: string, after: ReplayCursor, limit: number): Promise<Array<DomainEvent & { tenant_id: string; published_at: Date }>>;
  close(): Promise<void>;
}

/**
 * Reads the outboxes of every domain schema, with a small pool of its own: the process need not run
 * the domain that wrote the event. Every query names the tenant.
 */
export function outboxReader(dbUrl: string, schemas: string[]): OutboxReader {
  const known = new Set(schemas);
  const table = (s: string) => `"${s.replace(/"/g, '""')}".outbox_event`;
  let pool: Pool | undefined;
  const db = () => (pool ??= new Pool({ connectionString: dbUrl, max: 2, application_name: 'platform-outbox-reader' }));
  return {
    load: async (schema, id) => {
      if (!known.has(schema)) return null;
      const { rows } = await db().query<{ data: Record<string, unknown> }>(`select data from ${table(schema)} where id = $1`, [id]);
      return rows[0]?.data ?? null;
    },
    publishedAt: async (tenantId, id) => {
      if (!schemas.length) return null;
      const { rows } = await db().query<{ published_at: Date }>(
        schemas.map((s) => `select published_at from ${table(s)} where id = $1 and tenant_id = $2 and published_at is not null`).join(' union all '),
        [id, tenantId],
      );
      return rows[0]?.published_at ?? null;
    },
    after: async (tenantId, after, limit) => {
      if (!schemas.length) return [];
      // each schema's first `limit` rows (its (published_at, created_at) index), then the first `limit` of all
      const branch = (s: string) =>
        `(select id, type, tenant_id, data, request_id, created_at, published_at from ${table(s)}
           where tenant_id = $1 and published_at >= $2 and (published_at, id) > ($2, $3) order by published_at, id limit $4)`;
      const { rows } = await db().query<{
        id: string;
        type: string;
        tenant_id: string;
        data: Record<string, unknown>;
        request_id: string | null;
        created_at: Date;
        published_at: Date;
      }>(`select * from (${schemas.map(branch).join(' union all ')}) e order by published_at, id limit $4`, [tenantId, after.publishedAt, after.id, limit]);
      return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
    },
    close: async () => {
      await pool?.end();
    },
  };
}
