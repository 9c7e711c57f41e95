import path from 'node:path';
import { MikroORM, ReflectMetadataProvider, type EntityManager, type Constructor, type MigrationObject } from '@mikro-orm/core';
import type { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { applyKitMigrations, KIT_MIGRATIONS, KIT_TABLES } from './kit-migrations';
import { OutboxEvent } from './outbox';
import { readTriggerStamp, syncReadTriggers } from './read-changes';
import { TENANT_FILTER, TenantOwned } from './tenancy';

export type Orm = MikroORM<PostgreSqlDriver>;
export type Em = EntityManager;

export interface OrmOptions {
  dbSchema: string;
  entities: Constructor<object>[];
  migrations: MigrationObject[];
  migrationsDir?: string;
  url: string;
  poolSize: number;
  log: Logger;
}

/** One MikroORM per subgraph, confined to the subgraph's PostgreSQL schema. */
export async function createOrm(o: OrmOptions): Promise<Orm> {
  const entities = [...o.entities, OutboxEvent];
  const tenantEntities = entities.filter((e) => e.prototype instanceof TenantOwned).map((e) => e.name);
  return MikroORM.init<PostgreSqlDriver>({
    driver: PostgreSqlDriver,
    clientUrl: o.url,
    schema: o.dbSchema,
    entities,
    metadataProvider: ReflectMetadataProvider,
    discovery: { requireEntitiesArray: true, disableDynamicFileAccess: true, warnWhenNoEntities: false },
    // the kit's tables (outbox, idempotency records) come from kit migrations, not domain migrations
    schemaGenerator: { skipTables: [...KIT_TABLES] },
    migrations: {
      migrationsList: o.migrations,
      path: o.migrationsDir,
      pathTs: o.migrationsDir,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
    },
    filters: {
      [TENANT_FILTER]: {
        cond: (args: { tenantId: string }) => ({ tenantId: args.tenantId }),
        entity: tenantEntities,
        default: true,
      },
    },
    pool: { min: 0, max: o.poolSize },
    // Store.sql's prepared statements (hot, fixed-shape lookups by key: see store.ts) keep one generic
    // plan per connection instead of being planned again for each call's values (PostgreSQL's default
    // when the generic plan's estimate looks dearer, e.g. for `= any($1)`: a checkout's variant read
    // was planned anew every time, 1.1 ms of PostgreSQL CPU). Unnamed statements are not affected
    driverOptions: { connection: { options: '-c plan_cache_mode=force_generic_plan' } },
    // MikroORM keeps the open transaction in an async context under this name: one name per domain,
    // or another domain's ORM called inside this one's transaction (through the supergraph) would
    // join it instead of using its own connections
    contextName: o.dbSchema,
    forceUtcTimezone: true,
    allowGlobalContext: false,
    ensureDatabase: false,
    debug: false,
    logger: (m) => o.log.debug({ orm: o.dbSchema }, m),
    colors: false,
  });
}

/**
 * Whether every kit migration and every one of `migrations` (the domain's own) is recorded as
 * applied in the ORM's schema: one statement, without a lock, so that a start on a database that
 * is up to date (almost every start) skips the migration lock and the migrator. False when the
 * bookkeeping tables are not there yet.
 */
export async function migrationsCurrent(orm: Orm, migrations: ReadonlyArray<{ name: string }>, readIgnores: readonly string[] = []): Promise<boolean> {
  const schema = orm.config.get('schema');
  const names = migrations.map((m) => m.name);
  const kit = [...KIT_MIGRATIONS.map((m) => m.name), readTriggerStamp(names, readIgnores)];
  const own = names.length ? `(select count(*) from "${schema}"."mikro_orm_migrations" where name in (?))::int` : '0';
  try {
    const [row] = await orm.em
      .getConnection()
      .execute<Array<{ kit: number; own: number }>>(
        `select (select count(*) from "${schema}"."kit_migration" where name in (?))::int as kit, ${own} as own`,
        names.length ? [kit, names] : [kit],
      );
    return row.kit === kit.length && row.own === names.length;
  } catch {
    return false;
  }
}

/**
 * A domain's migrations in order (its generated `src/migrations/index.ts`), each class loaded from
 * `<dir>/<name>` only when the migrator asks for it: the migration files import
 * `@mikro-orm/migrations`, which takes about half a second to load, and a start on an up-to-date
 * database needs only the names.
 */
export function migrationList(dir: string, names: readonly string[]): MigrationObject[] {
  return names.map((name) => ({
    name,
    get class() {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand, by a name known only at run time
      return (require(path.join(dir, name)) as Record<string, MigrationObject['class']>)[name];
    },
  }));
}

/**
 * The ORM's migrator, its module loaded on first use: it takes about half a second to load, and a
 * start on an up-to-date database (`migrationsCurrent`) never needs it.
 */
export async function migratorOf(orm: Orm): Promise<Migrator> {
  const { Migrator: M } = await import('@mikro-orm/migrations');
  if (!orm.config.getExtension('@mikro-orm/migrator')) M.register(orm);
  return orm.getMigrator() as Migrator;
}

/**
 * Brings the subgraph's schema up to date: first the kit migrations (outbox, idempotency records;
 * see kit-migrations.ts), then the subgraph's own MikroORM migrations, then the read-change
 * triggers on its tables (read-changes.ts; `readIgnores`: the domain's `readCacheIgnores`). Returns
 * what was applied (kit migrations as `kit/<name>`); a second run returns nothing.
 */
export async function migrate(orm: Orm, readIgnores: readonly string[] = []): Promise<string[]> {
  const schema = orm.config.get('schema');
  if (!schema) throw new Error('migrate: the ORM has no schema');
  await orm.em.getConnection().execute(`create schema if not exists "${schema}"`);
  const kit = await applyKitMigrations(orm.em.getKnex(), schema);
  const done = await (await migratorOf(orm)).up();
  const list = (orm.config.get('migrations').migrationsList ?? []) as Array<{ name: string }>;
  await syncReadTriggers(
    orm.em.getKnex(),
    schema,
    readIgnores,
    readTriggerStamp(
      list.map((m) => m.name),
      readIgnores,
    ),
  );
  return [...kit.map((n) => `kit/${n}`), ...done.map((m) => m.name)];
}
