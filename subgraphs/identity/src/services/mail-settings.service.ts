import {
  DomainError,
  Errors,
  STORE_SMTP_PURPOSE,
  SecretBox,
  parseSmtpUrl,
  requireTenant,
  smtpUrlOf,
  type RequestContext,
  type StoreMailTransport,
  type StoreMailer,
  type Store,
} from '@svc/kit';
import { MailSettings } from '../entities/mail-settings.entity';
import { AdminUser } from '../entities/credentials.entity';
import type { MailSettingsData } from '../inputs/mail-settings.input';

/** The SecretBox purpose of a stored SMTP password (bound to its column). */
const PASSWORD_PURPOSE = 'identity.mail_settings.smtp_password';

export interface MailSettingsView {
  sender_name: string | null;
  sender_email: string | null;
  reply_to: string | null;
  from: string;
  smtp_url: string | null;
  smtp_password_set: boolean;
  updated_at: string | null;
}

export interface TestMailView {
  to: string;
  from: string;
  via: string;
  message_id: string;
}

const invalid = (field: string, message: string) => new DomainError('validation_error', 'invalid_field', message, [{ field, code: 'invalid_field', message }]);

/** The address part of a From header (`"Shop" <noreply@shop.test>` → `noreply@shop.test`). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * A store's transactional mail settings (identity owns the store): sender, reply-to and the
 * store's own SMTP server, whose password is sealed and never answered. Every domain's
 * `StoreMailer` asks `transport` (through `storeMailTransport`, internal only) for each mail.
 */
export class MailSettingsService {
  private readonly box: SecretBox;

  constructor(
    private readonly store: Store,
    secretsKey: string,
    private readonly production: boolean,
    /** the platform's MAIL_FROM */
    private readonly platformFrom: string,
    /** whether the platform has an SMTP_URL (else its mails are files) */
    private readonly platformSmtp: boolean,
    /** identity's own store mailer, for the test mail (bound after construction: it asks this service) */
    private readonly mailer: () => StoreMailer,
  ) {
    this.box = new SecretBox(secretsKey);
  }

  /** `"Name" <address>`, the address alone, or null when the store set neither (the platform's MAIL_FROM). */
  private fromOf(s: MailSettings | null): string | null {
    if (!s?.senderEmail && !s?.senderName) return null;
    const address = s.senderEmail ?? addressOf(this.platformFrom);
    return s.senderName ? `"${s.senderName}" <${address}>` : address;
  }

  private view(s: MailSettings | null): MailSettingsView {
    return {
      sender_name: s?.senderName ?? null,
      sender_email: s?.senderEmail ?? null,
      reply_to: s?.replyTo ?? null,
      from: this.fromOf(s) ?? this.platformFrom,
      smtp_url: s?.smtpUrl ?? null,
      smtp_password_set: !!s?.smtpPasswordSealed,
      updated_at: s ? s.updatedAt.toISOString() : null,
    };
  }

  async settings(ctx: RequestContext): Promise<MailSettingsView> {
    requireTenant(ctx);
    return this.view(await this.store.em(ctx).findOne(MailSettings, {}));
  }

  /** Changes what the input names (absent stays, null clears); a bad SMTP URL is a 400 and nothing is written. */
  async save(ctx: RequestContext, input: MailSettingsData): Promise<MailSettingsView> {
    const tenantId = requireTenant(ctx);
    // parsed before anything is written: a refusal leaves the stored settings as they were
    const server = input.smtp_url ? parseSmtpUrl(input.smtp_url, this.production) : null;
    const saved = await this.store.transaction(ctx, async (em) => {
      const s = (await em.findOne(MailSettings, {})) ?? em.create(MailSettings, { tenantId, updatedAt: new Date() });
      if (input.sender_name !== undefined) s.senderName = input.sender_name || null;
      if (input.sender_email !== undefined) s.senderEmail = input.sender_email || null;
      if (input.reply_to !== undefined) s.replyTo = input.reply_to || null;
      if (input.smtp_url === null || input.smtp_url === '') {
        s.smtpUrl = null;
        s.smtpPasswordSealed = null;
      } else if (server) {
        s.smtpUrl = smtpUrlOf(server);
        // a password written into the URL is taken as the password (and never kept in the URL)
        if (server.password && input.smtp_password == null) s.smtpPasswordSealed = this.box.seal(server.password, PASSWORD_PURPOSE);
      }
      if (input.smtp_password === '') s.smtpPasswordSealed = null;
      else if (input.smtp_password) {
        if (!s.smtpUrl) throw invalid('smtp_password', 'smtp_password needs smtp_url: the store has no SMTP server of its own');
        s.smtpPasswordSealed = this.box.seal(input.smtp_password, PASSWORD_PURPOSE);
      }
      s.updatedAt = new Date();
      return s;
    });
    return this.view(saved);
  }

  /** How the store's mail leaves, for the platform's domains: the SMTP URL with its password, sealed. */
  async transport(ctx: RequestContext): Promise<StoreMailTransport | null> {
    requireTenant(ctx);
    const s = await this.store.em(ctx).findOne(MailSettings, {});
    if (!s) return null;
    let smtpSealed: string | null = null;
    if (s.smtpUrl) {
      const server = parseSmtpUrl(s.smtpUrl, false);
      server.password = s.smtpPasswordSealed ? this.box.open(s.smtpPasswordSealed, PASSWORD_PURPOSE) : null;
      smtpSealed = this.box.seal(smtpUrlOf(server, true), STORE_SMTP_PURPOSE);
    }
    return { from: this.fromOf(s), reply_to: s.replyTo, smtp_sealed: smtpSealed };
  }

  /** Sends a test mail to the signed-in admin as the store's mails leave now; the server's refusal is a 502 `mail_refused`. */
  async sendTest(ctx: RequestContext): Promise<TestMailView> {
    const tenantId = requireTenant(ctx);
    const admin = ctx.actor.id ? await this.store.emGlobal(ctx).findOne(AdminUser, { id: ctx.actor.id, tenantId }) : null;
    if (!admin) throw Errors.notFound('Admin user');
    const settings = await this.settings(ctx);
    try {
      const sent = await this.mailer().send(ctx, {
        to: admin.email,
        subject: 'Test mail from your store',
        text: [
          'This is a test mail from your store.',
          '',
          `From: ${settings.from}`,
          `Reply-To: ${settings.reply_to ?? settings.from}`,
          `Server: ${settings.smtp_url ?? "the platform's mail server"}`,
          '',
          'If you can read this, the store sends mail as set.',
        ].join('\n'),
      });
      const via = sent.via === 'store_smtp' ? 'store_smtp' : this.platformSmtp ? 'platform_smtp' : 'file';
      return { to: admin.email, from: settings.from, via, message_id: sent.messageId };
    } catch (err) {
      if (err instanceof DomainError) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      ctx.log.warn({ err: reason }, 'mail: the test mail was refused');
      throw new DomainError('provider_error', 'mail_refused', `The mail server refused the test mail: ${reason}`.slice(0, 500));
    }
  }
}
