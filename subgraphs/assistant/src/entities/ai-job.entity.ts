import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * A long-running assistant job (the translation of a resource into several locales), run from the
 * job queue: queued when an admin asks for it (with `assistant.job_queued` in the same
 * transaction), then `running` with `progress` of `total` steps, then `succeeded` with its
 * `result` or `failed` with its `error` (`{type, code, message}`). `owner` is who asked
 * (`admin:<id>`, `agent:<id>`): the job acts as them and only they (and the store's admins) see it.
 * Table `assistant.ai_job`.
 */
@Entity({ tableName: 'ai_job' })
@Index({ properties: ['tenantId', 'createdAt'] })
export class AiJob extends TenantOwned {
  [OptionalProps]?: 'id' | 'status' | 'progress' | 'result' | 'error' | 'createdAt' | 'updatedAt' | 'finishedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('aijob');
  /** translate */
  @Property({ type: 'string', length: 20 }) kind!: string;
  /** queued, running, succeeded, failed */
  @Property({ type: 'string', length: 20 }) status: string = 'queued';
  /** what was asked (for `translate`: resource_type, resource_id, locales) */
  @Property({ type: 'json' }) input!: Record<string, unknown>;
  @Property({ type: 'string', length: 120 }) owner!: string;
  @Property({ type: 'integer' }) progress: number = 0;
  @Property({ type: 'integer' }) total!: number;
  @Property({ type: 'json', nullable: true }) result: Record<string, unknown> | null = null;
  @Property({ type: 'json', nullable: true }) error: { type: string; code: string; message: string } | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime' }) updatedAt: Date = new Date();
  @Property({ type: 'datetime', nullable: true }) finishedAt: Date | null = null;
}
