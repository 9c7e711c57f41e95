import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { contextFailure, contextFromClaims, type Logger, type RequestContext, type SubgraphRuntime } from '@svc/kit';
import { CONTEXT_HEADER, SIGNATURE_HEADER, verifyClaims } from './context';
import { MAX_REPRESENTATIONS } from './gateway';

export interface SubgraphServer {
  url: string;
  close(): Promise<void>;
}

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * One subgraph as its own HTTP service (scale-out mode). It trusts only the context the gateway
 * signed with INTERNAL_SECRET; direct calls without it are refused.
 */
export async function serveSubgraph(
  rt: SubgraphRuntime<any>,
  opts: { port: number; host: string; internalSecret: string; log: Logger },
): Promise<SubgraphServer> {
  const apollo = new ApolloServer<RequestContext>({
    schema: rt.schema,
    plugins: [ApolloServerPluginInlineTraceDisabled()],
    includeStacktraceInErrorResponses: false,
    // the platform owns SIGINT/SIGTERM and stops every part in order
    stopOnTerminationSignals: false,
    csrfPrevention: true,
  });
  await apollo.start();
  const app = express();
  app.disable('x-powered-by');
  app.get('/health', (_req, res) => void res.json({ status: 'ok', subgraph: rt.name }));
  app.use(
    '/graphql',
    // 16 MB: the gateway forwards admins' media uploads (base64) here; only signed gateway calls are served
    express.json({ limit: '16mb' }),
    // the same cap on federated `_entities` fetches as the in-process data source
    (req, res, next) => {
      const reps = (req.body as { variables?: { representations?: unknown } } | undefined)?.variables?.representations;
      if (!Array.isArray(reps) || reps.length <= MAX_REPRESENTATIONS) return next();
      const message = `An _entities request may carry at most ${MAX_REPRESENTATIONS} representations; got ${reps.length}`;
      res.status(400).json({ errors: [{ message, extensions: { type: 'validation_error', code: 'query_too_complex' } }] });
    },
    expressMiddleware(apollo, {
      context: async ({ req }) => {
        try {
          const claims = verifyClaims(header(req.headers[CONTEXT_HEADER]), header(req.headers[SIGNATURE_HEADER]), opts.internalSecret);
          const ctx = contextFromClaims(claims, opts.log.child({ subgraph: rt.name }));
          ctx.log.debug({ op: (req.body as { operationName?: string })?.operationName }, 'subgraph request');
          return ctx;
        } catch (err) {
          throw contextFailure(err);
        }
      },
    }),
  );
  const server = http.createServer(app);
  // gateways keep idle connections to a subgraph open without a limit of their own: a server closing
  // them after Node's default 5 s races the gateway's next request on the same socket ("socket hang
  // up", seen as 500s on a busy machine); idle connections live as long as the platform's own listener's
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${opts.host === '0.0.0.0' ? '127.0.0.1' : opts.host}:${port}/graphql`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await apollo.stop();
    },
  };
}
