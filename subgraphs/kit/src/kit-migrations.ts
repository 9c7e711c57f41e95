import type { Knex } from '@mikro-orm/postgresql';

/**
 * Kit migrations: the tables and triggers every subgraph schema gets from the kit (the event
 * outbox and the idempotency records of event subscribers), installed by `migrate(orm)` before the
 * subgraph's own MikroORM migrations. Domains never write DDL for these tables, and MikroORM's
 * schema diff ignores them (`KIT_TABLES` is the ORM's `schemaGenerator.skipTables`).
 *
 * Each migration runs once per schema and is recorded in `<schema>.kit_migration`. The list is
 * append-only: never edit or reorder an applied entry, add a new one. Every statement must be
 * idempotent (`if not exists`, `create or replace`, `drop … if exists` then `create`): databases
 * created before kit migrations existed already hold some of these objects, made by the
 * subgraphs' own migrations, and are upgraded by running the whole list over them.
 */
export interface KitMigration {
  /** unique, never renamed: the key in `kit_migration` */
  name: string;
  /** the statements, for the given schema */
  up(schema: string): string[];
}

/** PostgreSQL channel the outbox trigger notifies (payload: the schema name). */
export const OUTBOX_CHANNEL = 'outbox_event';

/** Tables owned by the kit in every subgraph schema (excluded from domain schema diffs). */
export const KIT_TABLES = ['kit_migration', 'outbox_event', 'processed_event'];

const q = (schema: string) => `"${schema.replace(/"/g, '""')}"`;

export const KIT_MIGRATIONS: KitMigration[] = [
  {
    // same DDL as the subgraph migrations that created it before (table, primary key and index names)
    name: '0001_outbox_event',
    up: (s) => [
      `create table if not exists ${q(s)}."outbox_event" ("id" varchar(40) not null, "tenant_id" varchar(40) null, "type" varchar(100) not null, "data" jsonb not null, "request_id" varchar(80) null, "created_at" timestamptz not null default now(), "published_at" timestamptz null, "attempts" int not null default 0, constraint "outbox_event_pkey" primary key ("id"));`,
      `create index if not exists "outbox_event_published_at_created_at_index" on ${q(s)}."outbox_event" ("published_at", "created_at");`,
    ],
  },
  {
    // wakes the outbox relays once per committed insert statement
    name: '0002_outbox_notify_trigger',
    up: (s) => [
      `create or replace function ${q(s)}.notify_outbox() returns trigger language plpgsql as $$
begin perform pg_notify('${OUTBOX_CHANNEL}', '${s.replace(/'/g, "''")}'); return null; end $$;`,
      `drop trigger if exists outbox_event_notify on ${q(s)}."outbox_event";`,
      `create trigger outbox_event_notify after insert on ${q(s)}."outbox_event" for each statement execute function ${q(s)}.notify_outbox();`,
    ],
  },
  {
    // one row per (subscription, event) handled: written in the handler's transaction
    name: '0003_processed_event',
    up: (s) => [
      `create table if not exists ${q(s)}."processed_event" ("subscription" varchar(200) not null, "event_id" varchar(40) not null, "processed_at" timestamptz not null default now(), constraint "processed_event_pkey" primary key ("subscription", "event_id"));`,
      `create index if not exists "processed_event_processed_at_index" on ${q(s)}."processed_event" ("processed_at");`,
    ],
  },
  {
    // the event's place in the domain's log, in insert order (rows of one transaction included):
    // the relay publishes in this order and webhook sequences are taken from it, so events about
    // one entity keep their order however the queues and retries reorder their handling
    name: '0004_outbox_position',
    up: (s) => [
      `alter table ${q(s)}."outbox_event" add column if not exists "position" bigserial;`,
      `create index if not exists "outbox_event_unpublished_position_index" on ${q(s)}."outbox_event" ("position") where "published_at" is null;`,
    ],
  },
];

/**
 * Applies the pending kit migrations to `schema` in one transaction, serialised across processes
 * by an advisory lock (several instances may start at once). Returns the names applied.
 */
export async function applyKitMigrations(knex: Knex, schema: string, list: KitMigration[] = KIT_MIGRATIONS): Promise<string[]> {
  return knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`kit_migration:${schema}`]);
    await trx.raw(`create schema if not exists ${q(schema)}`);
    await trx.raw(
      `create table if not exists ${q(schema)}."kit_migration" ("name" varchar(200) not null, "applied_at" timestamptz not null default now(), constraint "kit_migration_pkey" primary key ("name"))`,
    );
    const { rows } = (await trx.raw(`select name from ${q(schema)}."kit_migration"`)) as { rows: Array<{ name: string }> };
    const done = new Set(rows.map((r) => r.name));
    const applied: string[] = [];
    for (const m of list) {
      if (done.has(m.name)) continue;
      for (const sql of m.up(schema)) await trx.raw(sql);
      await trx.raw(`insert into ${q(schema)}."kit_migration" (name) values (?)`, [m.name]);
      applied.push(m.name);
    }
    return applied;
  });
}
