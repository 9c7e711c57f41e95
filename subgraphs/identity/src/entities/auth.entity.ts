import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/** Email/password identity of a customer within one tenant. */
@Entity({ tableName: 'auth_identity' })
@Unique({ properties: ['tenantId', 'email'] })
export class AuthIdentity extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 })
  id: string = newId('authid');

  @Property({ type: 'string', length: 320 })
  email!: string;

  @Property({ type: 'string', length: 300, hidden: true })
  passwordHash!: string;

  @Index()
  @Property({ type: 'string', length: 40, nullable: true })
  customerId: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}

/** A signed-in session; every JWT names one (`sid`) so that it can be revoked. */
@Entity({ tableName: 'auth_session' })
export class AuthSession {
  @PrimaryKey({ type: 'string', length: 40 })
  id: string = newId('sess');

  @Index()
  @Property({ type: 'string', length: 40 })
  tenantId!: string;

  @Property({ type: 'string', length: 20 })
  actorType!: 'customer' | 'admin';

  @Property({ type: 'string', length: 40 })
  actorId!: string;

  @Property({ type: 'string', length: 40 })
  identityId!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  revokedAt: Date | null = null;
}

/** Solved anti-spam challenges, kept until they expire so that each is accepted once. */
@Entity({ tableName: 'antispam_use' })
export class AntispamUse {
  @PrimaryKey({ type: 'string', length: 40 })
  challengeId!: string;

  @Property({ type: 'string', length: 40 })
  tenantId!: string;

  @Index()
  @Property({ type: 'datetime' })
  expiresAt!: Date;
}

/**
 * A password reset asked for by email (Medusa's `reset-password`): one-time, valid 15 minutes. Only
 * the token's SHA-256 digest finds it; the token itself is kept sealed until the mail has gone
 * out, then dropped. A customer's reset names the customer (who may have signed in socially only:
 * the reset gives them a password); an admin's names the admin user. Looked up by the token alone,
 * before the tenant is known: not filtered by tenant.
 */
@Entity({ tableName: 'password_reset' })
export class PasswordReset {
  @PrimaryKey({ type: 'string', length: 40 })
  id: string = newId('pwr');

  @Index()
  @Property({ type: 'string', length: 40 })
  tenantId!: string;

  @Property({ type: 'string', length: 20 })
  actorType!: 'customer' | 'admin';

  /** the customer id or the admin user id */
  @Index()
  @Property({ type: 'string', length: 40 })
  actorId!: string;

  @Property({ type: 'string', length: 320 })
  email!: string;

  @Unique()
  @Property({ type: 'string', length: 64 })
  tokenHash!: string;

  /** the token sealed for the mail (SecretBox, purpose `password_reset`); null once mailed */
  @Property({ type: 'text', nullable: true, hidden: true })
  sealedToken: string | null = null;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  mailedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
