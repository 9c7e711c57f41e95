import { Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';
import { MailingList } from './list.entity';

type CampaignStatus = 'draft' | 'sending' | 'sent';

/**
 * A mail to every subscribed member of a list; its links are registered (click tracking redirects
 * only to them). `sending` while its messages are written in batches (`sendCursor`: the last
 * member, in id order, whose message is written), then `sent`.
 */
@Entity({ tableName: 'campaign' })
@Check({ name: 'campaign_status_check', expression: "status in ('draft', 'sending', 'sent')" })
export class Campaign extends TenantOwned {
  [OptionalProps]?: 'id' | 'status' | 'links' | 'recipients' | 'sendCursor' | 'sentAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('camp');
  @ManyToOne(() => MailingList, { deleteRule: 'cascade' }) list!: MailingList;
  @Property({ type: 'string', length: 300 }) name!: string;
  @Property({ type: 'string', length: 300 }) subject!: string;
  /** HTML body; `{{unsubscribe_url}}` is replaced per recipient, links to registered URLs are tracked */
  @Property({ type: 'text' }) html!: string;
  @Property({ type: 'text' }) text!: string;
  /** the registered destinations (absolute http(s) URLs, normalised) */
  @Property({ type: 'json' }) links: string[] = [];
  @Property({ type: 'string', length: 20, default: 'draft' }) status: CampaignStatus = 'draft';
  /** messages written (while `sending`: so far) */
  @Property({ type: 'integer', default: 0 }) recipients: number = 0;
  /** while sending: the subscriber id whose message was written last (the next batch starts after it) */
  @Property({ type: 'string', length: 40, nullable: true }) sendCursor: string | null = null;
  /** when the last batch was written */
  @Property({ type: 'datetime', nullable: true }) sentAt: Date | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

type MessageStatus = 'queued' | 'sent' | 'stored' | 'failed';

/**
 * The persisted outbox of marketing mail: every mail (confirmation or campaign) is written here
 * in the unit of work that asks for it, and delivered by the `deliver-email` subscription (SMTP,
 * or kept as an .eml file when SMTP_URL is not set). One row per campaign and recipient (unique);
 * opens and clicks of that recipient are counted on it.
 */
@Entity({ tableName: 'email_message' })
@Unique({ properties: ['tenantId', 'campaignId', 'subscriberId'] })
@Index({ properties: ['tenantId', 'createdAt'] })
@Check({ name: 'email_message_status_check', expression: "status in ('queued', 'sent', 'stored', 'failed')" })
export class EmailMessage extends TenantOwned {
  [OptionalProps]?:
    | 'id'
    | 'campaignId'
    | 'status'
    | 'attempts'
    | 'lastError'
    | 'via'
    | 'messageId'
    | 'sentAt'
    | 'openCount'
    | 'firstOpenedAt'
    | 'clickCount'
    | 'firstClickedAt'
    | 'createdAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('emsg');
  /** `confirmation` or `campaign` */
  @Property({ type: 'string', length: 20 }) kind!: string;
  @Property({ type: 'string', length: 40, nullable: true }) campaignId: string | null = null;
  @Property({ type: 'string', length: 40 }) subscriberId!: string;
  @Property({ type: 'string', length: 320 }) to!: string;
  @Property({ type: 'string', length: 300 }) subject!: string;
  @Property({ type: 'text' }) text!: string;
  @Property({ type: 'text', nullable: true }) html!: string | null;
  @Property({ type: 'json' }) headers!: Record<string, string>;
  @Property({ type: 'string', length: 20, default: 'queued' }) status: MessageStatus = 'queued';
  @Property({ type: 'integer', default: 0 }) attempts: number = 0;
  @Property({ type: 'string', length: 1000, nullable: true }) lastError: string | null = null;
  /** `smtp` or the .eml file written */
  @Property({ type: 'string', length: 1000, nullable: true }) via: string | null = null;
  @Property({ type: 'string', length: 300, nullable: true }) messageId: string | null = null;
  @Property({ type: 'datetime', nullable: true }) sentAt: Date | null = null;
  @Property({ type: 'integer', default: 0 }) openCount: number = 0;
  @Property({ type: 'datetime', nullable: true }) firstOpenedAt: Date | null = null;
  @Property({ type: 'integer', default: 0 }) clickCount: number = 0;
  @Property({ type: 'datetime', nullable: true }) firstClickedAt: Date | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
}

/** One tracked click (which destination, when): per-link statistics. */
@Entity({ tableName: 'campaign_click' })
@Index({ properties: ['tenantId', 'campaignId'] })
export class CampaignClick extends TenantOwned {
  [OptionalProps]?: 'id' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('clk');
  @Property({ type: 'string', length: 40 }) campaignId!: string;
  @Property({ type: 'string', length: 40 }) subscriberId!: string;
  @Property({ type: 'string', length: 2000 }) url!: string;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
}

/** The tenant's sender: From address and the optional DKIM key (sealed with the kit's SecretBox). */
@Entity({ tableName: 'sender_settings' })
@Unique({ properties: ['tenantId'] })
export class SenderSettings extends TenantOwned {
  [OptionalProps]?: 'id' | 'fromAddress' | 'replyTo' | 'dkimDomain' | 'dkimSelector' | 'dkimKeySealed' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('msnd');
  @Property({ type: 'string', length: 400, nullable: true }) fromAddress: string | null = null;
  @Property({ type: 'string', length: 320, nullable: true }) replyTo: string | null = null;
  @Property({ type: 'string', length: 253, nullable: true }) dkimDomain: string | null = null;
  @Property({ type: 'string', length: 63, nullable: true }) dkimSelector: string | null = null;
  @Property({ type: 'text', nullable: true }) dkimKeySealed: string | null = null;
  @Property({ type: 'datetime' }) updatedAt: Date = new Date();
}
