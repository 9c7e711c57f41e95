import { DomainError, Errors, newId, type RequestContext, type Store } from '@svc/kit';
import { PaymentWrites, type PaymentCollectionView } from './cart-rows';
import type { PaymentSessionData } from '../inputs/cart.input';
import { PaymentProviderUnavailable, type PaymentContext, type PaymentProviderAdapter, type ProviderResult } from '../payments/provider';
import { providerAdapter } from '../payments/registry';
import { currencyExponent } from '../payments/money';
import { chargeAmount } from './totals';
import { paymentCollectionDocument, type CartService } from './cart.service';
import type { SetupService } from './setup.service';
import type { CatalogPort } from './catalog-port';

/** 502 provider_unavailable: an external provider failed (nothing was written). */
const providerUnavailable = (providerId: string) =>
  new DomainError(
    'provider_error',
    'provider_unavailable',
    `The payment provider ${providerId} is not reachable right now; nothing was charged. Please try again.`,
  );

/**
 * Payment collections and sessions (Medusa v2): one collection per cart for its total; a session
 * per chosen provider (a new one replaces the others), initiated at the provider with the tenant's
 * own settings. Provider calls run outside database transactions; a provider failure writes nothing.
 */
export class PaymentService {
  private readonly writes: PaymentWrites;

  constructor(
    private readonly store: Store,
    private readonly carts: CartService,
    private readonly setup: SetupService,
    private readonly catalog: CatalogPort,
  ) {
    this.writes = new PaymentWrites(store);
  }

  /** The adapter of a provider for the tenant, if the tenant offers it in the region. */
  async adapter(ctx: RequestContext, providerId: string, regionId: string | null): Promise<PaymentProviderAdapter> {
    const offered = regionId ? await this.setup.providersFor(ctx, regionId) : null;
    const entry = offered ? offered.find((p) => p.id === providerId) : { id: providerId, settings: (await this.setup.providerSettings(ctx, providerId)) ?? {} };
    const adapter = entry ? providerAdapter(providerId, entry.settings) : undefined;
    if (!adapter) throw Errors.invalidField('provider_id', `Payment provider "${providerId}" is not available in this region`);
    return adapter;
  }

  /** Calls a provider; its outage becomes 502 provider_unavailable. */
  async call(ctx: RequestContext, providerId: string, fn: () => Promise<ProviderResult>): Promise<ProviderResult> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof PaymentProviderUnavailable) {
        ctx.log.warn({ provider: providerId, err: err.message }, 'payment provider unavailable');
        throw providerUnavailable(providerId);
      }
      throw err;
    }
  }

  async listProviders(ctx: RequestContext, regionId: string) {
    return (await this.setup.providersFor(ctx, regionId)).filter((p) => providerAdapter(p.id, p.settings)).map((p) => ({ id: p.id, is_enabled: true }));
  }

  /** The cart's collection, created for its current total when it has none (idempotent per cart). */
  async collectionFor(ctx: RequestContext, cartId: string) {
    return (await this.openCollection(ctx, cartId)).pc;
  }

  /** The open cart's document and its collection (created when it has none); plain SQL under the cart's row lock. */
  private async openCollection(ctx: RequestContext, cartId: string) {
    return this.store.transaction(ctx, async (_em, tx) => {
      // the cart row lock serialises two first calls: one collection per cart; the cart, its lines
      // and its collection are one read under it
      const cart = await this.carts.view(tx, cartId, true);
      this.carts.assertOpen(cart);
      const doc = await this.carts.document(tx, cart, cart.collection);
      if (cart.collection) return { doc, pc: paymentCollectionDocument(cart.collection) };
      const now = new Date();
      const pc: PaymentCollectionView = {
        id: newId('pay_col'),
        cartId,
        orderId: null,
        currencyCode: doc.currency_code,
        amount: chargeAmount(doc.total, currencyExponent(doc.currency_code)),
        status: 'not_paid',
        authorizedAmount: null,
        capturedAmount: null,
        refundedAmount: null,
        completedAt: null,
        createdAt: now,
        updatedAt: now,
        sessions: [],
      };
      await this.writes.insertCollection(tx, pc);
      return { doc, pc: paymentCollectionDocument(pc) };
    });
  }

  /**
   * Replaces the collection's sessions that are not authorised with the ones the providers just
   * initiated (one statement); answers the collection.
   */
  private async replaceSessions(
    ctx: RequestContext,
    collectionId: string,
    sessions: Array<{ providerId: string; result: ProviderResult; context: Record<string, unknown> }>,
  ) {
    const pc = await this.writes.replaceSessions(
      ctx,
      collectionId,
      sessions.map((s) => ({
        id: newId('payses'),
        providerId: s.providerId,
        status: s.result.status === 'error' ? 'error' : 'pending',
        data: s.result.data,
        context: s.context,
      })),
    );
    if (!pc) throw Errors.notFound('Payment collection', collectionId);
    return paymentCollectionDocument(pc);
  }

  private async collection(ctx: RequestContext, id: string) {
    const found = await this.writes.collectionWithCart(ctx, id);
    if (!found || !this.carts.mayAccess(ctx, found.cart)) throw Errors.notFound('Payment collection', id);
    return found;
  }

  /** A session with one provider for the collection's amount; the others are cancelled and removed. */
  async initiateSession(ctx: RequestContext, collectionId: string, input: PaymentSessionData) {
    const { pc, cart } = await this.collection(ctx, collectionId);
    if (cart.completedAt) throw Errors.validation('cart_completed', `Cart ${cart.id} is already completed`);
    const adapter = await this.adapter(ctx, input.provider_id, cart.regionId);
    const context: PaymentContext = {
      idempotency_key: `${pc.id}_${pc.amount}_${input.provider_id}_${pc.sessions.length}`,
      email: cart.email,
      customer_id: cart.customerId,
      reference: cart.id,
    };
    const result = await this.call(ctx, adapter.id, () =>
      adapter.initiate({ amount: pc.amount, currency_code: pc.currencyCode, context, data: input.data ?? undefined }),
    );
    // the signed-in customer as the session keeps it (Medusa's context.customer)
    const customer = cart.customerId ? await this.catalog.paymentCustomer(ctx) : null;
    return this.replaceSessions(ctx, pc.id, [{ providerId: adapter.id, result, context: { ...context, ...(input.context ?? {}), customer } }]);
  }

  /** The seed path `POST /store/carts/:id/payment-sessions`: a session for every provider offered in the cart's region. */
  async sessionsForAll(ctx: RequestContext, cartId: string) {
    const { doc, pc } = await this.openCollection(ctx, cartId);
    const sessions: Array<{ providerId: string; result: ProviderResult; context: Record<string, unknown> }> = [];
    for (const p of await this.listProviders(ctx, doc.region_id)) {
      const adapter = await this.adapter(ctx, p.id, doc.region_id);
      const context: PaymentContext = {
        idempotency_key: `${pc.id}_${pc.amount}_${p.id}_all`,
        email: doc.email,
        customer_id: doc.customer_id,
        reference: cartId,
      };
      sessions.push({
        providerId: p.id,
        context: { ...context },
        result: await this.call(ctx, p.id, () => adapter.initiate({ amount: String(pc.amount), currency_code: pc.currency_code, context })),
      });
    }
    // the cart as it is now: the same document, with its payment collection
    return { ...doc, payment_collection: await this.replaceSessions(ctx, pc.id, sessions) };
  }
}
