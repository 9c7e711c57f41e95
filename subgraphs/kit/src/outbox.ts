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

/**
 * Reads one event's data from its outbox row, in any domain schema (the live streams receive an
 * event too large for a NOTIFY payload as a reference). A small pool of its own: the process need
 * not run the domain that wrote the event.
 */
export function outboxReader(
  dbUrl: string,
  schemas: string[],
): { load(schema: string, id: string): Promise<Record<string, unknown> | null>; close(): Promise<void> } {
  const known = new Set(schemas);
  let pool: Pool | undefined;
  return {
    load: async (schema, id) => {
      if (!known.has(schema)) return null;
      pool ??= new Pool({ connectionString: dbUrl, max: 2, application_name: 'platform-outbox-reader' });
      const { rows } = await pool.query<{ data: Record<string, unknown> }>(`select data from "${schema}".outbox_event where id = $1`, [id]);
      return rows[0]?.data ?? null;
    },
    close: async () => {
      await pool?.end();
    },
  };
}
