import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { PlatformConfig } from './config';

/** DKIM signing of one mail (nodemailer's DKIM signer): `d=` domain, selector and the PEM private key. */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** One mail of the platform: plain text always, HTML optionally. */
export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** sender of this mail; defaults to the platform's MAIL_FROM */
  from?: string;
  /** extra header fields (List-Unsubscribe, List-Unsubscribe-Post, …) */
  headers?: Record<string, string>;
  /** signs the mail with this key (DKIM-Signature header) */
  dkim?: DkimKey;
  /** files carried by the mail, given inline (an iCalendar invitation: `text/calendar; method=PUBLISH`) */
  attachments?: MailAttachment[];
}

/** A file of a mail, its content given inline (never read from a path or URL). */
export interface MailAttachment {
  filename: string;
  content: string;
  /** the MIME type with its parameters, `text/calendar; method=PUBLISH; charset=utf-8` */
  contentType: string;
}

export interface SentMail {
  messageId: string;
  /** where the mail went: `smtp` or the .eml file written */
  via: string;
}

/**
 * The platform's mailer. `send` resolves once the mail server accepted the mail (or the file was
 * written) and throws otherwise; callers send from event subscriptions or jobs, never inside a
 * storefront request, so a slow server slows nobody and a failure is retried by the job queue.
 */
export interface Mailer {
  send(msg: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}

const toList = (to: string | string[]) => (Array.isArray(to) ? to : [to]);

/** A platform mail as nodemailer's message options. */
export const nodemailerMessage = (msg: MailMessage, from: string) => ({
  from: msg.from ?? from,
  to: toList(msg.to),
  subject: msg.subject,
  text: msg.text,
  html: msg.html,
  replyTo: msg.replyTo,
  headers: msg.headers,
  dkim: msg.dkim,
  attachments: msg.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
  // content is given inline: a mail never reads a file or a URL of the machine
  disableFileAccess: true,
  disableUrlAccess: true,
});

/** SMTP through nodemailer: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://host:465`. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(msg: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail(nodemailerMessage(msg, this.from));
    return { messageId: String(info.messageId), via: 'smtp' };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/**
 * Development mailer: each mail is written as a complete RFC 5322 message (`.eml`, the bytes an
 * SMTP server would have received) to a directory, so `npm start` works without a mail server and
 * a developer can open the mails.
 */
export class FileMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    readonly dir: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(msg: MailMessage): Promise<SentMail> {
    const info = (await this.transport.sendMail(nodemailerMessage(msg, this.from))) as { messageId: string; message: Buffer };
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
    // written under a temporary name and renamed: a reader never sees half a mail
    await fs.writeFile(`${file}.tmp`, info.message);
    await fs.rename(`${file}.tmp`, file);
    return { messageId: String(info.messageId), via: file };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** The mailer the configuration asks for: SMTP when `SMTP_URL` is set, else `.eml` files in `<DATA_DIR>/mail`. */
export function createMailer(config: Pick<PlatformConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new FileMailer(path.join(config.dataDir, 'mail'), config.mailFrom);
}
