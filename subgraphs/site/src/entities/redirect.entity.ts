import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * A URL redirect of the storefront: `source` (a normalised path) answers `status_code` to `target`
 * (a path or an absolute http(s) URL). One redirect per source and tenant (unique constraint);
 * `target_path` is the normalised path of a path target (null for URLs), so the chain checks
 * (no redirect may lead to another) are one indexed lookup.
 */
@Entity({ tableName: 'redirect' })
@Unique({ properties: ['tenantId', 'source'] })
@Index({ properties: ['tenantId', 'targetPath'] })
export class Redirect extends TenantOwned {
  [OptionalProps]?: 'id' | 'active' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('redir');
  @Property({ type: 'string', length: 2000 }) source!: string;
  @Property({ type: 'string', length: 2000 }) target!: string;
  @Property({ type: 'string', length: 2000, nullable: true }) targetPath!: string | null;
  @Property({ type: 'smallint' }) statusCode!: number;
  @Property({ type: 'boolean' }) active: boolean = true;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
