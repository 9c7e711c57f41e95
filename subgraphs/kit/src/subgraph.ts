import type { Constructor, MigrationObject } from '@mikro-orm/core';
import type { GraphQLSchema } from 'graphql';
import { Client } from 'pg';
import type { Logger } from 'pino';
import type { ContainerType } from 'type-graphql';
import type { ChangeBus } from './change-bus';
import type { Clock } from './clock';
import type { PlatformConfig } from './config';
import { ConfigError, parseSettings, type SettingsDefinition } from './settings';
import type { RequestContext } from './context';
import type { DomainEvents, EventSchemas, Subscription } from './events';
import type { GraphClient } from './graph';
import type { RouteDef } from './rest';
import { createOrm, migrate, migrationsCurrent, type Orm } from './orm';
import { privacyResolverFor, type PrivacyDefinition } from './privacy';
import { buildFederatedSchema, type ClassRef, type ReferenceResolver } from './schema';

/** What a subgraph gets from the platform it runs in (one process or its own server). */
export interface PlatformDeps {
  config: PlatformConfig;
  dbUrl: string;
  log: Logger;
  bus: ChangeBus;
  /** the supergraph, for calls into other domains (bound once the gateway is loaded) */
  graph?: GraphClient;
  /** absolute base URL of the platform (PUBLIC_URL, else the listener once it listens) */
  publicUrl?: () => string;
  /** the time of rate limits and sign-in throttles (the system clock unless a test passes one) */
  clock?: Clock;
}

/** What a domain's `createServices` gets: its ORM, the platform, and its own validated settings. */
export interface ServiceFactoryArgs<C = unknown> {
  orm: Orm;
  deps: PlatformDeps;
  /** the domain's settings (its manifest's `settings`), validated at start */
  settings: C;
}

export interface SeedContext {
  /** system context of the demo tenant (operator role, tenant set) */
  ctx: RequestContext;
  tenantId: string;
  /** absolute base URL of the platform (PUBLIC_URL or the listener), for links in seeded data */
  publicUrl: string;
  /** directory served at `/static` (under DATA_DIR): seeded files go here */
  staticDir: string;
  log: Logger;
}

/** A background job of a domain, run by the job queue (`schedule`: cron, in UTC). */
export interface JobDefinition<S = any> {
  name: string;
  schedule?: string;
  handler: (data: Record<string, unknown>, ctx: RequestContext, services: S) => Promise<void>;
}

/**
 * The manifest of a domain (its `src/index.ts` exports it as `domain`): everything it contributes
 * to the platform. The platform discovers every `subgraphs/<name>` package whose package.json
 * has `"svc": { "domain": … }`; nothing else lists domains by hand.
 */
export interface DomainDefinition<S = any, C = any> {
  name: string;
  /**
   * the domain's own settings (environment variables, `defineSettings`), validated before the
   * platform starts and handed to `createServices` as `settings`; platform-wide ones are in `config`
   */
  settings?: SettingsDefinition<C>;
  /** PostgreSQL schema that holds this subgraph's tables */
  dbSchema: string;
  entities: Constructor<object>[];
  migrations: MigrationObject[];
  migrationsDir: string;
  /**
   * tables whose writes never change an answer of the domain's public reads (carts, sessions,
   * payment attempts): they get no read-change trigger, so writing them keeps the response cache
   * (kit read-changes.ts). Only tables that no cacheable read looks at.
   */
  readCacheIgnores?: string[];
  /**
   * columns holding moments at which the domain's public answers change without a write (a
   * scheduled post's `published_at`, a hold's `expires_at`, an event's `ends_at`): the response
   * cache keeps no answer of a store past the next such moment (platform response-cache.ts)
   */
  readSchedules?: Array<{ table: string; column: string }>;
  resolvers: ClassRef[];
  orphanedTypes?: ClassRef[];
  createServices(args: ServiceFactoryArgs<C>): S;
  /** `__resolveReference` of every `@key` type (the schema build fails when one is missing) */
  references?(services: S): Record<string, ReferenceResolver>;
  /** the domain's own events (name -> payload schema) */
  events?: DomainEvents<EventSchemas>;
  /** handlers of events (its own or other domains'), run through the job queue */
  subscriptions?: Subscription<S>[];
  jobs?: JobDefinition<S>[];
  /** REST routes (`src/rest/routes.ts`) and the folder of their named operations */
  routes?: RouteDef[];
  operationsDir?: string;
  /**
   * the folder of its ports (`src/ports/`): the operations it runs against other domains, one
   * `<provider>.graphql` per domain it calls, each operation named `<Domain>…`; validated against
   * the supergraph at start and typed by `npm run ports:generate` (`src/ports/generated.ts`)
   */
  ports?: string;
  /**
   * the customer's personal data it keeps (privacy export and erasure, `kit/privacy.ts`): gives the
   * domain the operator-only fields `<domain>CustomerData` and `erase<Domain>CustomerData`
   */
  privacy?: PrivacyDefinition<S>;
  /** demo store content, run once when the demo tenant is created */
  seed?(services: S, seed: SeedContext): Promise<void>;
  /** after migrations: start caches and listeners */
  start?(services: S, deps: PlatformDeps): Promise<void>;
  stop?(services: S): Promise<void>;
}

export const defineDomain = <S, C = undefined>(def: DomainDefinition<S, C>): DomainDefinition<S, C> => def;

/** A domain's validated settings from the configuration's environment (ConfigError naming the variable). */
export function domainSettings<C>(def: Pick<DomainDefinition<unknown, C>, 'name' | 'settings'>, config: Pick<PlatformConfig, 'environment'>): C {
  return def.settings ? parseSettings(`the ${def.name} domain`, def.settings, config.environment) : (undefined as C);
}

/** Checks every domain's settings before anything starts: one ConfigError listing all that are wrong. */
export function checkDomainSettings(defs: Pick<DomainDefinition, 'name' | 'settings'>[], config: Pick<PlatformConfig, 'environment'>): void {
  const problems: string[] = [];
  for (const def of defs) {
    try {
      domainSettings(def, config);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      problems.push(err.message);
    }
  }
  if (problems.length) throw new ConfigError(problems.join('\n'));
}

export interface SubgraphRuntime<S = unknown> {
  name: string;
  def: DomainDefinition<S>;
  orm: Orm;
  services: S;
  schema: GraphQLSchema;
  sdl: string;
  close(): Promise<void>;
}

function containerFor(services: unknown): ContainerType {
  const instances = new Map<object, unknown>();
  return {
    get(cls: new (s: unknown) => unknown) {
      let inst = instances.get(cls);
      if (!inst) {
        inst = new cls(services);
        instances.set(cls, inst);
      }
      return inst;
    },
  };
}

export function buildSubgraphSchemaFor<S>(def: DomainDefinition<S>, services: S) {
  return buildFederatedSchema({
    resolvers: def.privacy ? [...def.resolvers, privacyResolverFor(def)] : def.resolvers,
    orphanedTypes: def.orphanedTypes,
    container: containerFor(services),
    references: def.references?.(services),
  });
}

/** The SDL of a subgraph without touching a database (schema generation, drift test). */
export function subgraphSdl(def: DomainDefinition<unknown>): string {
  return buildSubgraphSchemaFor(def, {} as never).sdl;
}

/** advisory lock key space of migrations (an arbitrary constant; the second key is the schema's hash) */
const MIGRATION_LOCK = 0x6d6967;

/** Runs `fn` holding a session advisory lock of the schema, so that one process at a time migrates it. */
async function withMigrationLock<T>(dbUrl: string, schema: string, fn: () => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: dbUrl, application_name: 'platform-migrate' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, hashtext($2))', [MIGRATION_LOCK, schema]);
    return await fn();
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function startSubgraph<S>(def: DomainDefinition<S>, deps: PlatformDeps, opts: { migrate?: boolean } = {}): Promise<SubgraphRuntime<S>> {
  const orm = await createOrm({
    dbSchema: def.dbSchema,
    entities: def.entities,
    migrations: def.migrations,
    migrationsDir: def.migrationsDir,
    url: deps.dbUrl,
    poolSize: deps.config.dbPoolSize,
    log: deps.log,
  });
  try {
    if (opts.migrate && !(await migrationsCurrent(orm, def.migrations, def.readCacheIgnores))) {
      // several processes of one domain may start at once on a database not yet migrated
      const applied = await withMigrationLock(deps.dbUrl, def.dbSchema, () => migrate(orm, def.readCacheIgnores));
      if (applied.length) deps.log.info({ subgraph: def.name, applied }, 'migrations applied');
    }
    const services = def.createServices({ orm, deps, settings: domainSettings(def, deps.config) });
    const { schema, sdl } = buildSubgraphSchemaFor(def, services);
    await def.start?.(services, deps);
    return {
      name: def.name,
      def,
      orm,
      services,
      schema,
      sdl,
      close: async () => {
        await def.stop?.(services);
        await orm.close(true);
      },
    };
  } catch (err) {
    await orm.close(true).catch(() => undefined);
    throw err;
  }
}
