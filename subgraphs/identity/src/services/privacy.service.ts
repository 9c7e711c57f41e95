import { createHash, randomBytes } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import {
  BOSS_SCHEMA,
  DomainError,
  Errors,
  SecretBox,
  deleteRows,
  privacySubjectSchema,
  redactJobPayloads,
  redactOutbox,
  requireCustomer,
  requireTenant,
  systemContext,
  type Clock,
  type GraphClient,
  type StoreMailer,
  type PrivacySubject,
  type RequestContext,
  type Store,
  type TypedDocumentNode,
} from '@svc/kit';
import { Customer } from '../entities/customer.entity';
import { SocialLink } from '../entities/social.entity';
import { Tenant } from '../entities/tenant.entity';
import { PrivacyRequest, PrivacySettings, type PrivacyRequestKind } from '../entities/privacy.entity';
import { identityEvents } from '../events';
import { identityMail } from './mail-texts';
import type { StoreMailLook } from './mail-look';
import * as ports from '../ports/generated';

/** How long an export's download link works. */
export const EXPORT_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
const SEAL_PURPOSE = 'privacy-subject';
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

type SubjectVars = { subject: PrivacySubject };
interface DomainPort {
  domain: string;
  export: TypedDocumentNode<Record<string, unknown>, SubjectVars>;
  erase: TypedDocumentNode<Record<string, unknown>, SubjectVars>;
}

/** Every domain that keeps personal data, as identity's ports name them (src/ports/<domain>.graphql). */
const DOMAINS: DomainPort[] = [
  { domain: 'commerce', export: ports.IdentityExportCommerceDocument, erase: ports.IdentityEraseCommerceDocument },
  { domain: 'subscriptions', export: ports.IdentityExportSubscriptionsDocument, erase: ports.IdentityEraseSubscriptionsDocument },
  { domain: 'events', export: ports.IdentityExportEventsDocument, erase: ports.IdentityEraseEventsDocument },
  { domain: 'tours', export: ports.IdentityExportToursDocument, erase: ports.IdentityEraseToursDocument },
  { domain: 'bookings', export: ports.IdentityExportBookingsDocument, erase: ports.IdentityEraseBookingsDocument },
  { domain: 'catalog', export: ports.IdentityExportCatalogDocument, erase: ports.IdentityEraseCatalogDocument },
  { domain: 'content', export: ports.IdentityExportContentDocument, erase: ports.IdentityEraseContentDocument },
  { domain: 'marketing', export: ports.IdentityExportMarketingDocument, erase: ports.IdentityEraseMarketingDocument },
  { domain: 'forms', export: ports.IdentityExportFormsDocument, erase: ports.IdentityEraseFormsDocument },
  { domain: 'quotes', export: ports.IdentityExportQuotesDocument, erase: ports.IdentityEraseQuotesDocument },
  { domain: 'assistant', export: ports.IdentityExportAssistantDocument, erase: ports.IdentityEraseAssistantDocument },
  { domain: 'webhooks', export: ports.IdentityExportWebhooksDocument, erase: ports.IdentityEraseWebhooksDocument },
  // last: analytics keeps a copy of every event, the ones the erasures above wrote included
  { domain: 'analytics', export: ports.IdentityExportAnalyticsDocument, erase: ports.IdentityEraseAnalyticsDocument },
];

/** The answer of a port: its one root field. */
const only = (data: Record<string, unknown>): unknown => Object.values(data)[0];

export interface PrivacyRequestView {
  id: string;
  customer_id: string;
  kind: PrivacyRequestKind;
  status: string;
  requested_by: string;
  results: Record<string, Record<string, number>> | null;
  created_at: string;
  completed_at: string | null;
}

const view = (r: PrivacyRequest): PrivacyRequestView => ({
  id: r.id,
  customer_id: r.customerId,
  kind: r.kind,
  status: r.status,
  requested_by: r.requestedByType,
  results: r.results,
  created_at: r.createdAt.toISOString(),
  completed_at: r.completedAt?.toISOString() ?? null,
});

/**
 * Privacy requests (issue 27): a customer (or an admin on their behalf) asks for an export of their
 * data or its erasure; the request is recorded with the `privacy.requested` event in one unit of
 * work, and identity's own subscription of that event processes it through the job queue (crash-
 * safe, retried; every step idempotent). Processing asks every domain that keeps personal data,
 * through identity's ports, for its records (export) or to remove or pseudonymise them (erasure),
 * then does identity's own part. The request stays as the audit record: who asked, when, and what
 * every domain reported, never the data.
 */
export class PrivacyService {
  private readonly box: SecretBox;

  constructor(
    private readonly store: Store,
    private readonly graph: () => GraphClient | undefined,
    secretsKey: string,
    private readonly mailer: StoreMailer,
    private readonly clock: Clock,
    private readonly publicApiUrl: () => string,
    private readonly look: StoreMailLook,
  ) {
    this.box = new SecretBox(secretsKey);
  }

  /** The signed-in customer asks. */
  requestMine(ctx: RequestContext, kind: PrivacyRequestKind): Promise<PrivacyRequestView> {
    return this.request(ctx, requireCustomer(ctx), kind, 'customer', ctx.actor.id);
  }

  /** An admin asks on a customer's behalf (another store's or an unknown customer: 404). */
  requestFor(ctx: RequestContext, customerId: string, kind: PrivacyRequestKind): Promise<PrivacyRequestView> {
    return this.request(ctx, customerId, kind, 'admin', ctx.actor.id);
  }

  private async request(
    ctx: RequestContext,
    customerId: string,
    kind: PrivacyRequestKind,
    byType: 'customer' | 'admin',
    byId: string | null,
  ): Promise<PrivacyRequestView> {
    requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      await this.store.lock(tx, `privacy:${customerId}`);
      const customer = await em.findOne(Customer, { id: customerId }, { populate: ['addresses'] });
      if (!customer) throw Errors.notFound('Customer', customerId);
      // one erasure per customer: asking again answers the one there is (done or under way)
      const erasure = await em.findOne(PrivacyRequest, { customerId, kind: 'erasure' }, { orderBy: { createdAt: 'desc' } });
      if (erasure) {
        if (kind === 'erasure') return view(erasure);
        throw new DomainError('conflict', 'customer_erased', 'The customer was erased: there is nothing left to export');
      }
      const settings = await em.findOne(PrivacySettings, {});
      const links = await em.find(SocialLink, { customerId });
      const subject: PrivacySubject = {
        customer_id: customer.id,
        email: customer.email.toLowerCase(),
        personal: personalStrings(customer, links),
        remove_reviews: settings?.reviewPolicy === 'remove',
      };
      const row = Object.assign(new PrivacyRequest(), {
        tenantId: customer.tenantId,
        customerId,
        kind,
        requestedByType: byType,
        requestedById: byId,
        subjectSealed: this.box.seal(JSON.stringify(subject), SEAL_PURPOSE),
      });
      em.persist(row);
      identityEvents.emit(em, tx, 'privacy.requested', { id: row.id, kind });
      return view(row);
    });
  }

  /** The signed-in customer's requests, newest first. */
  async mine(ctx: RequestContext): Promise<PrivacyRequestView[]> {
    const customerId = requireCustomer(ctx);
    return (await this.store.em(ctx).find(PrivacyRequest, { customerId }, { orderBy: { createdAt: 'desc', id: 'desc' } })).map(view);
  }

  /** An admin's view: the store's requests (of one customer, when given), newest first. */
  async list(ctx: RequestContext, customerId?: string | null): Promise<PrivacyRequestView[]> {
    requireTenant(ctx);
    const where = customerId ? { customerId } : {};
    return (await this.store.em(ctx).find(PrivacyRequest, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 })).map(view);
  }

  async settings(ctx: RequestContext): Promise<{ review_policy: string }> {
    const s = await this.store.em(ctx).findOne(PrivacySettings, {});
    return { review_policy: s?.reviewPolicy ?? 'anonymise' };
  }

  async updateSettings(ctx: RequestContext, reviewPolicy: 'anonymise' | 'remove'): Promise<{ review_policy: string }> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em) => {
      const s = (await em.findOne(PrivacySettings, {})) ?? Object.assign(new PrivacySettings(), { tenantId, reviewPolicy });
      s.reviewPolicy = reviewPolicy;
      em.persist(s);
      return { review_policy: s.reviewPolicy };
    });
  }

  /**
   * The `privacy.requested` handler, in identity's unit of work of the event (`ctx.tx`): asks every
   * domain, then does identity's part. A failure anywhere throws, and the job queue retries the
   * whole request; every domain's part is idempotent, so a retry repeats nothing that matters.
   */
  async process(ctx: RequestContext, id: string): Promise<void> {
    await this.store.transaction(ctx, async (em, tx) => {
      const row = await em.findOne(PrivacyRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row || row.status === 'completed' || !row.subjectSealed) return;
      const subject = privacySubjectSchema.parse(JSON.parse(this.box.open(row.subjectSealed, SEAL_PURPOSE)));
      const graph = this.graph();
      if (!graph) throw Errors.internal();
      const sys = systemContext(ctx.log, row.tenantId, ctx.requestId);
      const results: Record<string, Record<string, number>> = {};
      if (row.kind === 'export') {
        const data: Record<string, unknown> = { generated_at: new Date(this.clock.now()).toISOString(), identity: await this.exportOwn(tx, row.customerId) };
        for (const d of DOMAINS) {
          const part = only(await graph.execute(sys, d.export, { subject })) as Record<string, unknown>;
          data[d.domain] = part;
          results[d.domain] = Object.fromEntries(Object.entries(part).map(([k, v]) => [k, Array.isArray(v) ? v.length : v ? 1 : 0]));
        }
        const token = `dlx_${randomBytes(32).toString('base64url')}`;
        row.exportData = data;
        row.downloadHash = digest(token);
        row.downloadExpiresAt = new Date(this.clock.now() + EXPORT_LINK_TTL_MS);
        await this.mailExport(tx, em, row, subject.email, token);
      } else {
        for (const d of DOMAINS) results[d.domain] = only(await graph.execute(sys, d.erase, { subject })) as Record<string, number>;
        results.identity = await this.eraseOwn(tx, row.customerId, subject);
        identityEvents.emit(em, tx, 'customer.erased', { id: row.customerId, request_id: row.id });
      }
      row.results = results;
      row.status = 'completed';
      row.completedAt = new Date(this.clock.now());
      row.subjectSealed = null;
      await em.flush();
    });
  }

  /** The export behind a mailed link (any number of downloads until it expires; the store comes from the token). */
  async download(ctx: RequestContext, token: string): Promise<Record<string, unknown>> {
    const em = this.store.emGlobal(ctx);
    const row = await em.findOne(PrivacyRequest, { downloadHash: digest(token) }, { filters: false, populate: ['exportData'] });
    if (
      !row ||
      !row.exportData ||
      !row.downloadExpiresAt ||
      row.downloadExpiresAt.getTime() <= this.clock.now() ||
      (ctx.tenantId && ctx.tenantId !== row.tenantId)
    )
      throw new DomainError('authentication_error', 'token_invalid', 'The download link is not valid or has expired');
    return row.exportData;
  }

  /** Drops the data of exports whose link expired (the request stays as the audit record). */
  async purgeExpiredExports(): Promise<number> {
    const rows = await this.store.sql(
      null,
      `update ${this.store.table('privacy_request')} set export_data = null, download_hash = null where download_expires_at <= ? and download_hash is not null returning 1`,
      [new Date(this.clock.now())],
    );
    return rows.length;
  }

  private async exportOwn(ctx: RequestContext, customerId: string): Promise<Record<string, unknown>> {
    const em = this.store.em(ctx);
    const c = await em.findOneOrFail(Customer, { id: customerId }, { populate: ['addresses'] });
    const links = await em.find(SocialLink, { customerId });
    return {
      profile: {
        id: c.id,
        email: c.email,
        first_name: c.firstName,
        last_name: c.lastName,
        phone: c.phone,
        company_name: c.companyName,
        email_verified: !!c.emailVerifiedAt,
        metadata: c.metadata,
        created_at: c.createdAt,
      },
      addresses: c.addresses.getItems().map((a) => ({
        id: a.id,
        address_name: a.addressName,
        company: a.company,
        first_name: a.firstName,
        last_name: a.lastName,
        address_1: a.address1,
        address_2: a.address2,
        city: a.city,
        country_code: a.countryCode,
        province: a.province,
        postal_code: a.postalCode,
        phone: a.phone,
      })),
      linked_accounts: links.map((l) => ({ provider: l.provider, email: l.email, display_name: l.displayName, created_at: l.createdAt })),
    };
  }

  /** identity's part of an erasure (idempotent): the account becomes a pseudonymous husk that nobody can sign in to. */
  private async eraseOwn(ctx: RequestContext, customerId: string, subject: PrivacySubject): Promise<Record<string, number>> {
    const s = this.store;
    const c = await s.sql(
      ctx,
      `update ${s.table('customer')} set email = ?, first_name = null, last_name = null, phone = null, company_name = null, metadata = null,
         email_verified_at = null, has_account = false, default_billing_address_id = null, default_shipping_address_id = null,
         deleted_at = coalesce(deleted_at, now()), updated_at = now()
       where tenant_id = ? and id = ? and email <> ? returning 1`,
      [erasedEmail(customerId), requireTenant(ctx), customerId, erasedEmail(customerId)],
    );
    return {
      customer: c.length,
      customer_address: await deleteRows(s, ctx, 'customer_address', 'customer_id = ?', [customerId]),
      auth_identity: await deleteRows(s, ctx, 'auth_identity', 'customer_id = ?', [customerId]),
      auth_session: await deleteRows(s, ctx, 'auth_session', `actor_type = 'customer' and actor_id = ?`, [customerId]),
      social_link: await deleteRows(s, ctx, 'social_link', 'customer_id = ?', [customerId]),
      social_state: await deleteRows(s, ctx, 'social_state', 'link_customer_id = ?', [customerId]),
      mailed_token: await deleteRows(s, ctx, 'mailed_token', `actor_type = 'customer' and actor_id = ?`, [customerId]),
      privacy_export: (
        await s.sql(
          ctx,
          `update ${s.table('privacy_request')} set export_data = null, download_hash = null where tenant_id = ? and customer_id = ? and kind = 'export' and (export_data is not null or download_hash is not null) returning 1`,
          [requireTenant(ctx), customerId],
        )
      ).length,
      outbox_event: await redactOutbox(s, ctx, subject),
      job_queue: await redactJobPayloads(s, ctx, subject, BOSS_SCHEMA),
    };
  }

  /** The export's link, mailed in the store's language with its brand. */
  private async mailExport(ctx: RequestContext, em: ReturnType<Store['em']>, row: PrivacyRequest, email: string, token: string): Promise<void> {
    const tenant = await em.findOne(Tenant, { id: row.tenantId }, { filters: false });
    const link = `${this.publicApiUrl()}/auth/customer/data-export?token=${encodeURIComponent(token)}`;
    const mail = identityMail(
      await this.look.of(ctx, tenant),
      (w, fill) => ({
        subject: fill(w.exportSubject),
        parts: [{ text: fill(w.exportIntro) }, { action: { label: w.exportAction, url: link } }, { text: fill(w.exportValidity) }],
        footer: w.exportKeep,
      }),
      { days: Math.round(EXPORT_LINK_TTL_MS / 86_400_000) },
    );
    await this.mailer.send(ctx, { to: email, ...mail });
  }
}

/** The address an erased customer keeps (unique per store, reaches nobody: `.invalid` is reserved). */
export const erasedEmail = (customerId: string) => `erased+${customerId.toLowerCase()}@erased.invalid`;

/** The strings that identify the customer: what an erasure looks for in copies (event payloads, logs, mails). */
function personalStrings(c: Customer, links: SocialLink[]): string[] {
  const out: Array<string | null> = [c.email, c.firstName, c.lastName, c.phone, c.companyName];
  for (const a of c.addresses.getItems()) out.push(a.firstName, a.lastName, a.address1, a.address2, a.phone, a.company);
  for (const l of links) out.push(l.email, l.displayName, l.subject);
  return [...new Set(out.filter((s): s is string => !!s && s.trim().length >= 3).map((s) => s.trim()))];
}
