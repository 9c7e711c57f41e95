import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { newId } from '@svc/kit';

/** `x-publishable-api-key`: public by nature, stored as given; looked up before the tenant is known. */
@Entity({ tableName: 'publishable_key' })
export class PublishableKey {
  @PrimaryKey({ type: 'string', length: 40 })
  id: string = newId('apk');

  @Index()
  @Property({ type: 'string', length: 40 })
  tenantId!: string;

  @Unique()
  @Property({ type: 'string', length: 200 })
  token!: string;

  @Property({ type: 'string', length: 200, default: 'Storefront' })
  title: string = 'Storefront';

  /** the catalog's sales channels this key sees (Medusa semantics; none: every product) */
  @Property({ type: 'json', default: '[]' })
  salesChannelIds: string[] = [];

  @Property({ type: 'datetime', nullable: true })
  revokedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}

/** Server-to-server agent key; only its SHA-256 digest is stored. */
/** What an API key may do: `agent` (the agent API, `/v1/*`) or `analyst` (read analytics, nothing else). */
export type ApiKeyScope = 'agent' | 'analyst';

@Entity({ tableName: 'agent_api_key' })
export class AgentApiKey {
  @PrimaryKey({ type: 'string', length: 40 })
  id: string = newId('akey');

  @Index()
  @Property({ type: 'string', length: 40 })
  tenantId!: string;

  @Unique()
  @Property({ type: 'string', length: 64 })
  keyHash!: string;

  /** first characters of the key, to recognise it in listings */
  @Property({ type: 'string', length: 16 })
  redacted!: string;

  @Property({ type: 'string', length: 200, default: 'Agent' })
  title: string = 'Agent';

  /** what the key may do: `agent` (the agent API, `/v1/*`) or `analyst` (read analytics, nothing else) */
  @Property({ type: 'string', length: 20, default: 'agent' })
  scope: ApiKeyScope = 'agent';

  @Property({ type: 'datetime', nullable: true })
  revokedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}

/** Administrator of one tenant; emails are unique across the platform. */
@Entity({ tableName: 'admin_user' })
export class AdminUser {
  @PrimaryKey({ type: 'string', length: 40 })
  id: string = newId('user');

  @Index()
  @Property({ type: 'string', length: 40 })
  tenantId!: string;

  @Unique()
  @Property({ type: 'string', length: 320 })
  email!: string;

  @Property({ type: 'string', length: 300, hidden: true })
  passwordHash!: string;

  @Property({ type: 'string', length: 200, nullable: true })
  firstName: string | null = null;

  @Property({ type: 'string', length: 200, nullable: true })
  lastName: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}

/**
 * An admin's access to a store other than their own (`AdminUser.tenantId`, the store they were
 * created in): added and removed by that store's admins. One row per admin and store.
 */
@Entity({ tableName: 'admin_membership' })
@Unique({ properties: ['adminUserId', 'tenantId'] })
export class AdminMembership {
  @PrimaryKey({ type: 'string', length: 40 })
  id: string = newId('amem');

  @Index()
  @Property({ type: 'string', length: 40 })
  tenantId!: string;

  @Index()
  @Property({ type: 'string', length: 40 })
  adminUserId!: string;

  /** the admin who added it */
  @Property({ type: 'string', length: 40, nullable: true })
  addedBy: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
