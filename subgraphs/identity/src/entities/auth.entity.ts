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
 * A one-time token the platform mailed to an address: a password reset (Medusa's `reset-password`,
 * 15 minutes) or an address verification (24 hours). Only the token's SHA-256 digest finds it; the
 * token itself is kept sealed until the mail has gone out, then dropped. It names the customer or
 * the admin user it is for. Looked up by the token alone, before the tenant is known: not filtered
 * by tenant.
 */
@Entity({ tableName: 'mailed_token' })
@Index({ properties: ['actorId', 'purpose'] })
export class MailedToken {
  @PrimaryKey({ type: 'string', length: 40 })
  id: string = newId('mtok');

  @Index()
  @Property({ type: 'string', length: 40 })
  tenantId!: string;

  @Property({ type: 'string', length: 30 })
  purpose!: 'password_reset' | 'email_verification' | 'email_change';

  @Property({ type: 'string', length: 20 })
  actorType!: 'customer' | 'admin';

  /** the customer id or the admin user id */
  @Property({ type: 'string', length: 40 })
  actorId!: string;

  /** the address it was mailed to */
  @Property({ type: 'string', length: 320 })
  email!: string;

  @Unique()
  @Property({ type: 'string', length: 64 })
  tokenHash!: string;

  /** the token sealed for the mail (SecretBox, purpose = this row's purpose); null once mailed */
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
