import { LockMode, type EntityManager } from '@mikro-orm/core';
import { DomainError, Errors, newId, normalizePage, requireTenant, type Paginated, type RequestContext, type Store } from '@svc/kit';
import { Campaign } from '../entities/campaign.entity';
import { MailingList } from '../entities/list.entity';
import { marketingEvents } from '../events';
import type { CampaignData } from '../inputs/campaign.input';
import { ID_RE } from '../inputs/campaign.input';
import { linksOf, normaliseDestination, renderCampaign, type MarketingLinks } from './links';
import type { OutboxService } from './outbox.service';
import { toCampaignView, type CampaignView } from './views';

export interface CampaignStatsView {
  campaign_id: string;
  recipients: number;
  delivered: number;
  failed: number;
  unique_opens: number;
  total_opens: number;
  unique_clicks: number;
  total_clicks: number;
  /** unique opens / delivered (0 when nothing was delivered) */
  open_rate: number;
  /** unique clicks / delivered */
  click_rate: number;
  /** unique clicks / unique opens */
  click_to_open_rate: number;
  links: Array<{ url: string; clicks: number; unique_clicks: number }>;
}

/** Recipients whose messages one transaction writes while a campaign is sent. */
const SEND_BATCH = 500;

const invalidDestination = () =>
  new DomainError('validation_error', 'invalid_destination', 'The destination is neither registered for this campaign nor signed by the platform');
const rate = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 10_000) / 10_000 : 0);

/**
 * Campaigns: a mail to the subscribed members of a list, with registered links. Sending writes
 * one outbox message per recipient (tracking pixel, tracked links, the recipient's unsubscribe
 * link and List-Unsubscribe headers); the outbox delivers them. Opens and clicks are counted on
 * the recipient's message row with one UPDATE each, so concurrent opens count once as unique.
 */
export class CampaignService {
  constructor(
    private readonly store: Store,
    private readonly links: MarketingLinks,
    private readonly outbox: OutboxService,
  ) {}

  private registered(input: CampaignData): string[] {
    const out = new Set(linksOf(input.html));
    for (const raw of input.links ?? []) {
      const url = normaliseDestination(raw);
      if (!url) throw Errors.invalidField('links', `${raw.slice(0, 100)} is not an absolute http(s) URL without credentials`);
      out.add(url);
    }
    return [...out];
  }

  async list(ctx: RequestContext, a: { limit?: number | null; offset?: number | null }): Promise<Paginated<CampaignView>> {
    const page = normalizePage(a as never, 20);
    const [rows, count] = await this.store
      .em(ctx)
      .findAndCount(Campaign, {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit || 1, offset: page.offset });
    return { items: page.limit ? rows.map(toCampaignView) : [], count, ...page };
  }

  async get(ctx: RequestContext, id: string): Promise<CampaignView> {
    const c = await this.store.em(ctx).findOne(Campaign, { id });
    if (!c) throw Errors.notFound('Campaign', id);
    return toCampaignView(c);
  }

  /** A new draft, or a draft changed (`id`); a sent campaign cannot change (409). */
  async save(ctx: RequestContext, id: string | null, input: CampaignData): Promise<CampaignView> {
    const tenantId = requireTenant(ctx);
    const links = this.registered(input);
    return this.store.transaction(ctx, async (em) => {
      const list = await em.findOne(MailingList, { id: input.list_id });
      if (!list) throw Errors.notFound('Mailing list', input.list_id);
      let c = id ? await em.findOne(Campaign, { id }) : null;
      if (id && !c) throw Errors.notFound('Campaign', id);
      if (c && c.status !== 'draft') throw Errors.conflict('invalid_transition', 'A campaign that was sent cannot change');
      c ??= em.create(Campaign, { tenantId, list, name: input.name, subject: input.subject, html: input.html, text: input.text });
      Object.assign(c, { list, name: input.name, subject: input.subject, html: input.html, text: input.text, links });
      await em.flush();
      return toCampaignView(c);
    });
  }

  /** Admin: deletes a draft; a sent campaign stays (409: its mails and statistics name it). */
  async remove(ctx: RequestContext, id: string): Promise<boolean> {
    return this.store.transaction(ctx, async (em) => {
      const c = await em.findOne(Campaign, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!c) throw Errors.notFound('Campaign', id);
      if (c.status !== 'draft') throw Errors.conflict('invalid_transition', 'A campaign that was sent cannot be deleted');
      em.remove(c);
      await em.flush();
      return true;
    });
  }

  /**
   * Sends a draft to every subscribed member of its list, in batches of SEND_BATCH recipients: the
   * first batch in this unit of work with the status change (a second send is 409), each further
   * one in a transaction of its own (`campaign.sending`, marketing's `send-campaign`
   * subscription). A campaign that fits one batch answers `sent`, a larger one `sending` until its
   * last batch is written. Delivery happens in the background.
   */
  async send(ctx: RequestContext, id: string): Promise<CampaignView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const c = await em.findOne(Campaign, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!c) throw Errors.notFound('Campaign', id);
      if (c.status !== 'draft') throw Errors.conflict('invalid_transition', 'The campaign was sent already');
      c.status = 'sending';
      await this.writeBatch(em, tx, c);
      await em.flush();
      return toCampaignView(c);
    });
  }

  /**
   * The next batch of a campaign being sent (the `campaign.sending` handler, in the subscription's
   * unit of work: a redelivered event was handled before and is skipped; a crash rolls the batch
   * back and the queue hands the event over again). Nothing when the campaign is not being sent.
   */
  async continueSend(ctx: RequestContext, id: string): Promise<void> {
    await this.store.transaction(ctx, async (em, tx) => {
      const c = await em.findOne(Campaign, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!c || c.status !== 'sending') return;
      await this.writeBatch(em, tx, c);
      await em.flush();
    });
  }

  /**
   * Writes the messages of the next SEND_BATCH subscribed members after the campaign's cursor (in
   * id order), moves the cursor past them, and either asks for the next batch (`campaign.sending`)
   * or, when the list is done, marks the campaign sent (`campaign.sent`). The campaign row is
   * locked by the caller. A member who already has this campaign's message gets no second one.
   */
  private async writeBatch(em: EntityManager, tx: RequestContext, c: Campaign): Promise<void> {
    const tenantId = requireTenant(tx);
    const members = await this.store.sql<{ id: string; email: string }>(
      tx,
      `select id, email from ${this.store.table('subscriber')} where tenant_id = ? and list_id = ? and status = 'subscribed' and id > ? order by id limit ?`,
      [tenantId, c.list.id, c.sendCursor ?? '', SEND_BATCH],
    );
    const registered = new Set(c.links);
    const written = await this.outbox.enqueueCampaign(
      tx,
      c.id,
      c.subject,
      members.map((m) => ({
        subscriberId: m.id,
        to: m.email,
        ...renderCampaign(c, registered, {
          click: (url) => this.links.clickUrl(c.id, m.id, url),
          open: this.links.openUrl(c.id, m.id),
          unsubscribe: this.links.unsubscribeUrl(tenantId, m.id),
        }),
        headers: this.links.listHeaders(tenantId, m.id),
      })),
    );
    c.recipients += written;
    if (members.length) c.sendCursor = members[members.length - 1].id;
    if (members.length < SEND_BATCH) {
      c.status = 'sent';
      c.sentAt = new Date();
      marketingEvents.emit(em, tx, 'campaign.sent', { id: c.id, list_id: c.list.id, recipients: c.recipients });
    } else marketingEvents.emit(em, tx, 'campaign.sending', { id: c.id, list_id: c.list.id, recipients: c.recipients });
  }

  /** Admin: a tracked click URL for any http(s) destination, signed by the platform (no registration needed). */
  async signedLink(ctx: RequestContext, campaignId: string, subscriberId: string, url: string): Promise<string> {
    await this.get(ctx, campaignId);
    const dest = normaliseDestination(url);
    if (!dest) throw Errors.invalidField('url', 'url must be an absolute http(s) URL without credentials');
    return this.links.clickUrl(campaignId, subscriberId, dest, true);
  }

  /** `and tenant_id = ?` when the request named a store (a key of another store then finds nothing) */
  private tenantClause(ctx: RequestContext): [string, string[]] {
    return ctx.tenantId ? [' and tenant_id = ?', [ctx.tenantId]] : ['', []];
  }

  /**
   * The open pixel: counts an open of a message this campaign sent to this subscriber; anything
   * else (unknown ids, ids of different stores) records nothing. The route answers the GIF anyway.
   */
  async recordOpen(ctx: RequestContext, campaignId: string, subscriberId: string): Promise<boolean> {
    if (!ID_RE.test(campaignId) || !ID_RE.test(subscriberId)) return false;
    const [clause, params] = this.tenantClause(ctx);
    // the open and its event (`campaign.opened`, in the message's store) commit together
    return this.store.transaction(
      ctx,
      async (_em, tx) => {
        const rows = await this.store.sql<{ tenant_id: string }>(
          tx,
          `update ${this.store.table('email_message')} set open_count = open_count + 1, first_opened_at = coalesce(first_opened_at, now())
            where campaign_id = ? and subscriber_id = ? and kind = 'campaign'${clause} returning tenant_id`,
          [campaignId, subscriberId, ...params],
        );
        if (rows.length)
          marketingEvents.emitSql(this.store, { ...tx, tenantId: rows[0].tenant_id }, 'campaign.opened', {
            campaign_id: campaignId,
            subscriber_id: subscriberId,
          });
        return rows.length > 0;
      },
      { global: true },
    );
  }

  /**
   * A tracked click: the destination must be registered for the campaign (exactly, as the mail
   * carries it) or signed by the platform for it, else 400 and nothing is recorded. A click of a
   * recipient counts (and counts as an open: images may be blocked); the answer is the destination.
   */
  async recordClick(ctx: RequestContext, campaignId: string, subscriberId: string, url: string, sig?: string | null): Promise<string> {
    const dest = normaliseDestination(url);
    if (!dest || dest !== url) throw invalidDestination();
    const [clause, params] = this.tenantClause(ctx);
    const [campaign] = ID_RE.test(campaignId)
      ? await this.store.sql<{ tenant_id: string; links: string[] }>(
          null,
          `select tenant_id, links from ${this.store.table('campaign')} where id = ?${clause}`,
          [campaignId, ...params],
        )
      : [];
    const allowed = (campaign && campaign.links.includes(dest)) || this.links.destinationSigned(campaignId, dest, sig ?? undefined);
    if (!allowed) throw invalidDestination();
    if (campaign && ID_RE.test(subscriberId)) {
      await this.store.transaction(
        ctx,
        async (_em, tx) => {
          const hit = await this.store.sql(
            tx,
            `update ${this.store.table('email_message')} set click_count = click_count + 1, first_clicked_at = coalesce(first_clicked_at, now()),
           first_opened_at = coalesce(first_opened_at, now())
          where tenant_id = ? and campaign_id = ? and subscriber_id = ? and kind = 'campaign' returning id`,
            [campaign.tenant_id, campaignId, subscriberId],
          );
          if (hit.length) {
            await this.store.sql(
              tx,
              `insert into ${this.store.table('campaign_click')} (id, tenant_id, campaign_id, subscriber_id, url, created_at) values (?, ?, ?, ?, ?, now())`,
              [newId('clk'), campaign.tenant_id, campaignId, subscriberId, dest],
            );
            marketingEvents.emitSql(this.store, { ...tx, tenantId: campaign.tenant_id }, 'campaign.clicked', {
              campaign_id: campaignId,
              subscriber_id: subscriberId,
              url: dest,
            });
          }
        },
        { global: true },
      );
    }
    return dest;
  }

  async stats(ctx: RequestContext, campaignId: string): Promise<CampaignStatsView> {
    const tenantId = requireTenant(ctx);
    const c = await this.get(ctx, campaignId);
    const [m] = await this.store.sql<Record<string, number>>(
      null,
      `select count(*)::int as recipients,
              count(*) filter (where status in ('sent', 'stored'))::int as delivered,
              count(*) filter (where status = 'failed')::int as failed,
              count(first_opened_at)::int as unique_opens, coalesce(sum(open_count), 0)::int as total_opens,
              count(first_clicked_at)::int as unique_clicks, coalesce(sum(click_count), 0)::int as total_clicks
         from ${this.store.table('email_message')} where tenant_id = ? and campaign_id = ? and kind = 'campaign'`,
      [tenantId, c.id],
    );
    const links = await this.store.sql<{ url: string; clicks: number; unique_clicks: number }>(
      null,
      `select url, count(*)::int as clicks, count(distinct subscriber_id)::int as unique_clicks
         from ${this.store.table('campaign_click')} where tenant_id = ? and campaign_id = ? group by url order by clicks desc, url`,
      [tenantId, c.id],
    );
    return {
      campaign_id: c.id,
      recipients: m.recipients,
      delivered: m.delivered,
      failed: m.failed,
      unique_opens: m.unique_opens,
      total_opens: m.total_opens,
      unique_clicks: m.unique_clicks,
      total_clicks: m.total_clicks,
      open_rate: rate(m.unique_opens, m.delivered),
      click_rate: rate(m.unique_clicks, m.delivered),
      click_to_open_rate: rate(m.unique_clicks, m.unique_opens),
      links,
    };
  }
}
