import express, { type Request, type RequestHandler, type Response } from 'express';
import {
  GraphQLError,
  GraphQLID,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  GraphQLBoolean,
  getOperationAST,
  parse,
  subscribe,
  validate,
  type DocumentNode,
  type ExecutionResult,
} from 'graphql';
import { createHandler } from 'graphql-sse';
import { DomainError, JSONScalar, looksLikeId, toDomainError, type Logger, type OutboxReader, type RequestContext } from '@svc/kit';
import type { ContextBuilder } from './context';
import {
  clientOf,
  checkOperation,
  countTokens,
  limitsFor,
  rateKeyOf,
  setRateLimitHeaders,
  DEFAULT_GRAPHQL_LIMITS,
  type GraphQLLimits,
  type GraphQLRateLimits,
} from './limits';
import { parseTypeFilter, toStreamEvent, type EventHub, type StreamEnd, type StreamEvent, type StreamSubscriber } from './event-hub';

/*
 * `/graphql/stream`: live domain events over GraphQL over SSE (graphql-sse, distinct connections
 * mode only). The supergraph has no subscriptions (@apollo/gateway cannot run them), and domain
 * events belong to every domain, so this small schema lives here, in the gateway, next to the one
 * place that authenticates. Everything that can be refused is refused with a JSON error and its
 * status BEFORE the stream opens; once it is open, events flow until the client disconnects.
 */

interface StreamOperationContext {
  ctx: RequestContext;
  subscriber: StreamSubscriber;
}

const DomainEventType = new GraphQLObjectType({
  name: 'DomainEvent',
  description: "A domain event of the subscriber's store, as it was committed (payload secrets redacted)",
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID), description: 'the event id (`evt_…`), unique' },
    type: { type: new GraphQLNonNull(GraphQLString), description: 'e.g. `customer.created`' },
    created_at: { type: new GraphQLNonNull(GraphQLString), description: 'when the change committed (ISO 8601)' },
    entity_id: { type: GraphQLID, description: 'the entity the event is about (`data.id` or `data.<aggregate>_id`), when the payload names it' },
    request_id: { type: GraphQLString, description: 'the request that caused it (x-request-id)' },
    data: { type: new GraphQLNonNull(JSONScalar), description: 'the payload of the event type (see the domain READMEs)' },
  },
});

/** The schema of `/graphql/stream`: one subscription (the query root is required by GraphQL and serves nothing here). */
export const eventStreamSchema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      _unused: {
        type: GraphQLBoolean,
        description: 'Queries and mutations are served at /graphql; this endpoint serves subscriptions only',
        resolve: () => null,
      },
    },
  }),
  subscription: new GraphQLObjectType({
    name: 'Subscription',
    fields: {
      domainEvents: {
        type: new GraphQLNonNull(DomainEventType),
        description:
          "Live domain events of the admin's store from now on (after the events it missed, for a stream that reconnects with the Last-Event-ID header). `types`: event types (`order.placed`), prefixes (`order.*`) or `*`; absent or empty: every type.",
        args: { types: { type: new GraphQLList(new GraphQLNonNull(GraphQLString)) } },
        subscribe: (_src: unknown, args: { types?: string[] | null }, c: StreamOperationContext) => {
          c.subscriber.setFilter(parseTypeFilter(args.types));
          return c.subscriber;
        },
        resolve: (event: unknown) => event,
      },
    },
  }),
});

export interface EventStreamOptions {
  builder: ContextBuilder;
  /** the instance's fan-out; undefined: streams are unavailable here (no job queue / relay) → 503 */
  hub: EventHub | undefined;
  /** bytes a stream may have unsent before it is disconnected as too slow */
  bufferBytes: number;
  limits?: GraphQLLimits;
  rateLimits?: GraphQLRateLimits;
  /** `Last-Event-ID` replay from the outboxes; undefined: the header is ignored (live events only) */
  replay?: StreamReplay;
  log: Logger;
}

export interface StreamReplay {
  reader: Pick<OutboxReader, 'publishedAt' | 'after'>;
  /** how far back a reconnecting stream may resume: an older last event answers 409 `replay_unavailable` */
  windowMs: number;
  /**
   * the replay starts this long before the last event's relay: relays of different domains commit in
   * their own order, so an event relayed just before the last one may have reached no stream yet
   * (at least once: an event may come twice, never not at all; clients drop ids they have seen)
   */
  overlapMs: number;
  /** events read from the outboxes at a time */
  pageSize?: number;
  now?: () => number;
}

/** The tenant's events after `from`, page by page, as streams deliver them. */
async function* replayed(r: StreamReplay, tenantId: string, from: { publishedAt: Date; id: string }, skip: string): AsyncGenerator<StreamEvent> {
  let cursor = from;
  for (;;) {
    const page = await r.reader.after(tenantId, cursor, r.pageSize ?? 500);
    for (const e of page) if (e.id !== skip) yield toStreamEvent(e);
    if (page.length < (r.pageSize ?? 500)) return;
    const last = page[page.length - 1];
    cursor = { publishedAt: last.published_at, id: last.id };
  }
}

/** Where a reconnecting stream resumes (`Last-Event-ID`): refused before the stream opens when it cannot. */
async function replayStart(r: StreamReplay, tenantId: string, header: string | string[] | undefined): Promise<{ publishedAt: Date; id: string } | undefined> {
  if (header === undefined) return undefined;
  const id = Array.isArray(header) ? header[0] : header;
  if (typeof id !== 'string' || !looksLikeId(id.trim(), 'evt')) {
    const message = 'Last-Event-ID must be the id of an event this stream delivered (evt_…)';
    throw new DomainError('validation_error', 'invalid_field', message, [{ field: 'Last-Event-ID', code: 'invalid_field', message }]);
  }
  const publishedAt = await r.reader.publishedAt(tenantId, id.trim());
  if (!publishedAt) {
    throw new DomainError(
      'conflict',
      'replay_unavailable',
      "Last-Event-ID names no event of the store's streams; reconnect without it and read the current state",
    );
  }
  if (publishedAt.getTime() < (r.now ?? Date.now)() - r.windowMs) {
    throw new DomainError(
      'conflict',
      'replay_unavailable',
      `Events are replayed for ${Math.round(r.windowMs / 3_600_000)} hours; reconnect without Last-Event-ID and read the current state`,
    );
  }
  return { publishedAt: new Date(publishedAt.getTime() - r.overlapMs), id: '' };
}

const sendJsonError = (res: Response, status: number, body: object) => {
  if (res.headersSent) return;
  res.setHeader('cache-control', 'no-store');
  res.status(status).json(body);
};

const fail = (res: Response, err: unknown, log: Logger) => {
  const e = toDomainError(err);
  if (!(err instanceof DomainError) && e.type === 'api_error') log.error({ err }, 'event stream request failed');
  if (e.type === 'rate_limit_error' && e.retryAfterSeconds) res.setHeader('retry-after', String(e.retryAfterSeconds));
  sendJsonError(res, e.status, e.toBody());
};

/** The params of a GraphQL-over-HTTP request: GET query string or POST JSON body. */
function paramsOf(req: Request): { query: string; variables?: Record<string, unknown>; operationName?: string } {
  let raw: Record<string, unknown>;
  if (req.method === 'GET') {
    const q = req.query as Record<string, unknown>;
    raw = { query: q.query, operationName: q.operationName };
    if (typeof q.variables === 'string') {
      try {
        raw.variables = JSON.parse(q.variables);
      } catch {
        throw new DomainError('validation_error', 'invalid_field', 'variables must be a JSON object');
      }
    }
  } else {
    if (!req.is('application/json')) {
      throw new DomainError('unsupported_media_type', 'unsupported_media_type', 'POST the operation as application/json: {query, variables, operationName}');
    }
    raw = (req.body ?? {}) as Record<string, unknown>;
  }
  if (typeof raw.query !== 'string' || !raw.query.trim()) throw new DomainError('validation_error', 'missing_field', 'query is required');
  if (raw.variables != null && (typeof raw.variables !== 'object' || Array.isArray(raw.variables))) {
    throw new DomainError('validation_error', 'invalid_field', 'variables must be a JSON object');
  }
  if (raw.operationName != null && typeof raw.operationName !== 'string')
    throw new DomainError('validation_error', 'invalid_field', 'operationName must be a string');
  return {
    query: raw.query,
    variables: (raw.variables as Record<string, unknown> | null) ?? undefined,
    operationName: (raw.operationName as string | null) ?? undefined,
  };
}

const invalidQuery = (message: string, code = 'invalid_query') => new DomainError('validation_error', code, message);

/** The error of a failed subscribe: a domain error keeps its type and code, anything else is a 400 `invalid_query`. */
function subscribeError(result: ExecutionResult): DomainError {
  const first = result.errors?.[0];
  const original = first?.originalError;
  if (original instanceof DomainError) return original;
  if (original && !(original instanceof GraphQLError)) return toDomainError(original);
  return invalidQuery(result.errors?.map((e) => e.message).join('; ') || 'The subscription could not start');
}

function endMessage(why: StreamEnd): string {
  const error =
    why === 'slow_consumer'
      ? {
          message: 'The stream was closed because its client did not read fast enough; reconnect',
          extensions: { type: 'rate_limit_error', code: 'slow_consumer' },
        }
      : { message: 'The server is shutting down; reconnect', extensions: { type: 'api_error', code: 'shutting_down' } };
  return `event: next\ndata: ${JSON.stringify({ errors: [error] })}\n\nevent: complete\ndata:\n\n`;
}

/**
 * The `/graphql/stream` handler: admin authentication (the gateway's ContextBuilder), the admin
 * rate-limit window, the trusted GraphQL limits, a per-tenant stream limit, then graphql-sse.
 */
export function createEventStreamHandler(o: EventStreamOptions): RequestHandler[] {
  const limits = o.limits ?? DEFAULT_GRAPHQL_LIMITS;
  // distinct connections mode only: one request = one stream = one operation. The single
  // connection mode keeps reservations in one process's memory and would authenticate a reservation,
  // not each operation; `authenticate: () => null` switches it off.
  const sse = createHandler<Request, { result: AsyncGenerator<ExecutionResult> }>({
    schema: eventStreamSchema,
    authenticate: () => null,
    onSubscribe: (req) => req.context.result,
  });
  const body = express.json({ limit: '64kb' });

  const handle: RequestHandler = async (req, res) => {
    const log = (res.locals.log as Logger | undefined) ?? o.log;
    res.setHeader('cache-control', 'no-store');
    if (req.method !== 'GET' && req.method !== 'POST') {
      res.setHeader('allow', 'GET, POST');
      return sendJsonError(res, 405, {
        type: 'validation_error',
        code: 'method_not_allowed',
        message: 'Subscribe with GET or POST (Accept: text/event-stream)',
      });
    }
    const hub = o.hub;
    if (!hub) {
      return sendJsonError(res, 503, {
        type: 'api_error',
        code: 'streams_unavailable',
        message: 'Live event streams are not available on this instance: its background workers are disabled (WORKERS_DISABLED)',
      });
    }
    let subscriber: StreamSubscriber | undefined;
    try {
      const ctx = await o.builder.build(req.headers, { ip: clientOf(req, res).ip ?? undefined }, res.locals.requestId as string | undefined, log);
      if (ctx.actor.type === 'anonymous' || !ctx.actor.type)
        throw new DomainError('authentication_error', 'authentication_required', 'An admin token is required (Authorization: Bearer <token>)');
      if (ctx.actor.type !== 'admin' || !ctx.tenantId)
        throw new DomainError('permission_error', 'forbidden', 'Only admins of a store may subscribe to its events');
      if (o.rateLimits) {
        const r = rateKeyOf(ctx, clientOf(req, res), o.rateLimits);
        if (r) {
          const d = await o.rateLimits.store.hit(r.key, r.limit, o.rateLimits.windowMs ?? 1000);
          setRateLimitHeaders(res, d);
          if (!d.allowed) throw new DomainError('rate_limit_error', 'rate_limited', 'Too many requests; retry after the Retry-After seconds');
        }
      }
      if (!String(req.headers.accept ?? '').includes('text/event-stream')) {
        return sendJsonError(res, 406, {
          type: 'validation_error',
          code: 'event_stream_required',
          message: 'This endpoint answers event streams only: send Accept: text/event-stream',
        });
      }
      const params = paramsOf(req);
      const l = limitsFor(ctx, limits);
      if (countTokens(params.query, l.maxTokens) > l.maxTokens) throw invalidQuery(`The query has more than ${l.maxTokens} tokens`, 'query_too_complex');
      let document: DocumentNode;
      try {
        document = parse(params.query);
      } catch (err) {
        throw invalidQuery((err as Error).message);
      }
      const op = getOperationAST(document, params.operationName);
      if (!op)
        throw invalidQuery(
          params.operationName
            ? `No operation named "${params.operationName}"`
            : 'The document must contain exactly one operation, or name one with operationName',
        );
      if (op.operation !== 'subscription') {
        throw invalidQuery(
          `/graphql/stream serves subscriptions only; send ${op.operation === 'query' ? 'queries' : 'mutations'} to /graphql`,
          'subscription_required',
        );
      }
      const errors = validate(eventStreamSchema, document);
      if (errors.length) throw invalidQuery(errors.map((e) => e.message).join('; '));
      try {
        checkOperation(eventStreamSchema, document, params.variables, params.operationName, l);
      } catch (err) {
        throw invalidQuery((err as Error).message, 'query_too_complex');
      }
      const resumeAt = o.replay ? await replayStart(o.replay, ctx.tenantId, req.headers['last-event-id']) : undefined;
      subscriber = hub.open(ctx.tenantId);
      if (resumeAt && o.replay) subscriber.replayFrom(replayed(o.replay, ctx.tenantId, resumeAt, String(req.headers['last-event-id']).trim()));
      // a client gone at any point from here frees its slot (close is idempotent)
      const opened = subscriber;
      res.once('close', () => opened.close());
      const result = await subscribe({
        schema: eventStreamSchema,
        document,
        variableValues: params.variables,
        operationName: params.operationName,
        contextValue: { ctx, subscriber } satisfies StreamOperationContext,
      });
      if (!(Symbol.asyncIterator in result)) throw subscribeError(result);
      const sub = subscriber;
      const [stream, init] = await sse({
        method: 'POST',
        url: req.originalUrl,
        headers: { get: (key: string) => (key === 'accept' ? 'text/event-stream' : key === 'content-type' ? 'application/json' : undefined) },
        body: params as unknown as Record<string, unknown>,
        raw: req,
        context: { result },
      });
      if (!stream || typeof stream === 'string') {
        sub.close();
        return sendJsonError(res, init.status >= 400 ? init.status : 500, { type: 'api_error', code: 'internal_error', message: 'The stream could not start' });
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // proxies must pass events on at once
        'x-accel-buffering': 'no',
      });
      const finish = (why?: StreamEnd) => {
        if (res.writableEnded || res.destroyed) return;
        if (why) res.write(endMessage(why));
        res.end();
        // a client that reads nothing any more must not hold the socket
        if (why) setTimeout(() => res.destroy(), 5000).unref();
      };
      sub.onEnd = (why) => {
        finish(why);
        void stream.return(undefined);
      };
      const gone = () => void stream.return(undefined);
      if (res.closed || res.destroyed) {
        sub.close();
        gone();
        return;
      }
      res.once('close', gone);
      for await (const chunk of stream) {
        if (res.writableEnded || res.destroyed) break;
        // each event's message carries its id: a client that reconnects sends the last one as Last-Event-ID
        const id = chunk.startsWith('event: next') ? sub.handed.shift() : undefined;
        res.write(id ? `id: ${id}\n${chunk}` : chunk);
        // the socket does not take what is written: the client is too slow (or gone)
        if (res.writableLength > o.bufferBytes) {
          sub.end('slow_consumer');
          break;
        }
      }
      sub.close();
      finish();
    } catch (err) {
      subscriber?.close();
      if (res.headersSent) {
        log.warn({ err }, 'event stream failed');
        if (!res.writableEnded) res.end();
        return;
      }
      fail(res, err, log);
    }
  };
  return [(req, res, next) => (req.method === 'POST' ? body(req, res, next) : next()), handle];
}
