import { createHash } from 'node:crypto';
import type { Knex } from '@mikro-orm/postgresql';
import { Pool } from 'pg';
import { KIT_TABLES } from './kit-migrations';

/**
 * Read-change notices: every committed write to a table of a domain's schema NOTIFYs
 * `READ_CHANGED_CHANNEL` with `<schema>|<tenant id>` (`<schema>|*` for a table of every store's
 * data, see syncReadTriggers), once per statement and tenant (PostgreSQL folds identical notices of one transaction into one). The REST facade's
 * response cache drops what it holds of that domain and store when it hears one, on every instance
 * (see gateway/src/response-cache.ts). The triggers are statement-level with transition
 * tables, so a bulk write costs one call, not one per row.
 *
 * A domain names the tables whose writes never change what its public reads answer (carts,
 * sessions, payment attempts: `readCacheIgnores`), so a shopper's cart does not empty the cache of
 * the store's catalogue. Naming a table there wrongly costs correctness, forgetting one only hit
 * rate.
 *
 * The triggers follow the domain's tables: they are synchronised after the domain's migrations, and
 * the sync is recorded in `kit_migration` under a stamp of the migration list and the ignored
 * tables, so a start on a database that has both skips it, and a new migration or a changed list
 * syncs them again.
 */
export const READ_CHANGED_CHANNEL = 'read_changed';

const TRIGGER_VERSION = 2;
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The kit_migration name that records the triggers' sync for these migrations and ignored tables. */
export function readTriggerStamp(migrationNames: readonly string[], ignore: readonly string[]): string {
  const h = createHash('sha1')
    .update(JSON.stringify([TRIGGER_VERSION, migrationNames, [...ignore].sort()]))
    .digest('hex')
    .slice(0, 16);
  return `read_changed:${h}`;
}

const OPS = [
  { suffix: 'ins', event: 'insert', ref: 'new table as changed' },
  { suffix: 'upd', event: 'update', ref: 'new table as changed' },
  { suffix: 'del', event: 'delete', ref: 'old table as changed' },
] as const;

/**
 * Puts the read-change triggers on every table of `schema` not ignored, removes them from ignored
 * ones, and records `stamp`. In one transaction under the kit's advisory lock. How a table's rows
 * name their store:
 * - its `tenant_id` column;
 * - a table without one (a link table: a product's categories) through its foreign key to a table
 *   of the schema that has one: the changed rows' parents' stores (a parent deleted in the same
 *   statement notified by itself);
 * - the `tenant` table itself by its `id`;
 * - any other table holds data of every store (shared exchange rates): `<schema>|*`.
 */
export async function syncReadTriggers(knex: Knex, schema: string, ignore: readonly string[], stamp: string): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`kit_migration:${schema}`]);
    const lit = schema.replace(/'/g, "''");
    const notify = (select: string) => `declare t text;
begin
  for t in ${select} loop
    perform pg_notify('${READ_CHANGED_CHANNEL}', '${lit}|' || t);
  end loop;
  return null;
end`;
    const fn = (name: string, body: string) => trx.raw(`create or replace function ${q(schema)}.${name}() returns trigger language plpgsql as $$\n${body} $$;`);
    await fn('notify_read_changed', notify('select distinct c.tenant_id from changed c where c.tenant_id is not null'));
    await fn('notify_read_changed_self', notify('select distinct c.id::text from changed c'));
    // trigger arguments: the parent table and the foreign key column of the changed table
    await fn(
      'notify_read_changed_via',
      notify(
        `execute format('select distinct p.tenant_id::text from changed c join %I.%I p on p.id = c.%I where p.tenant_id is not null', TG_TABLE_SCHEMA, TG_ARGV[0], TG_ARGV[1])`,
      ),
    );
    await fn('notify_read_changed_all', `begin\n  perform pg_notify('${READ_CHANGED_CHANNEL}', '${lit}|*');\n  return null;\nend`);
    const { rows } = (await trx.raw(
      `select c.relname as table,
              exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as tenant_owned,
              exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'read_changed_ins') as has,
              (select json_build_array(p.relname, a.attname)
                 from pg_constraint k
                 join pg_class p on p.oid = k.confrelid
                 join pg_attribute a on a.attrelid = c.oid and a.attnum = k.conkey[1]
                where k.conrelid = c.oid and k.contype = 'f' and array_length(k.conkey, 1) = 1 and p.relnamespace = c.relnamespace
                  and exists (select 1 from pg_attribute pa where pa.attrelid = p.oid and pa.attname = 'tenant_id' and not pa.attisdropped)
                order by k.conname limit 1) as via
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ? and c.relkind = 'r'`,
      [schema],
    )) as { rows: Array<{ table: string; tenant_owned: boolean; has: boolean; via: [string, string] | null }> };
    const skip = new Set([...KIT_TABLES, ...ignore]);
    for (const { table, tenant_owned, has, via } of rows) {
      const t = `${q(schema)}.${q(table)}`;
      if (skip.has(table)) {
        if (has) for (const op of OPS) await trx.raw(`drop trigger if exists read_changed_${op.suffix} on ${t}`);
        continue;
      }
      const call = tenant_owned
        ? 'notify_read_changed()'
        : via
          ? `notify_read_changed_via('${via[0].replace(/'/g, "''")}', '${via[1].replace(/'/g, "''")}')`
          : table === 'tenant'
            ? 'notify_read_changed_self()'
            : 'notify_read_changed_all()';
      for (const op of OPS) {
        await trx.raw(`drop trigger if exists read_changed_${op.suffix} on ${t}`);
        await trx.raw(
          `create trigger read_changed_${op.suffix} after ${op.event} on ${t} referencing ${op.ref} for each statement execute function ${q(schema)}.${call}`,
        );
      }
    }
    await trx.raw(`delete from ${q(schema)}."kit_migration" where name like 'read_changed:%' and name <> ?`, [stamp]);
    await trx.raw(`insert into ${q(schema)}."kit_migration" (name) values (?) on conflict do nothing`, [stamp]);
  });
}

/**
 * The next moment after `after` held by a store's rows in a domain's `readSchedules` columns (a
 * scheduled post's `published_at`, an event's `ends_at`): when the domain's public answers for
 * that store change next without a write. Null when no row holds a later one. One query over the
 * declared columns, each bounded by the store, with a connection of a small pool of its own made
 * at the first call (`close` ends it).
 */
export class ReadScheduleReader {
  private pool: Pool | undefined;
  constructor(private readonly dbUrl: string) {}

  async next(schema: string, columns: ReadonlyArray<{ table: string; column: string }>, tenant: string, after: Date): Promise<Date | null> {
    if (!columns.length) return null;
    const parts = columns.map(
      (c) => `select min(${q(c.column)})::timestamptz as at from ${q(schema)}.${q(c.table)} where tenant_id = $1 and ${q(c.column)} > $2`,
    );
    this.pool ??= new Pool({ connectionString: this.dbUrl, max: 2, application_name: 'platform-read-schedules' });
    const { rows } = await this.pool.query<{ at: Date | null }>(`select min(at) as at from (${parts.join(' union all ')}) s`, [tenant, after]);
    return rows[0]?.at ?? null;
  }

  async close(): Promise<void> {
    await this.pool?.end();
    this.pool = undefined;
  }
}
