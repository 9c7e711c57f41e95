import { LockMode, type EntityManager } from '@mikro-orm/core';
import { DomainError, Errors, containsPattern, newId, normalizePage, requireTenant, type Paginated, type RequestContext, type Store } from '@svc/kit';
import { Campaign } from '../entities/campaign.entity';
import { MailingList, Subscriber } from '../entities/list.entity';
import { marketingEvents } from '../events';
import type { ListData, NewsletterData, SubscribeData, SubscriberListQuery } from '../inputs/subscription.input';
import { invalidToken, type MarketingLinks } from './links';
import type { OutboxService } from './outbox.service';
import { toListView, toSubscriberView, type MailingListView, type SubscriberView, type SubscriptionResultView } from './views';

/** a pending address gets at most one confirmation mail in this time (sign-up forms cannot be used to flood a mailbox) */
const CONFIRMATION_RESEND_MS = 10 * 60 * 1000;

/**
 * Lists and their members: sign-up (single or double opt-in), confirmation, unsubscribe by
 * signed token. The links in mails carry no publishable key, so confirm and unsubscribe find the
 * store from the subscriber the token names and check the token's tenant-bound signature.
 */
export class SubscriptionService {
  constructor(
    private readonly store: Store,
    private readonly links: MarketingLinks,
    private readonly outbox: OutboxService,
  ) {}

  // ---- lists (admin) ----

  async lists(ctx: RequestContext): Promise<MailingListView[]> {
    const rows = await this.store.em(ctx).find(MailingList, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return rows.map(toListView);
  }

  async saveList(ctx: RequestContext, id: string | null, input: ListData): Promise<MailingListView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      let list = id ? await em.findOne(MailingList, { id }) : null;
      if (id && !list) throw Errors.notFound('Mailing list', id);
      if (await em.count(MailingList, { handle: input.handle, ...(list ? { id: { $ne: list.id } } : {}) }))
        throw Errors.conflict('duplicate', `A list with handle "${input.handle}" already exists`);
      if (input.is_newsletter && (await em.count(MailingList, { isNewsletter: true, ...(list ? { id: { $ne: list.id } } : {}) }))) {
        throw Errors.conflict('duplicate', 'Another list is the newsletter list already');
      }
      list ??= em.create(MailingList, { tenantId, handle: input.handle, name: input.name });
      list.handle = input.handle;
      list.name = input.name;
      list.description = input.description ?? null;
      if (input.double_opt_in != null) list.doubleOptIn = input.double_opt_in;
      if (input.is_newsletter != null) list.isNewsletter = input.is_newsletter;
      list.confirmationUrl = input.confirmation_url ?? null;
      marketingEvents.emit(em, tx, 'mailing_list.saved', { id: list.id, handle: list.handle });
      await em.flush();
      return toListView(list);
    });
  }

  async subscribers(ctx: RequestContext, a: SubscriberListQuery): Promise<Paginated<SubscriberView>> {
    const page = normalizePage(a, 20);
    const em = this.store.em(ctx);
    if (!(await em.count(MailingList, { id: a.list_id }))) throw Errors.notFound('Mailing list', a.list_id);
    const like = a.q ? containsPattern(a.q) : null;
    const where = {
      list: a.list_id,
      ...(a.status ? { status: a.status } : {}),
      ...(like ? { $or: [{ email: { $ilike: like } }, { firstName: { $ilike: like } }] } : {}),
    };
    const [rows, count] = await em.findAndCount(Subscriber, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit || 1, offset: page.offset });
    return { items: page.limit ? rows.map(toSubscriberView) : [], count, ...page };
  }

  /**
   * Admin: deletes a list with its members and draft campaigns. A list with a sent campaign is
   * 409 `list_has_sent_campaigns`: the campaign's statistics and mail log depend on it.
   */
  async deleteList(ctx: RequestContext, id: string): Promise<boolean> {
    return this.store.transaction(ctx, async (em, tx) => {
      const list = await em.findOne(MailingList, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!list) throw Errors.notFound('Mailing list', id);
      if (await em.count(Campaign, { list: id, status: { $ne: 'draft' } }))
        throw Errors.conflict('list_has_sent_campaigns', 'A list that a sent campaign went to cannot be deleted (its statistics name it)');
      await em.nativeDelete(Campaign, { list: id });
      await em.nativeDelete(Subscriber, { list: id });
      em.remove(list);
      marketingEvents.emit(em, tx, 'mailing_list.deleted', { id: list.id, handle: list.handle });
      await em.flush();
      return true;
    });
  }

  async subscribedCount(ctx: RequestContext, listId: string): Promise<number> {
    return this.store.em(ctx).count(Subscriber, { list: listId, status: 'subscribed' });
  }

  private async member(em: EntityManager, id: string): Promise<Subscriber> {
    const sub = await em.findOne(Subscriber, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!sub) throw Errors.notFound('Subscriber', id);
    return sub;
  }

  /** Admin: takes a member off its list at once (`unsubscribed`, reason `admin` unless given); again: no change. */
  async adminUnsubscribe(ctx: RequestContext, id: string, reason?: string | null): Promise<SubscriberView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const sub = await this.member(em, id);
      if (sub.status !== 'unsubscribed') {
        sub.status = 'unsubscribed';
        sub.unsubscribedAt = new Date();
        sub.unsubscribeReason = reason ?? 'admin';
        marketingEvents.emit(em, tx, 'subscriber.unsubscribed', { id: sub.id, list_id: sub.list.id });
      }
      await em.flush();
      return toSubscriberView(sub);
    });
  }

  /** Admin: removes a member from its list (the row goes; mails already sent keep their log and statistics). */
  async removeMember(ctx: RequestContext, id: string): Promise<boolean> {
    return this.store.transaction(ctx, async (em, tx) => {
      const sub = await this.member(em, id);
      marketingEvents.emit(em, tx, 'subscriber.removed', { id: sub.id, list_id: sub.list.id });
      em.remove(sub);
      await em.flush();
      return true;
    });
  }

  // ---- storefront ----

  private async findList(em: EntityManager, input: { list_id?: string | null; list?: string | null }): Promise<MailingList> {
    const where = input.list_id ? { id: input.list_id } : input.list ? { handle: input.list } : { isNewsletter: true };
    const list = await em.findOne(MailingList, where);
    if (!list) throw Errors.notFound('Mailing list', input.list_id ?? input.list ?? 'newsletter');
    return list;
  }

  /**
   * Puts the address on the list. Idempotent: one row per (list, address), whatever the number of
   * concurrent calls (INSERT … ON CONFLICT DO NOTHING, then the row locked). Single opt-in: the
   * address is `subscribed`. Double opt-in: it stays `pending` and a confirmation mail goes out
   * through the outbox (again only after CONFIRMATION_RESEND_MS); the answer is the same whether or
   * not the address was on the list, so the route tells nobody who subscribes.
   */
  async subscribe(ctx: RequestContext, input: SubscribeData, source = 'email-subscribe'): Promise<SubscriptionResultView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const list = await this.findList(em, input);
      const ipHash = ctx.clientIp ? this.links.ip.hashHex(ctx.clientIp) : null;
      await this.store.sql(
        tx,
        `insert into ${this.store.table('subscriber')} (id, tenant_id, list_id, email, status, source, first_name, ip_hash, created_at, updated_at)
         values (?, ?, ?, ?, 'pending', ?, ?, ?, now(), now()) on conflict (tenant_id, list_id, email) do nothing`,
        [newId('msub'), tenantId, list.id, input.email, source, input.first_name ?? null, ipHash],
      );
      const sub = await em.findOneOrFail(Subscriber, { list: list.id, email: input.email }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (input.first_name) sub.firstName = input.first_name;
      if (!list.doubleOptIn) {
        if (sub.status !== 'subscribed') this.markSubscribed(em, tx, sub);
        await em.flush();
        return { list_id: list.id, email: sub.email, status: 'subscribed', confirmation_required: false };
      }
      if (sub.status === 'unsubscribed') {
        sub.status = 'pending';
        sub.unsubscribedAt = null;
        sub.confirmationSentAt = null;
      }
      const recently = sub.confirmationSentAt && Date.now() - sub.confirmationSentAt.getTime() < CONFIRMATION_RESEND_MS;
      if (sub.status === 'pending' && !recently) {
        sub.ipHash = ipHash ?? sub.ipHash;
        sub.confirmationSentAt = new Date();
        const url = this.links.confirmUrl(tenantId, sub.id, list.confirmationUrl);
        this.outbox.enqueue(em, tx, {
          kind: 'confirmation',
          campaignId: null,
          subscriberId: sub.id,
          to: sub.email,
          subject: `Please confirm your subscription to ${list.name}`,
          text: [
            `Hello${sub.firstName ? ` ${sub.firstName}` : ''},`,
            '',
            `please confirm that you want to receive "${list.name}" by opening this link:`,
            '',
            url,
            '',
            'If you did not ask for this, ignore this mail: nothing will be sent to you.',
          ].join('\n'),
          html: null,
          headers: this.links.listHeaders(tenantId, sub.id),
        });
      }
      await em.flush();
      return { list_id: list.id, email: sub.email, status: 'pending', confirmation_required: true };
    });
  }

  /** POST /store/newsletter: the newsletter list, only with a verified anti-spam token (403 otherwise, nothing written). */
  async newsletter(ctx: RequestContext, input: NewsletterData): Promise<SubscriptionResultView> {
    if (!ctx.antispam.verified) throw new DomainError('permission_error', 'invalid_antispam_token', 'A valid anti-spam token is required');
    return this.subscribe(ctx, { email: input.email, first_name: input.first_name }, 'newsletter');
  }

  private markSubscribed(em: EntityManager, ctx: RequestContext, sub: Subscriber): void {
    sub.status = 'subscribed';
    sub.confirmedAt = new Date();
    sub.unsubscribedAt = null;
    sub.unsubscribeReason = null;
    marketingEvents.emit(em, ctx, 'subscriber.subscribed', { id: sub.id, list_id: sub.list.id });
  }

  /** The subscriber a token names, in the store the token was made for (a key naming another store: invalid). */
  private async tokenSubject(ctx: RequestContext, token: string, check: (tenantId: string) => void): Promise<RequestContext> {
    const id = this.links.subscriberOf(token);
    const [row] = await this.store.sql<{ tenant_id: string }>(null, `select tenant_id from ${this.store.table('subscriber')} where id = ?`, [id]);
    if (!row || (ctx.tenantId && ctx.tenantId !== row.tenant_id)) throw invalidToken();
    check(row.tenant_id);
    return { ...ctx, tenantId: row.tenant_id, memo: new Map() };
  }

  /** Confirms a double opt-in (the link in the confirmation mail): `pending` → `subscribed`; again: no change. */
  async confirm(ctx: RequestContext, token: string): Promise<SubscriberView> {
    const tctx = await this.tokenSubject(ctx, token, (tenantId) => this.links.checkConfirm(token, tenantId));
    return this.store.transaction(tctx, async (em, tx) => {
      const sub = await em.findOneOrFail(Subscriber, { id: this.links.subscriberOf(token) }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (sub.status === 'unsubscribed')
        throw new DomainError('conflict', 'invalid_transition', 'This address unsubscribed after the confirmation mail was sent: subscribe again');
      if (sub.status === 'pending') this.markSubscribed(em, tx, sub);
      await em.flush();
      return toSubscriberView(sub);
    });
  }

  /**
   * Unsubscribes at once (one click, or the RFC 8058 POST of a mail provider); `reason`, when
   * given, is recorded (a later POST with a reason adds it). A tampered token changes nothing.
   */
  async unsubscribe(ctx: RequestContext, token: string, reason?: string | null): Promise<SubscriberView> {
    const tctx = await this.tokenSubject(ctx, token, (tenantId) => this.links.checkUnsubscribe(token, tenantId));
    return this.store.transaction(tctx, async (em, tx) => {
      const sub = await em.findOneOrFail(Subscriber, { id: this.links.subscriberOf(token) }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (sub.status !== 'unsubscribed') {
        sub.status = 'unsubscribed';
        sub.unsubscribedAt = new Date();
        marketingEvents.emit(em, tx, 'subscriber.unsubscribed', { id: sub.id, list_id: sub.list.id });
      }
      if (reason) sub.unsubscribeReason = reason;
      await em.flush();
      return toSubscriberView(sub);
    });
  }
}
