import { LockMode } from '@mikro-orm/core';
import {
  DomainError,
  Errors,
  Signer,
  newId,
  fromScaled,
  normalizePage,
  requireTenant,
  systemContext,
  toScaled,
  type Clock,
  type FieldError,
  type GraphClient,
  type StoreMailer,
  type Paginated,
  type RequestContext,
  type Store,
} from '@svc/kit';
import { Quote, type QuoteProductLine, type QuoteServiceLine, type QuoteStatus } from '../entities/quote.entity';
import { quotesEvents } from '../events';
import type { QuoteListQuery, SubmitQuoteData } from '../inputs/quote.input';
import { QuotesBrandDocument, QuotesCreateCartDocument, QuotesCustomerByEmailDocument, QuotesVariantsDocument } from '../ports/generated';
import type { QuoteConfigService } from './config.service';
import { checkQuoteFields } from './quote-fields';
import { renderQuotePdf, type PdfBrand } from './quote-pdf';
import { formatDate, formatMoney, wordsFor } from './locale-text';
import { toQuoteView, type QuoteView } from './views';

/** Where a status may go; anything else is 409 `invalid_transition`. */
const TRANSITIONS: Record<QuoteStatus, QuoteStatus[]> = {
  new: ['sent', 'accepted', 'declined', 'expired'],
  sent: ['accepted', 'declined', 'expired'],
  accepted: [],
  declined: [],
  expired: [],
};

const SCALE = 10000n;
/** a × b of two scaled amounts, rounded half up to the currency's cent */
const times = (a: bigint, b: bigint): bigint => (((a * b) / SCALE + 50n) / 100n) * 100n;
const DAY = 86_400_000;
const LOGO_TYPES = new Set(['image/png', 'image/jpeg']);
const LOGO_MAX_BYTES = 2 * 1024 * 1024;

interface SubmittedQuote {
  quote: QuoteView;
  pdf_url: string;
}

/**
 * Quote requests. A submission (anti-spam token checked by the gateway) is priced before any
 * transaction: its variants by the catalog (port, as the platform), its services from the ISG
 * configuration; then one transaction takes the tenant's next number for the year (one upsert on
 * `quote_counter`: concurrent submissions queue on the row, none gets the same number and a
 * rolled-back one gives its number back), writes the quote and `quote.submitted`. The mails leave
 * in the event's subscriptions. The PDF answers only to the signed token of the submission or the
 * owner's customer token (404 otherwise, like a quote that does not exist).
 */
export class QuoteRequestService {
  private readonly signer: Signer;

  constructor(
    private readonly store: Store,
    private readonly config: QuoteConfigService,
    private readonly clock: Clock,
    private readonly mailer: StoreMailer,
    secret: string,
    private readonly publicUrl: () => string,
    private readonly graph: () => GraphClient | undefined,
  ) {
    this.signer = new Signer(secret, 'quotes.pdf');
  }

  private sys(ctx: RequestContext): RequestContext {
    return systemContext(ctx.log, ctx.tenantId, ctx.requestId);
  }

  private client(): GraphClient {
    const g = this.graph();
    if (!g) throw Errors.internal();
    return g;
  }

  pdfUrl(tenantId: string, q: { id: string; number: string }): string {
    return `${this.publicUrl()}/api/store/quote-requests/${q.number}/pdf?token=${this.signer.sign(tenantId, q.id, q.number)}`;
  }

  /** A customer of the tenant by email (identity's `customerByEmail`, asked as the platform), or null. */
  async customerByEmail(ctx: RequestContext, email: string): Promise<{ id: string } | null> {
    return (await this.client().execute(this.sys(ctx), QuotesCustomerByEmailDocument, { email })).customerByEmail ?? null;
  }

  async submit(ctx: RequestContext, input: SubmitQuoteData): Promise<SubmittedQuote> {
    const tenantId = requireTenant(ctx);
    if (!ctx.antispam.verified) throw new DomainError('permission_error', 'invalid_antispam_token', 'A valid anti-spam token is required');
    const settings = await this.config.settings(ctx);
    const { values, errors } = checkQuoteFields(settings.form_fields, input.fields ?? {});
    const services = await this.priceServices(ctx, input.services ?? [], errors);
    const products = await this.priceProducts(ctx, input.products ?? [], settings.currency_code, errors);
    if (errors.length) throw new DomainError('validation_error', errors[0].code, `Invalid quote request: ${errors[0].message}`, errors);
    const estimate = [...products, ...services].reduce((sum, l) => sum + toScaled(l.total), 0n);
    const now = this.clock.now();
    const year = new Date(now).getUTCFullYear();
    const customerId = ctx.actor.type === 'customer' && ctx.actor.id ? ctx.actor.id : null;

    const view = await this.store.transaction(ctx, async (em, tx) => {
      const t = this.store.table('quote_counter');
      const [{ last }] = await this.store.sql<{ last: number }>(
        tx,
        `insert into ${t} as c (id, tenant_id, year, last) values (?, ?, ?, 1)
         on conflict (tenant_id, year) do update set last = c.last + 1 returning last`,
        [newId('qcnt'), tenantId, year],
      );
      const quote = em.create(Quote, {
        tenantId,
        number: `Q-${year}-${String(last).padStart(6, '0')}`,
        name: input.name,
        email: input.email,
        company: input.company ?? null,
        phone: input.phone ?? null,
        message: input.message ?? null,
        customerId,
        locale: input.locale ?? ctx.locale ?? 'en',
        currencyCode: settings.currency_code,
        products,
        services,
        fields: values,
        estimate: fromScaled(estimate),
        validUntil: new Date(now + settings.validity_days * DAY).toISOString().slice(0, 10),
        createdAt: new Date(now),
      });
      quotesEvents.emit(em, tx, 'quote.submitted', {
        id: quote.id,
        number: quote.number,
        customer_id: customerId,
        email: quote.email,
        currency_code: quote.currencyCode,
        estimate: Number(fromScaled(estimate)),
        variant_ids: products.map((l) => l.variant_id),
        service_ids: services.map((l) => l.service_id),
      });
      await em.flush();
      return toQuoteView(quote);
    });
    return { quote: view, pdf_url: this.pdfUrl(tenantId, view) };
  }

  private async priceServices(ctx: RequestContext, lines: NonNullable<SubmitQuoteData['services']>, errors: FieldError[]): Promise<QuoteServiceLine[]> {
    const out: QuoteServiceLine[] = [];
    for (const [i, l] of lines.entries()) {
      const [service, location] = await Promise.all([this.config.activeService(ctx, l.service_id), this.config.location(ctx, l.location_id)]);
      if (!service) errors.push({ field: `services.${i}.service_id`, code: 'unknown_service', message: `No quotable service "${l.service_id}"` });
      if (!location) errors.push({ field: `services.${i}.location_id`, code: 'unknown_location', message: `No location "${l.location_id}"` });
      if (!service || !location) continue;
      const unit = times(toScaled(service.baseRate), toScaled(location.modifier));
      out.push({
        service_id: service.id,
        name: service.name,
        unit: service.unit,
        location_id: location.id,
        location_name: location.name,
        quantity: l.quantity,
        base_rate: fromScaled(toScaled(service.baseRate)),
        modifier: fromScaled(toScaled(location.modifier)),
        unit_price: fromScaled(unit),
        total: fromScaled(unit * BigInt(l.quantity)),
      });
    }
    return out;
  }

  private async priceProducts(
    ctx: RequestContext,
    lines: NonNullable<SubmitQuoteData['products']>,
    currency: string,
    errors: FieldError[],
  ): Promise<QuoteProductLine[]> {
    if (!lines.length) return [];
    const ids = [...new Set(lines.map((l) => l.variant_id))];
    const { variantSnapshots } = await this.client().execute(this.sys(ctx), QuotesVariantsDocument, { ids, currency });
    const byId = new Map(variantSnapshots.map((v) => [v.id, v]));
    const out: QuoteProductLine[] = [];
    for (const [i, l] of lines.entries()) {
      const v = byId.get(l.variant_id);
      if (!v || v.product_status !== 'published') {
        errors.push({ field: `products.${i}.variant_id`, code: 'unknown_variant', message: `No product variant "${l.variant_id}"` });
        continue;
      }
      if (v.unit_price == null) {
        errors.push({ field: `products.${i}.variant_id`, code: 'no_price', message: `The variant has no price in ${currency}` });
        continue;
      }
      const unit = toScaled(v.unit_price);
      out.push({
        variant_id: v.id,
        title: v.title && v.title !== v.product_title ? `${v.product_title} – ${v.title}` : v.product_title,
        sku: v.sku ?? null,
        quantity: l.quantity,
        unit_price: fromScaled(unit),
        total: fromScaled(unit * BigInt(l.quantity)),
      });
    }
    return out;
  }

  /** Admin: the store's quotes, newest first, optionally of one status. */
  async list(ctx: RequestContext, a: QuoteListQuery): Promise<Paginated<QuoteView>> {
    const page = normalizePage({ limit: a.limit ?? undefined, offset: a.offset ?? undefined }, 20);
    const where = a.status ? { status: a.status } : {};
    const em = this.store.em(ctx);
    const [rows, count]: [Quote[], number] =
      page.limit > 0
        ? await em.findAndCount(Quote, where, { orderBy: { createdAt: 'desc', number: 'desc' }, limit: page.limit, offset: page.offset })
        : [[], await em.count(Quote, where)];
    return { items: rows.map(toQuoteView), count, ...page };
  }

  /** Admin: one quote by id or number (404 otherwise, another store's too). */
  async get(ctx: RequestContext, ref: string): Promise<QuoteView> {
    return toQuoteView(await this.find(ctx, ref));
  }

  private async find(ctx: RequestContext, ref: string): Promise<Quote> {
    const q = await this.store.em(ctx).findOne(Quote, { $or: [{ id: ref }, { number: ref }] });
    if (!q) throw Errors.notFound('Quote', ref);
    return q;
  }

  /** Admin: moves a quote along new → sent → accepted | declined | expired (409 `invalid_transition` otherwise). */
  async setStatus(ctx: RequestContext, ref: string, to: QuoteStatus): Promise<QuoteView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const q = await em.findOne(Quote, { $or: [{ id: ref }, { number: ref }] }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!q) throw Errors.notFound('Quote', ref);
      const from = q.status;
      if (!TRANSITIONS[from].includes(to)) throw Errors.conflict('invalid_transition', `A quote cannot go from ${from} to ${to}`);
      q.status = to;
      quotesEvents.emit(em, tx, 'quote.status_changed', { id: q.id, number: q.number, from, to });
      await em.flush();
      return toQuoteView(q);
    });
  }

  /**
   * Admin: turns an accepted quote into a cart of its products and quantities (commerce's
   * `createCart`, asked as the quote's customer, so the cart is theirs; a guest's cart carries
   * the quote's email). Only from `accepted` (409 `invalid_transition`); a quote without products
   * is 409 `no_products`; a second call answers the same cart.
   */
  async convertToCart(ctx: RequestContext, ref: string): Promise<QuoteView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const q = await em.findOne(Quote, { $or: [{ id: ref }, { number: ref }] }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!q) throw Errors.notFound('Quote', ref);
      if (q.cartId) return toQuoteView(q);
      if (q.status !== 'accepted') throw Errors.conflict('invalid_transition', `Only an accepted quote becomes a cart (this one is ${q.status})`);
      if (!q.products.length) throw Errors.conflict('no_products', 'The quote has no products to put in a cart');
      const as: RequestContext = q.customerId ? { ...this.sys(ctx), actor: { type: 'customer', id: q.customerId }, roles: ['customer'] } : this.sys(ctx);
      const { createCart } = await this.client().execute(as, QuotesCreateCartDocument, {
        input: {
          currency_code: q.currencyCode,
          email: q.email,
          items: q.products.map((l) => ({ variant_id: l.variant_id, quantity: l.quantity, metadata: { quote_number: q.number } })),
          metadata: { quote_id: q.id, quote_number: q.number },
        },
      });
      q.cartId = createCart.id;
      quotesEvents.emit(em, tx, 'quote.converted', { id: q.id, number: q.number, cart_id: createCart.id });
      await em.flush();
      return toQuoteView(q);
    });
  }

  /**
   * The PDF of a quote, for the signed token of its submission, its owner's customer token or an
   * admin of the store; anything else (no token, a wrong one, another store's or another customer's
   * quote) is 404.
   */
  async pdf(ctx: RequestContext, number: string, token: string | null | undefined): Promise<Buffer> {
    const tenantId = requireTenant(ctx);
    const q = await this.store.em(ctx).findOne(Quote, { number });
    const owner = !!q?.customerId && ctx.actor.type === 'customer' && ctx.actor.id === q.customerId;
    const admin = ctx.roles.includes('admin');
    if (!q || !(owner || admin || (token && this.signer.verify(token, tenantId, q.id, q.number)))) throw Errors.notFound('Quote', number);
    return renderQuotePdf(toQuoteView(q), await this.brand(ctx));
  }

  private async brand(ctx: RequestContext): Promise<PdfBrand> {
    const { brand } = await this.client().execute(this.sys(ctx), QuotesBrandDocument, {});
    const contact = [brand.contact.address, brand.contact.email, brand.contact.phone].filter((l): l is string => !!l);
    return { primary: brand.colors.primary, text: brand.colors.text, contact, logo: await this.logo(brand.logo) };
  }

  /** The logo's bytes when it is PNG or JPEG (what pdfkit embeds); SVG and the rest are left out, as is a logo that cannot be read. */
  private async logo(logo: { url: string; mime_type: string } | null | undefined): Promise<Buffer | null> {
    if (!logo || !LOGO_TYPES.has(logo.mime_type)) return null;
    try {
      const url = new URL(logo.url, this.publicUrl());
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (!res.ok) return null;
      const bytes = Buffer.from(await res.arrayBuffer());
      return bytes.length <= LOGO_MAX_BYTES ? bytes : null;
    } catch {
      return null;
    }
  }

  /** `quote.submitted`: the confirmation to the requester, with the PDF's link. */
  async mailRequester(ctx: RequestContext, id: string): Promise<void> {
    const tenantId = requireTenant(ctx);
    const q = await this.store.em(ctx).findOne(Quote, { id });
    if (!q) return;
    const v = toQuoteView(q);
    const w = wordsFor(v.locale);
    await this.mailer.send(ctx, {
      to: v.email,
      subject: `${w.quote} ${v.number}`,
      text: [
        `${v.name},`,
        '',
        `${w.quote} ${v.number}: ${w.estimate} ${formatMoney(v.estimate, v.currency_code, v.locale)}`,
        `${w.validUntil}: ${formatDate(v.valid_until, v.locale)}`,
        '',
        `PDF: ${this.pdfUrl(tenantId, v)}`,
      ].join('\n'),
    });
  }

  /** `quote.submitted`: the store's notification (its quote settings' address, else the brand's contact email; none: nothing to send). */
  async notifyStore(ctx: RequestContext, id: string): Promise<void> {
    const q = await this.store.em(ctx).findOne(Quote, { id });
    if (!q) return;
    const settings = await this.config.settings(ctx);
    const to = settings.notification_email ?? (await this.client().execute(this.sys(ctx), QuotesBrandDocument, {})).brand.contact.email;
    if (!to) return;
    const v = toQuoteView(q);
    const lines = [
      ...v.products.map((l) => `- ${l.quantity} × ${l.title}: ${formatMoney(l.total, v.currency_code, 'en')}`),
      ...v.services.map((l) => `- ${l.quantity} ${l.unit} ${l.name} (${l.location_name}): ${formatMoney(l.total, v.currency_code, 'en')}`),
    ];
    await this.mailer.send(ctx, {
      to,
      subject: `New quote request ${v.number}`,
      replyTo: v.email,
      text: [
        `${v.name} <${v.email}>${v.company ? `, ${v.company}` : ''} asked for a quote.`,
        '',
        ...lines,
        '',
        `Estimated total: ${formatMoney(v.estimate, v.currency_code, 'en')}`,
        ...v.fields.map((f) => `${f.label}: ${f.value}`),
        ...(v.message ? ['', v.message] : []),
      ].join('\n'),
    });
  }
}
