import { Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * A mailing list of a tenant (the newsletter, product news, …). `double_opt_in`: an address is
 * `pending` until its owner follows the confirmation link. One list per tenant may be the
 * newsletter list (`POST /store/newsletter` subscribes to it): a partial unique index decides.
 */
@Entity({ tableName: 'mailing_list' })
@Unique({ properties: ['tenantId', 'handle'] })
export class MailingList extends TenantOwned {
  [OptionalProps]?: 'id' | 'description' | 'doubleOptIn' | 'isNewsletter' | 'confirmationUrl' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('mlist');
  @Property({ type: 'string', length: 200 }) handle!: string;
  @Property({ type: 'string', length: 300 }) name!: string;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  @Property({ type: 'boolean', default: true }) doubleOptIn: boolean = true;
  @Property({ type: 'boolean', default: false }) isNewsletter: boolean = false;
  /** a storefront page the confirmation link points to (`?token=` appended); else the API's confirm route */
  @Property({ type: 'string', length: 2000, nullable: true }) confirmationUrl: string | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

type SubscriberStatus = 'pending' | 'subscribed' | 'unsubscribed';

/**
 * One address on one list (a list member). The unique (tenant, list, email) decides concurrent
 * sign-ups: there is exactly one row per address and list.
 */
@Entity({ tableName: 'subscriber' })
@Unique({ properties: ['tenantId', 'list', 'email'] })
/** (list, status, id): a campaign's batches read a list's subscribed members in id order */
@Index({ properties: ['list', 'status', 'id'] })
@Check({ name: 'subscriber_status_check', expression: "status in ('pending', 'subscribed', 'unsubscribed')" })
export class Subscriber extends TenantOwned {
  [OptionalProps]?:
    | 'id'
    | 'status'
    | 'source'
    | 'firstName'
    | 'ipHash'
    | 'confirmationSentAt'
    | 'confirmedAt'
    | 'unsubscribedAt'
    | 'unsubscribeReason'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('msub');
  @ManyToOne(() => MailingList, { deleteRule: 'cascade' }) list!: MailingList;
  /** lower-cased */
  @Property({ type: 'string', length: 320 }) email!: string;
  @Property({ type: 'string', length: 20, default: 'pending' }) status: SubscriberStatus = 'pending';
  /** where the address came from: `email-subscribe`, `newsletter`, `admin` */
  @Property({ type: 'string', length: 40, default: 'email-subscribe' }) source: string = 'email-subscribe';
  @Property({ type: 'string', length: 200, nullable: true }) firstName: string | null = null;
  /** keyed hash of the IP that signed up (proof of consent without keeping the address) */
  @Property({ type: 'string', length: 64, nullable: true }) ipHash: string | null = null;
  @Property({ type: 'datetime', nullable: true }) confirmationSentAt: Date | null = null;
  @Property({ type: 'datetime', nullable: true }) confirmedAt: Date | null = null;
  @Property({ type: 'datetime', nullable: true }) unsubscribedAt: Date | null = null;
  @Property({ type: 'string', length: 1000, nullable: true }) unsubscribeReason: string | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
