import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * A store's transactional mail: the sender and reply-to its mails carry, and optionally its own
 * SMTP server (host, port, TLS, user) whose password is kept sealed (`SecretBox`) and never read
 * back. No row: the platform's `MAIL_FROM` and `SMTP_URL`. Table `identity.mail_settings`.
 */
@Entity({ tableName: 'mail_settings' })
@Unique({ properties: ['tenantId'] })
export class MailSettings extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 })
  id: string = newId('mailset');

  @Property({ type: 'string', length: 200, nullable: true })
  senderName: string | null = null;

  @Property({ type: 'string', length: 320, nullable: true })
  senderEmail: string | null = null;

  @Property({ type: 'string', length: 320, nullable: true })
  replyTo: string | null = null;

  /** the store's SMTP server without its password (`smtp://user@host:587`); null: the platform's */
  @Property({ type: 'string', length: 500, nullable: true })
  smtpUrl: string | null = null;

  /** the SMTP password, sealed for `identity.mail_settings.smtp_password`; never answered */
  @Property({ type: 'text', nullable: true, hidden: true })
  smtpPasswordSealed: string | null = null;

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
