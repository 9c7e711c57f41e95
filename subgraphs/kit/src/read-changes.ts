import { createHash } from 'node:crypto';
import type { Knex } from '@mikro-orm/postgresql';
import { KIT_TABLES } from './kit-migrations';

/**
 * Read-change notices: every committed write to a table of a domain's schema that has a
 * `tenant_id` column NOTIFYs `READ_CHANGED_CHANNEL` with `<schema>|<tenant id>`, once per statement
 * and tenant (PostgreSQL folds identical notices of one transaction into one). The REST facade's
 * response cache drops what it holds of that domain and store when it hears one, on every instance
 * (see rest-facade/src/response-cache.ts). The triggers are statement-level with transition
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

const TRIGGER_VERSION = 1;
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
 * Puts the read-change triggers on every tenant table of `schema` not ignored, removes them from
 * ignored ones, and records `stamp`. In one transaction under the kit's advisory lock.
 */
export async function syncReadTriggers(knex: Knex, schema: string, ignore: readonly string[], stamp: string): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`kit_migration:${schema}`]);
    const lit = schema.replace(/'/g, "''");
    await trx.raw(`create or replace function ${q(schema)}.notify_read_changed() returns trigger language plpgsql as $$
declare t text;
begin
  for t in select distinct c.tenant_id from changed c where c.tenant_id is not null loop
    perform pg_notify('${READ_CHANGED_CHANNEL}', '${lit}|' || t);
  end loop;
  return null;
end $$;`);
    const { rows } = (await trx.raw(
      `select c.relname as table, exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'read_changed_ins') as has
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ? and c.relkind = 'r'
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)`,
      [schema],
    )) as { rows: Array<{ table: string; has: boolean }> };
    const skip = new Set([...KIT_TABLES, ...ignore]);
    for (const { table, has } of rows) {
      const t = `${q(schema)}.${q(table)}`;
      if (skip.has(table)) {
        if (has) for (const op of OPS) await trx.raw(`drop trigger if exists read_changed_${op.suffix} on ${t}`);
        continue;
      }
      for (const op of OPS) {
        await trx.raw(`drop trigger if exists read_changed_${op.suffix} on ${t}`);
        await trx.raw(
          `create trigger read_changed_${op.suffix} after ${op.event} on ${t} referencing ${op.ref} for each statement execute function ${q(schema)}.notify_read_changed()`,
        );
      }
    }
    await trx.raw(`delete from ${q(schema)}."kit_migration" where name like 'read_changed:%' and name <> ?`, [stamp]);
    await trx.raw(`insert into ${q(schema)}."kit_migration" (name) values (?) on conflict do nothing`, [stamp]);
  });
}
