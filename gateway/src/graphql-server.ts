import express, { type RequestHandler } from 'express';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { contextFailure, type RequestContext } from '@svc/kit';
import type { ContextBuilder } from './context';
import type { LoadedGateway } from './gateway';

export interface GraphQLServer {
  /** the `/graphql` handler: JSON body, context from the one context builder, the supergraph */
  handler: RequestHandler[];
  stop(): Promise<void>;
}

/** Apollo Server over the loaded supergraph: the GraphQL door of the platform. */
export interface GraphQLServerOptions {
  /** schema introspection (and schema hints in errors); off in production */
  introspection: boolean;
}

export async function createGraphQLServer(gw: LoadedGateway, builder: ContextBuilder, opts: GraphQLServerOptions): Promise<GraphQLServer> {
  const apollo = new ApolloServer<RequestContext>({
    gateway: {
      load: async () => ({ schema: gw.apiSchema, executor: gw.executor }),
      onSchemaLoadOrUpdate: (cb) => {
        cb({ apiSchema: gw.apiSchema, coreSupergraphSdl: gw.supergraphSdl });
        return () => undefined;
      },
      stop: async () => undefined,
    },
    includeStacktraceInErrorResponses: false,
    introspection: opts.introspection,
    // without introspection, errors must not leak the schema either ("Did you mean …?")
    hideSchemaDetailsFromClientErrors: !opts.introspection,
    // the default landing page loads Apollo's sandbox from a CDN; the platform serves GraphiQL itself
    plugins: [ApolloServerPluginLandingPageDisabled()],
    // the platform owns SIGINT/SIGTERM and stops every part in order
    stopOnTerminationSignals: false,
    formatError: (formatted) => {
      const ext = formatted.extensions ?? {};
      if (ext.type) {
        const extensions = { type: ext.type, code: ext.code, ...(ext.errors ? { errors: ext.errors } : {}), ...(ext.retry_after ? { retry_after: ext.retry_after } : {}) };
        return { message: formatted.message, path: formatted.path, extensions };
      }
      return formatted;
    },
  });
  await apollo.start();
  const handler = [
    express.json({ limit: '1mb' }),
    expressMiddleware(apollo, {
      context: async ({ req }) => {
        try {
          return await builder.build(req.headers, { ip: req.ip });
        } catch (err) {
          throw contextFailure(err);
        }
      },
    }),
  ];
  return { handler, stop: () => apollo.stop() };
}
