import type { ExecutionResult } from 'graphql';
import type { RequestContext } from './context';
import { DomainError, isErrorType } from './errors';

/**
 * How a domain asks another domain for something: an operation against the supergraph, run as a
 * given context (usually `systemContext(log, tenantId)` for the platform's own calls), never by
 * importing the other domain's services or reading its tables. In the one-process platform it runs
 * through the loaded gateway; GraphQL errors come back as the DomainErrors they were.
 */
export interface GraphClient {
  execute<T = any>(ctx: RequestContext, source: string, variables?: Record<string, unknown>): Promise<T>;
}

export type GraphExecutor = (ctx: RequestContext, source: string, variables: Record<string, unknown>) => Promise<ExecutionResult>;

/** A GraphClient bound to the gateway once it is loaded (subgraphs start before the gateway exists). */
export class GraphLink implements GraphClient {
  private executor?: GraphExecutor;

  bind(executor: GraphExecutor): void {
    this.executor = executor;
  }

  async execute<T = any>(ctx: RequestContext, source: string, variables: Record<string, unknown> = {}): Promise<T> {
    if (!this.executor) throw new DomainError('api_error', 'internal_error', 'The supergraph is not reachable from this process');
    const result = await this.executor(ctx, source, variables);
    const first = result.errors?.[0];
    if (first) {
      const ext = (first.extensions ?? {}) as { type?: unknown; code?: unknown; errors?: never };
      if (isErrorType(ext.type) && typeof ext.code === 'string') throw new DomainError(ext.type, ext.code, first.message, ext.errors);
      ctx.log.error({ err: first }, 'supergraph call failed');
      throw new DomainError('api_error', 'internal_error', 'An internal error occurred');
    }
    return result.data as T;
  }
}
