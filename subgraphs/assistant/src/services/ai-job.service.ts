import { Errors, requireTenant, systemClock, systemContext, type Clock, type RequestContext, type Store } from '@svc/kit';
import { AiJob } from '../entities/ai-job.entity';

export interface AiJobView {
  id: string;
  kind: string;
  status: string;
  input: Record<string, unknown>;
  progress: number;
  total: number;
  result: Record<string, unknown> | null;
  error: { type: string; code: string; message: string } | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export function jobView(j: AiJob): AiJobView {
  return {
    id: j.id,
    kind: j.kind,
    status: j.status,
    input: j.input,
    progress: j.progress,
    total: j.total,
    result: j.result,
    error: j.error,
    created_at: j.createdAt.toISOString(),
    updated_at: j.updatedAt.toISOString(),
    finished_at: j.finishedAt ? j.finishedAt.toISOString() : null,
  };
}

/** A context without the caller's unit of work: what it writes commits on its own (a job's progress is seen while it runs). */
export const detached = (ctx: RequestContext): RequestContext => {
  const { tx: _tx, afterCommit: _after, ...plain } = ctx;
  return { ...plain, memo: new Map() };
};

/** The context a job acts in: whoever asked for it, with the admin rights of the store (as an approved plan does). */
export function ownerContext(ctx: RequestContext, tenantId: string, job: AiJob): RequestContext {
  const [type, id] = job.owner.split(':');
  return { ...systemContext(ctx.log, tenantId, `aijob:${job.id}`), actor: { type: type === 'agent' ? 'agent' : 'admin', id: id || null }, roles: ['admin'] };
}

type JobChange = Partial<Pick<AiJob, 'status' | 'progress' | 'total' | 'result' | 'error' | 'finishedAt'>>;

/** The assistant's jobs (translations, voiceovers): reading them, and the steps a runner records. */
export class AiJobService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock = systemClock,
  ) {}

  /** A job of the caller's store (404 otherwise). */
  async get(ctx: RequestContext, id: string): Promise<AiJobView> {
    requireTenant(ctx);
    const row = await this.store.em(ctx).findOne(AiJob, { id });
    if (!row) throw Errors.notFound('assistant job', id);
    return jobView(row);
  }

  /** The store's latest jobs, newest first. */
  async list(ctx: RequestContext, limit: number): Promise<AiJobView[]> {
    requireTenant(ctx);
    const rows = await this.store.em(ctx).find(AiJob, {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
    return rows.map(jobView);
  }

  /** The job to run (outside the handler's unit of work), or null when it is unknown, of another kind or finished. */
  async claim(ctx: RequestContext, id: string, kind: string): Promise<AiJob | null> {
    const job = await this.store.em(detached(ctx)).findOne(AiJob, { id });
    if (!job || job.kind !== kind || job.status === 'succeeded' || job.status === 'failed') return null;
    await this.update(ctx, id, { status: 'running', progress: 0 });
    return job;
  }

  /** Records a step in its own transaction (seen at once). */
  async update(ctx: RequestContext, id: string, values: JobChange): Promise<void> {
    await this.store.transaction(detached(ctx), async (em) => {
      const row = await em.findOneOrFail(AiJob, { id });
      Object.assign(row, values, { updatedAt: new Date(this.clock.now()) });
    });
  }

  async finish(
    ctx: RequestContext,
    id: string,
    outcome: { result: Record<string, unknown> } | { error: { type: string; code: string; message: string } },
  ): Promise<void> {
    const finishedAt = new Date(this.clock.now());
    if ('result' in outcome) await this.update(ctx, id, { status: 'succeeded', result: outcome.result, finishedAt });
    else await this.update(ctx, id, { status: 'failed', error: outcome.error, finishedAt });
  }
}
