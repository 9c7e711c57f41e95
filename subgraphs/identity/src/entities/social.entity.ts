import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * One of the five sign-in providers as a tenant configured it. Secrets (client secret, Apple's
 * signing key) are sealed with the platform's SecretBox; URLs left empty mean the provider's own.
 */
@Entity({ tableName: 'social_provider' })
@Unique({ properties: ['tenantId', 'provider'] })
export class SocialProvider extends TenantOwned {
  [OptionalProps]?: 'id' | 'enabled' | 'scopes' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('sprov');
  /** google | apple | facebook | microsoft | github */
  @Property({ type: 'string', length: 20 }) provider!: string;
  @Property({ type: 'boolean', default: true }) enabled: boolean = true;
  @Property({ type: 'string', length: 500 }) clientId!: string;
  @Property({ type: 'text', nullable: true, hidden: true }) clientSecretSealed: string | null = null;
  @Property({ type: 'json' }) scopes: string[] = [];
  /** OpenID issuer (discovery), when not the provider's own */
  @Property({ type: 'string', length: 500, nullable: true }) issuer: string | null = null;
  @Property({ type: 'string', length: 500, nullable: true }) authorizationUrl: string | null = null;
  @Property({ type: 'string', length: 500, nullable: true }) tokenUrl: string | null = null;
  @Property({ type: 'string', length: 500, nullable: true }) userinfoUrl: string | null = null;
  /** where the provider sends the browser back (default: the platform's callback route) */
  @Property({ type: 'string', length: 500, nullable: true }) redirectUri: string | null = null;
  /** Apple: the team and key that sign the client-secret JWT */
  @Property({ type: 'string', length: 40, nullable: true }) appleTeamId: string | null = null;
  @Property({ type: 'string', length: 40, nullable: true }) appleKeyId: string | null = null;
  @Property({ type: 'text', nullable: true, hidden: true }) applePrivateKeySealed: string | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/** A provider account linked to a customer: how they sign in with it. */
@Entity({ tableName: 'social_link' })
@Unique({ properties: ['tenantId', 'provider', 'subject'] })
@Unique({ properties: ['tenantId', 'customerId', 'provider'] })
export class SocialLink extends TenantOwned {
  [OptionalProps]?: 'id' | 'email' | 'emailVerified' | 'displayName' | 'avatarUrl' | 'createdAt' | 'lastLoginAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('slink');
  @Index() @Property({ type: 'string', length: 40 }) customerId!: string;
  @Property({ type: 'string', length: 20 }) provider!: string;
  /** the provider's stable id of the account (`sub`, GitHub's numeric id, Facebook's app-scoped id) */
  @Property({ type: 'string', length: 255 }) subject!: string;
  @Property({ type: 'string', length: 320, nullable: true }) email: string | null = null;
  @Property({ type: 'boolean', default: false }) emailVerified: boolean = false;
  @Property({ type: 'string', length: 300, nullable: true }) displayName: string | null = null;
  @Property({ type: 'string', length: 1000, nullable: true }) avatarUrl: string | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime' }) lastLoginAt: Date = new Date();
}

/**
 * A sign-in in progress: the state the provider echoes back, with the PKCE verifier and nonce it
 * is checked against. Looked up by state alone (the provider's redirect carries no publishable
 * key), kept 10 minutes, and deleted when used: each state is accepted once.
 */
@Entity({ tableName: 'social_state' })
export class SocialState {
  @PrimaryKey({ type: 'string', length: 64 }) id!: string;
  @Property({ type: 'string', length: 40 }) tenantId!: string;
  @Property({ type: 'string', length: 20 }) provider!: string;
  @Property({ type: 'string', length: 128, hidden: true }) codeVerifier!: string;
  /** SHA-256 of the binding secret the party that started the sign-in must present at the callback */
  @Property({ type: 'string', length: 64, hidden: true }) bindingHash!: string;
  @Property({ type: 'string', length: 64, nullable: true }) nonce: string | null = null;
  @Property({ type: 'string', length: 500 }) redirectUri!: string;
  @Property({ type: 'string', length: 2000 }) returnTo!: string;
  /** set when a signed-in customer connects a provider to their account */
  @Property({ type: 'string', length: 40, nullable: true }) linkCustomerId: string | null = null;
  @Index() @Property({ type: 'datetime' }) expiresAt!: Date;
}
