import nodemailer from 'nodemailer';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { RequestContext } from './context';
import { DomainError } from './errors';
import type { GraphClient } from './graph';
import type { PlatformConfig } from './config';
import { createMailer, nodemailerMessage, type MailMessage, type Mailer, type SentMail } from './mail';
import { isLoopback, isPrivateAddress, normalizeHost } from './net';
import { internalContext } from './remote-graph';
import { SecretBox } from './secret-box';

/**
 * How a store's transactional mail leaves, as identity answers the platform's own domains
 * (`storeMailTransport`, internal only): the sender and reply-to the store set, and its own SMTP
 * server, sealed with the platform's secrets key (the password never travels in the clear, not
 * even between the platform's processes). All null: the platform's `SMTP_URL` and `MAIL_FROM`.
 */
export interface StoreMailTransport {
  /** `"Name" <address>` or `address`; null: the platform's MAIL_FROM */
  from: string | null;
  reply_to: string | null;
  /** the store's SMTP URL with its password, sealed (`SecretBox`, purpose STORE_SMTP_PURPOSE) */
  smtp_sealed: string | null;
}

/** The SecretBox purpose of a sealed store SMTP URL. */
export const STORE_SMTP_PURPOSE = 'identity.store_mail.smtp_url';

/** The SMTP server of a store, as parsed from its URL: host, port, TLS from the start, sign-in. */
interface SmtpServer {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  password: string | null;
}

const refuse = (message: string): never => {
  throw new DomainError('validation_error', 'invalid_field', message, [{ field: 'smtp_url', code: 'invalid_field', message }]);
};

/**
 * A store's SMTP URL checked: `smtp://[user[:password]@]host[:port]` (STARTTLS when the server
 * offers it, port 587 by default) or `smtps://…` (TLS from the start, port 465 by default); no
 * path, query or fragment (nodemailer reads transport options from a query: a store may not set
 * them). In production loopback, private and link-local hosts are refused: a store's settings
 * cannot aim the platform's connections at its own network.
 */
export function parseSmtpUrl(raw: string, production: boolean): SmtpServer {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return refuse('smtp_url must be a URL such as smtp://user@mail.example.com:587');
  }
  if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:') refuse('smtp_url must start with smtp:// or smtps://');
  if (!u.hostname) refuse('smtp_url must name a host');
  if ((u.pathname && u.pathname !== '/') || u.search || u.hash) refuse('smtp_url must not carry a path, query or fragment');
  const host = normalizeHost(u.hostname);
  if (production && (isLoopback(host) || isPrivateAddress(host))) refuse('smtp_url must not point at a loopback, private or link-local address');
  const secure = u.protocol === 'smtps:';
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    user: u.username ? decodeURIComponent(u.username) : null,
    password: u.password ? decodeURIComponent(u.password) : null,
  };
}

/** The URL of a server without its password (what an admin reads back). */
export function smtpUrlOf(server: SmtpServer, withPassword = false): string {
  const u = new URL(`${server.secure ? 'smtps' : 'smtp'}://placeholder`);
  u.hostname = server.host.includes(':') ? `[${server.host}]` : server.host;
  u.port = String(server.port);
  if (server.user) u.username = encodeURIComponent(server.user);
  if (withPassword && server.password) u.password = encodeURIComponent(server.password);
  return u.toString().replace(/\/$/, '');
}

/** Finds how a store's mail leaves; null sends through the platform's mailer unchanged. */
type StoreMailLookup = (ctx: RequestContext) => Promise<StoreMailTransport | null>;

/**
 * A domain's lookup through its own port (`query …StoreMail { storeMailTransport { from reply_to
 * smtp_sealed } }` in `src/ports/identity.graphql`), run with the platform's internal role for the
 * mail's store. A failing lookup throws: the mail is retried rather than sent through the wrong
 * server or under the wrong sender.
 */
function storeMailLookup(
  graph: () => GraphClient | undefined,
  document: TypedDocumentNode<{ storeMailTransport: StoreMailTransport | null }, Record<string, never>>,
): StoreMailLookup {
  return async (ctx) => {
    const g = graph();
    if (!g) throw new DomainError('api_error', 'internal_error', "The store's mail settings cannot be read yet (the supergraph is not loaded)");
    return (await g.execute(internalContext(ctx.log, ctx.tenantId, ctx.requestId), document, {})).storeMailTransport;
  };
}

/** A store's own SMTP server as a nodemailer transport, with bounded waits (a slow server holds no job for long). */
function storeSmtpTransport(server: SmtpServer) {
  return nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.secure,
    auth: server.user ? { user: server.user, pass: server.password ?? '' } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
}

/**
 * The transactional mailer of the stores: each mail goes out under its store's sender and
 * reply-to (a message's own `from` and `replyTo` win: a form's reply-to is the shopper) and
 * through the store's own SMTP server when it has one, else through the platform's mailer
 * (`SMTP_URL`, or `.eml` files). A mail without a store in its context is the platform's.
 */
export class StoreMailer {
  private readonly box: SecretBox;

  constructor(
    private readonly platform: Mailer,
    private readonly lookup: StoreMailLookup,
    secretsKey: string,
    private readonly platformFrom: string,
  ) {
    this.box = new SecretBox(secretsKey);
  }

  async send(ctx: RequestContext, msg: MailMessage): Promise<SentMail> {
    const t = ctx.tenantId ? await this.lookup(ctx) : null;
    const message: MailMessage = { ...msg, from: msg.from ?? t?.from ?? undefined, replyTo: msg.replyTo ?? t?.reply_to ?? undefined };
    if (!t?.smtp_sealed) return this.platform.send(message);
    const server = parseSmtpUrl(this.box.open(t.smtp_sealed, STORE_SMTP_PURPOSE), false);
    const transport = storeSmtpTransport(server);
    try {
      const info = await transport.sendMail(nodemailerMessage(message, this.platformFrom));
      return { messageId: String(info.messageId), via: 'store_smtp' };
    } finally {
      transport.close();
    }
  }

  close(): Promise<void> {
    return this.platform.close();
  }
}

/**
 * A domain's store mailer: the platform's mailer (`SMTP_URL`, else `.eml` files) behind the
 * store's settings, read through the domain's own port `document` once the graph is bound.
 */
export function createStoreMailer(
  deps: { config: Pick<PlatformConfig, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'secretsKey'>; graph?: GraphClient },
  document: TypedDocumentNode<{ storeMailTransport: StoreMailTransport | null }, Record<string, never>>,
): StoreMailer {
  return new StoreMailer(
    createMailer(deps.config),
    storeMailLookup(() => deps.graph, document),
    deps.config.secretsKey,
    deps.config.mailFrom,
  );
}
