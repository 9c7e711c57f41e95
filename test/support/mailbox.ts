import fs from 'node:fs';
import path from 'node:path';
import { parseMail } from './providers/smtp';

/** A mail as a test reads it. */
export interface MailboxMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The mails the platform's file mailer (no `SMTP_URL`: `.eml` files in `<DATA_DIR>/mail`) wrote to
 * `address`, oldest first. The files are named by the time they were written and appear whole
 * (written under a temporary name, then renamed).
 */
export function mailsIn(dir: string, address: string): MailboxMail[] {
  let files: string[];
  try {
    files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((f) => parseMail(fs.readFileSync(path.join(dir, f), 'utf8')))
    .map((m) => ({ to: m.header('to') ?? '', subject: decodeWords(m.header('subject') ?? ''), text: m.text }))
    .filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
}

/** A header with RFC 2047 encoded words (`=?UTF-8?Q?B=C3=A4ckerei?=`, `=?UTF-8?B?…?=`) as the text it stands for. */
export function decodeWords(header: string): string {
  return header.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_w, charset: string, enc: string, data: string) => {
    const bytes =
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64')
        : Buffer.from(
            data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          );
    return bytes.toString(/^utf-?8$/i.test(charset) ? 'utf8' : 'latin1');
  });
}

/** The transfer token in the mail commerce sends the order's email when a customer asks to take the order over. */
export function transferTokenIn(mail: MailboxMail): string | undefined {
  return /keep it to yourself\):\n\n\s*(\S+)/.exec(mail.text)?.[1];
}

/**
 * The one-time token `<prefix>_…` (a password reset `rst`, an address verification `vfy`) of the
 * newest of `mails` whose subject matches and whose token is not in `seen`.
 */
export function newestMailedToken(mails: MailboxMail[], subject: RegExp, prefix: string, seen: readonly string[] = []): string | undefined {
  const pattern = new RegExp(`\\b(${prefix}_[A-Za-z0-9_-]{43})\\b`);
  const tokens = mails.filter((m) => subject.test(m.subject)).map((m) => pattern.exec(decodeURIComponent(m.text))?.[1]);
  return tokens.reverse().find((t): t is string => !!t && !seen.includes(t));
}
