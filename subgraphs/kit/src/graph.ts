import { print, type DocumentNode, type ExecutionResult } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { RequestContext } from './context';
import { DomainError, isErrorType } from './errors';

export type { TypedDocumentNode };

/**
 * How a domain asks another domain for something: an operation against the supergraph, run as a
 * given context (usually `systemContext(log, tenantId)` for the platform's own calls), never by
 * importing the other domain's services or reading its tables. In the one-process platform it runs
 * through the loaded gateway; GraphQL errors come back as the DomainErrors they were.
 *
 * Domains pass the typed documents of their ports (`src/ports/generated.ts`, generated from
 * `src/ports/*.graphql` by `npm run ports:generate`): the result and the variables are typed by the
 * supergraph. A string source is only for documents that tenants store (webhook payload selections).
 */
export interface GraphClient {
  execute<R, V>(ctx: RequestContext, document: TypedDocumentNode<R, V>, variables?: V): Promise<R>;
  execute<T = any>(ctx: RequestContext, source: string, variables?: Record<string, unknown>): Promise<T>;
  /**
   * The validation errors of an operation document against the supergraph's API schema (empty:
   * it validates), without running it; for documents that tenants store (webhook payload selections).
   */
  validate?(source: string): string[];
}

/** Validates a document against the supergraph (throws GraphQL's syntax error as it is). */
export type GraphValidator = (source: string) => string[];

export type GraphExecutor = (ctx: RequestContext, source: string, variables: Record<string, unknown>) => Promise<ExecutionResult>;

/** the printed source of a port's document (printed once per document) */
const printed = new WeakMap<DocumentNode, string>();
export function sourceOf(document: DocumentNode | string): string {
  if (typeof document === 'string') return document;
  let source = printed.get(document);
  if (source === undefined) printed.set(document, (source = print(document)));
  return source;
}

/** A GraphClient bound to the gateway once it is loaded (subgraphs start before the gateway exists). */
export class GraphLink implements GraphClient {
  private executor?: GraphExecutor;
  private validator?: GraphValidator;

  bind(executor: GraphExecutor, validator?: GraphValidator): void {
    this.executor = executor;
    this.validator = validator;
  }

  validate(source: string): string[] {
    if (!this.validator) throw new DomainError('api_error', 'internal_error', 'The supergraph is not reachable from this process');
    return this.validator(source);
  }

  execute<R, V>(ctx: RequestContext, document: TypedDocumentNode<R, V>, variables?: V): Promise<R>;
  execute<T = any>(ctx: RequestContext, source: string, variables?: Record<string, unknown>): Promise<T>;
  async execute(ctx: RequestContext, document: DocumentNode | string, variables: unknown = {}): Promise<unknown> {
    if (!this.executor) throw new DomainError('api_error', 'internal_error', 'The supergraph is not reachable from this process');
    const result = await this.executor(ctx, sourceOf(document), variables as Record<string, unknown>);
    const first = result.errors?.[0];
    if (first) {
      const ext = (first.extensions ?? {}) as { type?: unknown; code?: unknown; errors?: never };
      if (isErrorType(ext.type) && typeof ext.code === 'string') throw new DomainError(ext.type, ext.code, first.message, ext.errors);
      ctx.log.error({ err: first }, 'supergraph call failed');
      throw new DomainError('api_error', 'internal_error', 'An internal error occurred');
    }
    return result.data;
  }
}
