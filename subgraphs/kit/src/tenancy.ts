import { Index, Property } from '@mikro-orm/core';

/**
 * Base of every tenant-owned entity. The `tenant` filter (on by default, see orm.ts) adds
 * `tenant_id = :tenantId` to every query of these entities; a query without a tenant fails
 * instead of reading across tenants.
 */
export abstract class TenantOwned {
  @Index()
  @Property({ type: 'string', length: 40 })
  tenantId!: string;
}

export const TENANT_FILTER = 'tenant';
