import type { Response } from 'express';
import type { GraphQLError } from 'graphql';
import { DomainError, Errors, STATUS_BY_TYPE, graphqlRequestError, isErrorType, toDomainError, type FieldError, type Logger } from '@svc/kit';

/** The facade's one error mapper: DomainError `type` -> HTTP status, body `{type, code, message}`. */
export function sendError(res: Response, err: unknown, log?: Logger): void {
  const e = toDomainError(err);
  if (e.type === 'api_error') log?.error({ err }, 'request failed');
  if (res.headersSent) return;
  if (e.retryAfterSeconds) res.setHeader('retry-after', String(e.retryAfterSeconds));
  res.status(STATUS_BY_TYPE[e.type]).json(e.toBody());
}

/** First GraphQL error of a result -> DomainError (subgraph errors carry type/code extensions). */
export function fromGraphQLErrors(errors: readonly GraphQLError[], log?: Logger): DomainError {
  const first = errors[0];
  const ext = (first.extensions ?? {}) as { type?: unknown; code?: unknown; errors?: FieldError[]; retry_after?: unknown };
  if (isErrorType(ext.type) && typeof ext.code === 'string') {
    const e = new DomainError(ext.type, ext.code, first.message, ext.errors);
    if (typeof ext.retry_after === 'number') e.retryAfterSeconds = ext.retry_after;
    return e;
  }
  // a variable the route's schema let through but GraphQL's input types refuse: the same answer as on /graphql
  if (/^Variable "\$\w+"/.test(first.message)) return graphqlRequestError(first.message, ext.code)!;
  log?.error({ errors: errors.map((e) => ({ message: e.message, path: e.path, ext: e.extensions })) }, 'unexpected GraphQL error');
  return Errors.internal();
}

export { fromZod } from '@svc/kit';
