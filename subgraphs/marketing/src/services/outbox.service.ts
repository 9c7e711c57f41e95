import type { EntityManager } from '@mikro-orm/core';
import { Errors, SecretBox, newId, normalizePage, requireTenant, type DkimKey, type Mailer, type Paginated, type RequestContext, type Store } from '@svc/kit';
import { EmailMessage, SenderSettings } from '../entities/campaign.entity';
import { Subscriber } from '../entities/list.entity';
import { marketingEvents } from '../events';
import type { OutboxQuery, SenderData } from '../inputs/campaign.input';
import { toMessageView, type EmailMessageView } from './views';

const DKIM_KEY = 'marketing.sender.dkim_key';
/** delivery attempts before a message is marked `failed` (the subscription retries in between) */
const MAX_ATTEMPTS = 6;

interface OutgoingMail {
  kind: 'confirmation' | 'campaign';
  campaignId: string | null;
  subscriberId: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
}

export interface SenderView {
  from_address: string | null;
  reply_to: string | null;
  dkim_domain: string | null;
  dkim_selector: string | null;
  has_dkim_key: boolean;
}
const toSenderView = (s: SenderSettings | null): SenderView => ({
  from_address: s?.fromAddress ?? null,
  reply_to: s?.replyTo ?? null,
  dkim_domain: s?.dkimDomain ?? null,
  dkim_selector: s?.dkimSelector ?? null,
  has_dkim_key: !!s?.dkimKeySealed,
});

/**
 * The persisted outbox of marketing mail. `enqueue` writes a message and its
 * `email_message.queued` event in the caller's unit of work; the `deliver-email` subscription
 * sends it (SMTP through the kit mailer, DKIM-signed when the store configured a key; without
 * SMTP_URL the kit mailer keeps it as an .eml file and the message is `stored`). A failed
 * delivery is recorded and retried by the job queue, `failed` after MAX_ATTEMPTS.
 */
export class OutboxService {
  private readonly box: SecretBox;

  constructor(
    private readonly store: Store,
    private readonly mailer: Mailer,
    secretsKey: string,
  ) {
    this.box = new SecretBox(secretsKey);
  }

  enqueue(em: EntityManager, ctx: RequestContext, mail: OutgoingMail): EmailMessage {
    const msg = em.create(EmailMessage, { tenantId: requireTenant(ctx), ...mail });
    marketingEvents.emit(em, ctx, 'email_message.queued', { id: msg.id, kind: mail.kind });
    return msg;
  }

  /**
   * A campaign's messages to many recipients in the unit of work of `tx`: one insert, and an
   * `email_message.queued` event for each message written. A recipient who has this campaign's
   * message already gets no second one (the unique (tenant, campaign, subscriber)). Answers how
   * many were written.
   */
  async enqueueCampaign(
    tx: RequestContext,
    campaignId: string,
    subject: string,
    mails: Array<Pick<OutgoingMail, 'subscriberId' | 'to' | 'text' | 'html' | 'headers'>>,
  ): Promise<number> {
    if (!mails.length) return 0;
    const rows = mails.map((m) => ({ id: newId('emsg'), subscriber_id: m.subscriberId, to: m.to, text: m.text, html: m.html, headers: m.headers }));
    const written = await this.store.sql<{ id: string }>(
      tx,
      `insert into ${this.store.table('email_message')} (id, tenant_id, kind, campaign_id, subscriber_id, "to", subject, "text", html, headers, status, attempts, open_count, click_count, created_at)
       select r.id, ?, 'campaign', ?, r.subscriber_id, r."to", ?, r."text", r.html, r.headers, 'queued', 0, 0, 0, now()
         from jsonb_to_recordset(?::jsonb) as r(id text, subscriber_id text, "to" text, "text" text, html text, headers jsonb)
       on conflict (tenant_id, campaign_id, subscriber_id) do nothing
       returning id`,
      [requireTenant(tx), campaignId, subject, JSON.stringify(rows)],
    );
    // the events now, in one round trip (a deferred `emitSql` would wait for a later statement of the
    // unit of work, which a subscription's transaction may not send)
    await this.store.batch(
      tx,
      written.map((w) => marketingEvents.outboxStatement(this.store, tx, 'email_message.queued', { id: w.id, kind: 'campaign' })),
    );
    return written.length;
  }

  async list(ctx: RequestContext, a: OutboxQuery): Promise<Paginated<EmailMessageView>> {
    const page = normalizePage(a, 20);
    const where = { ...(a.status ? { status: a.status } : {}), ...(a.campaign_id ? { campaignId: a.campaign_id } : {}) };
    const [rows, count] = await this.store
      .em(ctx)
      .findAndCount(EmailMessage, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit || 1, offset: page.offset });
    return { items: page.limit ? rows.map(toMessageView) : [], count, ...page };
  }

  async sender(ctx: RequestContext): Promise<SenderView> {
    return toSenderView(await this.store.em(ctx).findOne(SenderSettings, {}));
  }

  /** Admin: From, Reply-To and the DKIM key (sealed; `""` removes it). Fields not given keep their value. */
  async configureSender(ctx: RequestContext, input: SenderData): Promise<SenderView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em) => {
      const row = (await em.findOne(SenderSettings, {})) ?? em.create(SenderSettings, { tenantId });
      if (input.from_address !== undefined) row.fromAddress = input.from_address || null;
      if (input.reply_to !== undefined) row.replyTo = input.reply_to || null;
      if (input.dkim_domain !== undefined) row.dkimDomain = input.dkim_domain?.toLowerCase() || null;
      if (input.dkim_selector !== undefined) row.dkimSelector = input.dkim_selector || null;
      if (input.dkim_private_key !== undefined)
        row.dkimKeySealed = input.dkim_private_key ? this.box.seal(input.dkim_private_key, `${DKIM_KEY}:${tenantId}`) : null;
      if (row.dkimKeySealed && (!row.dkimDomain || !row.dkimSelector))
        throw Errors.invalidField('dkim_domain', 'a DKIM key needs dkim_domain and dkim_selector');
      row.updatedAt = new Date();
      await em.flush();
      return toSenderView(row);
    });
  }

  /** The `email_message.queued` handler: sends one message once (a redelivery after success does nothing). */
  async deliver(ctx: RequestContext, id: string): Promise<void> {
    const em = this.store.em(ctx);
    const msg = await em.findOne(EmailMessage, { id });
    if (!msg || msg.status !== 'queued') return;
    if (msg.kind === 'campaign' && !(await em.count(Subscriber, { id: msg.subscriberId, status: 'subscribed' }))) {
      // unsubscribed (or gone) between the send and the delivery: an unsubscribe takes effect at once
      msg.status = 'failed';
      msg.lastError = 'the recipient unsubscribed before delivery';
      await em.flush();
      return;
    }
    const sender = await em.findOne(SenderSettings, {});
    let dkim: DkimKey | undefined;
    if (sender?.dkimKeySealed && sender.dkimDomain && sender.dkimSelector) {
      dkim = {
        domainName: sender.dkimDomain,
        keySelector: sender.dkimSelector,
        privateKey: this.box.open(sender.dkimKeySealed, `${DKIM_KEY}:${msg.tenantId}`),
      };
    }
    try {
      const sent = await this.mailer.send({
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html ?? undefined,
        headers: msg.headers,
        from: sender?.fromAddress ?? undefined,
        replyTo: sender?.replyTo ?? undefined,
        dkim,
      });
      msg.status = sent.via === 'smtp' ? 'sent' : 'stored';
      msg.via = sent.via;
      msg.messageId = sent.messageId.slice(0, 300);
      msg.sentAt = new Date();
      msg.attempts += 1;
      msg.lastError = null;
      await em.flush();
    } catch (err) {
      // recorded outside the handler's transaction (which rolls back), then retried by the queue
      const attempts = msg.attempts + 1;
      await this.store.sql(
        null,
        `update ${this.store.table('email_message')} set attempts = ?, last_error = ?, status = ? where id = ? and status = 'queued'`,
        [attempts, String((err as Error).message ?? err).slice(0, 1000), attempts >= MAX_ATTEMPTS ? 'failed' : 'queued', msg.id],
      );
      if (attempts >= MAX_ATTEMPTS) {
        ctx.log.error({ err, message: msg.id }, 'marketing mail failed for good');
        return;
      }
      throw err;
    }
  }
}
