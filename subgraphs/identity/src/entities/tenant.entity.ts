import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { newId } from '@svc/kit';

/** A tenant (one store). Platform-level: not filtered by tenant. */
@Entity({ tableName: 'tenant' })
export class Tenant {
  @PrimaryKey({ type: 'string', length: 40 })
  id: string = newId('ten');

  @Property({ type: 'string', length: 200 })
  name!: string;

  @Unique()
  @Property({ type: 'string', length: 100 })
  handle!: string;

  /** HMAC secret for the tenant's anti-spam challenges */
  @Property({ type: 'string', length: 100, hidden: true })
  antispamSecret!: string;

  /** anti-spam difficulty (ALTCHA maxnumber); null = the platform default (ANTISPAM_MAX_NUMBER) */
  @Property({ type: 'integer', nullable: true })
  antispamMaxNumber: number | null = null;

  /** storefront origins allowed by CORS (browsers from other origins get no CORS headers) */
  @Property({ type: 'json' })
  allowedOrigins: string[] = [];

  /**
   * addresses (or CIDR ranges) of the tenant's own storefront servers (a server-rendered shop):
   * they may pass the shopper's address in X-Forwarded-For, and without it they are limited per
   * server at RATE_LIMIT_STOREFRONT_SERVER_RPS instead of the per-IP storefront limit
   */
  @Property({ type: 'json', default: '[]' })
  storefrontServers: string[] = [];

  /** social login also sets `svc_customer_token` as an HttpOnly, Secure, SameSite=Lax cookie */
  @Property({ type: 'boolean', default: false })
  socialLoginCookie: boolean = false;

  /** Domain attribute of that cookie (e.g. `.example.com`); none: the API host only */
  @Property({ type: 'string', length: 200, nullable: true })
  socialLoginCookieDomain: string | null = null;

  /** the storefront page the password reset mail links to (`{token}`, `{email}`); null: the token alone */
  @Property({ type: 'string', length: 500, nullable: true })
  passwordResetUrl: string | null = null;

  /** the storefront page the verification mail links to (`{token}`, `{email}`); null: the platform's own link */
  @Property({ type: 'string', length: 500, nullable: true })
  emailVerificationUrl: string | null = null;

  /** a signed-in customer completes a cart only with a verified address (403 `email_not_verified`) */
  @Property({ type: 'boolean', default: false })
  requireEmailVerification: boolean = false;

  @Property({ type: 'string', length: 10, default: 'en' })
  defaultLocale: string = 'en';

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
