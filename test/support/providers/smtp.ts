import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** the authenticated user, if the client signed in */
  user: string | null;
  /** the raw RFC 5322 message */
  raw: string;
  /** header value (first occurrence, unfolded), case-insensitive */
  header(name: string): string | undefined;
  /** the message text (the plain body, quoted-printable decoded) */
  text: string;
}

/** `=XX` and soft line breaks of quoted-printable. */
function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Parses the parts of a message a test looks at: headers, and the text/plain body (single part or inside multipart). */
export function parseMail(raw: string): Pick<ReceivedMail, 'header' | 'text'> {
  const norm = raw.replace(/\r\n/g, '\n');
  const split = norm.indexOf('\n\n');
  const head = norm.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = norm.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const i = line.indexOf(':');
    const k = line.slice(0, i).toLowerCase();
    if (i > 0 && !headers.has(k)) headers.set(k, line.slice(i + 1).trim());
  }
  const header = (name: string) => headers.get(name.toLowerCase());
  const type = header('content-type') ?? 'text/plain';
  let text = body;
  let encoding = header('content-transfer-encoding') ?? '7bit';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    const part = body.split(`--${boundary}`).find((p) => /content-type:\s*text\/plain/i.test(p)) ?? '';
    const ps = part.replace(/^\n/, '').indexOf('\n\n');
    const partHead = part.replace(/^\n/, '').slice(0, ps);
    encoding = /content-transfer-encoding:\s*(\S+)/i.exec(partHead)?.[1] ?? '7bit';
    text = part.replace(/^\n/, '').slice(ps + 2);
  }
  if (/quoted-printable/i.test(encoding)) text = decodeQuotedPrintable(text);
  else if (/base64/i.test(encoding)) text = Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { header, text: text.replace(/\n+$/, '') };
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server, plain SMTP without STARTTLS), collecting what it
 * receives. With `user`/`pass` it requires AUTH with them. `refuseNext(n)` answers the next n
 * messages with a 451 (temporary failure), the case a mailer's caller must retry.
 */
export class LocalSmtpServer {
  readonly received: ReceivedMail[] = [];
  private refusals = 0;
  private server!: SMTPServer;
  port = 0;

  constructor(private readonly auth?: { user: string; pass: string }) {}

  get url(): string {
    const cred = this.auth ? `${encodeURIComponent(this.auth.user)}:${encodeURIComponent(this.auth.pass)}@` : '';
    return `smtp://${cred}127.0.0.1:${this.port}`;
  }

  refuseNext(n = 1): void {
    this.refusals += n;
  }

  async start(): Promise<this> {
    this.server = new SMTPServer({
      secure: false,
      disabledCommands: this.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      allowInsecureAuth: true,
      authOptional: !this.auth,
      logger: false,
      onAuth: (a, _s, cb) => {
        if (this.auth && a.username === this.auth.user && a.password === this.auth.pass) cb(null, { user: a.username });
        else cb(new Error('Invalid username or password'));
      },
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (this.refusals > 0) {
            this.refusals--;
            const err = new Error('Try again later') as Error & { responseCode: number };
            err.responseCode = 451;
            cb(err);
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: (session.user as string | undefined) ?? null,
            raw,
            ...parseMail(raw),
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
