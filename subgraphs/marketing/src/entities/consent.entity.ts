import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/** The four Google Consent Mode v2 signals a category can grant. */
export const CONSENT_SIGNALS = ['ad_storage', 'analytics_storage', 'ad_user_data', 'ad_personalization'] as const;
export type ConsentSignal = (typeof CONSENT_SIGNALS)[number];

export interface BannerCategory {
  key: string;
  required: boolean;
  signals: ConsentSignal[];
  /** locale -> label / description */
  label: Record<string, string>;
  description: Record<string, string>;
}

export interface BannerCopy {
  title: string;
  body: string;
  accept_all: string;
  reject_all: string;
  save: string;
}

export interface BannerConfig {
  default_locale: string;
  categories: BannerCategory[];
  /** locale -> texts */
  copy: Record<string, BannerCopy>;
  privacy_policy_url: string | null;
  cookie_policy_url: string | null;
  imprint_url: string | null;
}

/** The tenant's cookie banner; `version` goes up with every change (consents record the version shown). */
@Entity({ tableName: 'cookie_banner' })
@Unique({ properties: ['tenantId'] })
export class CookieBanner extends TenantOwned {
  [OptionalProps]?: 'id' | 'version' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('cban');
  @Property({ type: 'integer', default: 1 }) version: number = 1;
  @Property({ type: 'json' }) config!: BannerConfig;
  @Property({ type: 'datetime' }) updatedAt: Date = new Date();
}

/**
 * The current consent of one browser session. The session id is a secret the client made (at
 * least 128 random bits); only its SHA-256 is stored, so the table cannot be used to read or
 * withdraw anyone's consent.
 */
@Entity({ tableName: 'consent_state' })
@Unique({ properties: ['tenantId', 'sessionHash'] })
export class ConsentState extends TenantOwned {
  [OptionalProps]?: 'id' | 'tcfString' | 'withdrawnAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('cons');
  @Property({ type: 'string', length: 64 }) sessionHash!: string;
  @Property({ type: 'integer' }) bannerVersion!: number;
  @Property({ type: 'json' }) categories!: Record<string, boolean>;
  @Property({ type: 'json' }) consentMode!: Record<ConsentSignal, 'granted' | 'denied'>;
  /** analytics_storage granted: analytics events of the session are stored */
  @Property({ type: 'boolean' }) analytics!: boolean;
  @Property({ type: 'text', nullable: true }) tcfString: string | null = null;
  @Property({ type: 'datetime', nullable: true }) withdrawnAt: Date | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime' }) updatedAt: Date = new Date();
}

/** Append-only record of every consent decision and withdrawal (a trigger refuses updates and deletes). */
@Entity({ tableName: 'consent_audit' })
@Index({ properties: ['tenantId', 'createdAt'] })
@Index({ properties: ['tenantId', 'sessionHash'] })
export class ConsentAudit extends TenantOwned {
  [OptionalProps]?: 'id' | 'tcfString' | 'ipHash' | 'userAgent' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('caud');
  @Property({ type: 'string', length: 64 }) sessionHash!: string;
  /** `granted` (first decision), `updated`, `withdrawn` */
  @Property({ type: 'string', length: 20 }) action!: string;
  @Property({ type: 'integer' }) bannerVersion!: number;
  @Property({ type: 'json' }) categories!: Record<string, boolean>;
  @Property({ type: 'json' }) consentMode!: Record<string, string>;
  @Property({ type: 'text', nullable: true }) tcfString: string | null = null;
  @Property({ type: 'string', length: 64, nullable: true }) ipHash: string | null = null;
  @Property({ type: 'string', length: 500, nullable: true }) userAgent: string | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
}
