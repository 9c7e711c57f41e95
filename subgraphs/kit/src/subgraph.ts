import type { Constructor, MigrationObject } from '@mikro-orm/core';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { ContainerType } from 'type-graphql';
import type { ChangeBus } from './change-bus';
import type { PlatformConfig } from './config';
import type { JobQueue } from './jobs';
import { createOrm, migrate, type Orm } from './orm';
import { buildFederatedSchema, type ReferenceResolver } from './schema';

/** What a subgraph gets from the platform it runs in (one process or its own server). */
export interface PlatformDeps {
  config: PlatformConfig;
  dbUrl: string;
  log: Logger;
  bus: ChangeBus;
}

export interface ServiceFactoryArgs {
  orm: Orm;
  deps: PlatformDeps;
}

/** The one registry of a subgraph (its module.ts): entities, resolvers, references, services. */
export interface SubgraphDefinition<S = unknown> {
  name: string;
  /** PostgreSQL schema that holds this subgraph's tables */
  dbSchema: string;
  entities: Constructor<object>[];
  migrations: MigrationObject[];
  migrationsDir: string;
  resolvers: Function[];
  orphanedTypes?: Function[];
  createServices(args: ServiceFactoryArgs): S;
  references?(services: S): Record<string, ReferenceResolver>;
  /** after migrations: start caches, listeners, job handlers */
  start?(services: S, deps: PlatformDeps, queue?: JobQueue): Promise<void>;
  stop?(services: S): Promise<void>;
}

export const defineSubgraph = <S>(def: SubgraphDefinition<S>): SubgraphDefinition<S> => def;

export interface SubgraphRuntime<S = unknown> {
  name: string;
  def: SubgraphDefinition<S>;
  orm: Orm;
  services: S;
  schema: GraphQLSchema;
  sdl: string;
  close(): Promise<void>;
}

function containerFor(services: unknown): ContainerType {
  const instances = new Map<Function, unknown>();
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

export function buildSubgraphSchemaFor<S>(def: SubgraphDefinition<S>, services: S) {
  return buildFederatedSchema({
    resolvers: def.resolvers,
    orphanedTypes: def.orphanedTypes,
    container: containerFor(services),
    references: def.references?.(services),
  });
}

/** The SDL of a subgraph without touching a database (schema generation, drift test). */
export function subgraphSdl(def: SubgraphDefinition<unknown>): string {
  return buildSubgraphSchemaFor(def, {} as never).sdl;
}

export async function startSubgraph<S>(
  def: SubgraphDefinition<S>,
  deps: PlatformDeps,
  opts: { migrate?: boolean; queue?: JobQueue } = {},
): Promise<SubgraphRuntime<S>> {
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
    if (opts.migrate) {
      const applied = await migrate(orm);
      if (applied.length) deps.log.info({ subgraph: def.name, applied }, 'migrations applied');
    }
    const services = def.createServices({ orm, deps });
    const { schema, sdl } = buildSubgraphSchemaFor(def, services);
    await def.start?.(services, deps, opts.queue);
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
