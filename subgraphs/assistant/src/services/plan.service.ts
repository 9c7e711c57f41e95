import { DomainError, Errors, requireTenant, systemClock, type Clock, type GraphClient, type RequestContext, type Store } from '@svc/kit';
import { toDomainError } from '@svc/kit';
import { assistantEvents } from '../events';
import type { ActionView } from './extract.service';
import { runAction } from './executor';

type Decision = 'approve' | 'reject';

interface ActionResultView {
  index: number;
  type: string;
  operation: string;
  status: 'succeeded' | 'failed';
  result: unknown;
  error: { type: string; code: string; message: string } | null;
}

export interface PlanView {
  id: string;
  stream_id: string;
  session_id: string;
  skill: string;
  status: string;
  actions: ActionView[];
  results: ActionResultView[];
  created_at: string;
  expires_at: string;
  decided_at: string | null;
}

interface PlanRow {
  id: string;
  stream_id: string;
  session_key: string;
  skill: string;
  owner: string;
  status: string;
  actions: ActionView[];
  results: ActionResultView[];
  created_at: Date;
  expires_at: Date;
  decided_at: Date | null;
}

/** `admin:<user id>` or `agent:<key id>`: who made a conversation or plan (403 for anyone else). */
export function ownerOf(ctx: RequestContext): string {
  if (ctx.actor.type !== 'admin' && ctx.actor.type !== 'agent') throw Errors.forbidden();
  return `${ctx.actor.type}:${ctx.actor.id ?? ''}`;
}

/**
 * The identity actions run with: the caller's own context. An agent key acts with the admin role
 * of its own store (its declared scope: the store's server-side automation may do what the store's
 * admin may, and only in that store, and only through plans its caller approved); it stays an
 * agent actor, so everything it does is recorded as the agent's.
 */
export function actingAs(ctx: RequestContext): RequestContext {
  const { tx: _tx, afterCommit: _after, ...plain } = ctx;
  if (ctx.actor.type !== 'agent') return { ...plain, memo: new Map() };
  return { ...plain, memo: new Map(), roles: [...new Set([...ctx.roles, 'admin'])] };
}

export function planView(r: PlanRow): PlanView {
  return {
    id: r.id,
    stream_id: r.stream_id,
    session_id: r.session_key,
    skill: r.skill,
    status: r.status,
    actions: r.actions,
    results: r.results ?? [],
    created_at: new Date(r.created_at).toISOString(),
    expires_at: new Date(r.expires_at).toISOString(),
    decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : null,
  };
}

const COLUMNS = 'id, stream_id, session_key, skill, owner, status, actions, results, created_at, expires_at, decided_at';

/**
 * Plans awaiting a decision: approve (the actions run in order as the caller, each result
 * recorded and announced as `assistant.action_executed`; a failure stops the rest) or reject
 * (nothing runs). The decision is one conditional update of the plan's row in PostgreSQL, so it is
 * taken once whichever instance receives it, also after a restart; a plan past its 15 minutes is
 * expired (409 plan_expired), a decided one 409 plan_already_decided.
 */
export class PlanService {
  constructor(
    private readonly store: Store,
    private readonly graph: () => GraphClient | undefined,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The caller's plan of a stream (another caller's or store's: 404). */
  async get(ctx: RequestContext, streamId: string): Promise<PlanView> {
    return planView(await this.row(ctx, streamId));
  }

  async decide(ctx: RequestContext, streamId: string, decision: Decision): Promise<PlanView> {
    const tenantId = requireTenant(ctx);
    const owner = ownerOf(ctx);
    const now = new Date(this.clock.now());
    const status = decision === 'approve' ? 'running' : 'rejected';
    const decided = await this.store.transaction(ctx, async (_em, tx) => {
      const [row] = await this.store.sql<PlanRow>(
        tx,
        `update ${this.store.table('plan')} set status = ?, decided_at = ?
          where tenant_id = ? and stream_id = ? and owner = ? and status = 'pending' and expires_at > ?
          returning ${COLUMNS}`,
        [status, now, tenantId, streamId, owner, now],
      );
      if (!row) return null;
      const data = { id: row.id, stream_id: row.stream_id, session_id: row.session_key, skill: row.skill };
      if (decision === 'approve') assistantEvents.emitSql(this.store, tx, 'assistant.plan_approved', { ...data, actions: row.actions.length });
      else assistantEvents.emitSql(this.store, tx, 'assistant.plan_rejected', data);
      return row;
    });
    if (!decided) throw await this.refusal(ctx, streamId, now);
    if (decision === 'reject') return planView(decided);
    return this.execute(ctx, decided);
  }

  /** Runs an approved plan's actions in order; the first failure stops the rest. */
  private async execute(ctx: RequestContext, plan: PlanRow): Promise<PlanView> {
    const g = this.graph();
    if (!g) throw new Error('assistant: the graph client is not bound yet');
    const as = actingAs(ctx);
    const results: ActionResultView[] = [];
    let final: PlanRow = plan;
    for (const [index, a] of plan.actions.entries()) {
      let r: ActionResultView;
      try {
        const result = await runAction(g, as, a);
        r = { index, type: a.type, operation: a.operation, status: 'succeeded', result, error: null };
      } catch (err) {
        const e = err instanceof DomainError ? err : toDomainError(err);
        if (!(err instanceof DomainError)) ctx.log.error({ err, plan: plan.id, action: a.type }, 'assistant: a plan action failed');
        r = { index, type: a.type, operation: a.operation, status: 'failed', result: null, error: { type: e.type, code: e.code, message: e.message } };
      }
      results.push(r);
      const last = r.status === 'failed' || index === plan.actions.length - 1;
      const status = r.status === 'failed' ? 'failed' : last ? 'executed' : 'running';
      final = await this.store.transaction(ctx, async (_em, tx) => {
        const [row] = await this.store.sql<PlanRow>(
          tx,
          `update ${this.store.table('plan')} set results = results || ?::jsonb, status = ?, finished_at = ?
            where tenant_id = ? and id = ? returning ${COLUMNS}`,
          [JSON.stringify([r]), status, last ? new Date(this.clock.now()) : null, requireTenant(ctx), plan.id],
        );
        assistantEvents.emitSql(this.store, tx, 'assistant.action_executed', {
          plan_id: plan.id,
          stream_id: plan.stream_id,
          index,
          count: plan.actions.length,
          type: a.type,
          operation: a.operation,
          status: r.status,
          result: r.result ?? null,
          error: r.error,
          plan_status: status,
        });
        return row;
      });
      if (r.status === 'failed') break;
    }
    return planView(final);
  }

  /** Why a decision found no pending plan: 404, 409 plan_expired (marked so) or 409 plan_already_decided. */
  private async refusal(ctx: RequestContext, streamId: string, now: Date): Promise<DomainError> {
    const row = await this.row(ctx, streamId);
    if (row.status === 'pending' && new Date(row.expires_at) <= now) {
      await this.store.sql(ctx, `update ${this.store.table('plan')} set status = 'expired' where tenant_id = ? and id = ? and status = 'pending'`, [
        requireTenant(ctx),
        row.id,
      ]);
      return Errors.conflict('plan_expired', `The plan expired at ${new Date(row.expires_at).toISOString()} without a decision; nothing ran`);
    }
    if (row.status === 'expired')
      return Errors.conflict('plan_expired', `The plan expired at ${new Date(row.expires_at).toISOString()} without a decision; nothing ran`);
    return Errors.conflict('plan_already_decided', `The plan was already decided (${row.status})`);
  }

  private async row(ctx: RequestContext, streamId: string): Promise<PlanRow> {
    const [row] = await this.store.sql<PlanRow>(ctx, `select ${COLUMNS} from ${this.store.table('plan')} where tenant_id = ? and stream_id = ? and owner = ?`, [
      requireTenant(ctx),
      streamId,
      ownerOf(ctx),
    ]);
    if (!row) throw Errors.notFound('Plan of stream', streamId);
    return row;
  }
}
