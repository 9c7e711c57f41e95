import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

export type PrivacyRequestKind = 'export' | 'erasure';
export type PrivacyRequestStatus = 'pending' | 'completed';

/**
 * A customer's request for their data (export) or its erasure, and afterwards its audit record: who
 * asked and when, and what every domain reported (counts of records, never the data). The subject
 * (email, names, phones, address lines) is kept sealed only while the request is pending, so that a
 * retry after identity's own erasure still knows what to look for.
 */
@Entity({ tableName: 'privacy_request' })
export class PrivacyRequest extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 })
  id: string = newId('privreq');

  @Index()
  @Property({ type: 'string', length: 40 })
  customerId!: string;

  @Property({ type: 'string', length: 20 })
  kind!: PrivacyRequestKind;

  @Property({ type: 'string', length: 20 })
  status: PrivacyRequestStatus = 'pending';

  /** `customer` (the customer themself) or `admin` (on the customer's behalf) */
  @Property({ type: 'string', length: 20 })
  requestedByType!: 'customer' | 'admin';

  @Property({ type: 'string', length: 40, nullable: true })
  requestedById: string | null = null;

  /** the subject, sealed (SECRETS_KEY), while pending */
  @Property({ type: 'text', nullable: true, hidden: true })
  subjectSealed: string | null = null;

  /** per domain: what it reported (records exported, or rows changed per table) */
  @Property({ type: 'json', nullable: true })
  results: Record<string, Record<string, number>> | null = null;

  /** an export's JSON, until its link expires (or the customer is erased) */
  @Property({ type: 'json', nullable: true, lazy: true, hidden: true })
  exportData: Record<string, unknown> | null = null;

  /** SHA-256 of the export's download token (the token itself is only in the mail) */
  @Index()
  @Property({ type: 'string', length: 64, nullable: true, hidden: true })
  downloadHash: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  downloadExpiresAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  completedAt: Date | null = null;
}

/** A store's privacy policy: what an erasure does to the customer's reviews and comments. */
@Entity({ tableName: 'privacy_settings' })
@Unique({ properties: ['tenantId'] })
export class PrivacySettings extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 })
  id: string = newId('privset');

  /** `anonymise`: reviews and comments keep their text under "anonymous"; `remove`: they are deleted */
  @Property({ type: 'string', length: 20 })
  reviewPolicy: 'anonymise' | 'remove' = 'anonymise';

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
