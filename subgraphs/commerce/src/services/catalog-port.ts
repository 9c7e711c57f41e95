import { DomainError, systemContext, type GraphClient, type RequestContext } from '@svc/kit';
import {
  CommerceCheckoutRequirementsDocument,
  CommerceConfirmHoldDocument,
  CommerceDefaultRegionDocument,
  CommerceFulfilDocument,
  CommerceHoldDocument,
  CommerceMeDocument,
  CommercePaymentCustomerDocument,
  CommerceRegionDocument,
  CommerceRegionsDocument,
  CommerceReleaseDocument,
  CommerceReleaseHoldDocument,
  CommerceSampleVariantsDocument,
  CommerceVariantsDocument,
  type CommerceRegionFieldsFragment,
  type CommerceVariantsQuery,
} from '../ports/generated';

/** A variant as a cart snapshots it (the catalog's `variantSnapshots`; type generated from the port). */
type VariantSnapshot = CommerceVariantsQuery['variantSnapshots'][number];

/** A region as commerce reads it (the port's `CommerceRegionFields`). */
type RegionInfo = CommerceRegionFieldsFragment;

const REGION_TTL_MS = 5_000;

/**
 * What commerce needs of the catalog, asked through the supergraph as the platform itself (a system
 * context of the request's tenant): regions, variant snapshots, and stock reservations. Regions are
 * kept for a few seconds per tenant (every cart read shows its region).
 */
export class CatalogPort {
  private readonly regions = new Map<string, { at: number; region: RegionInfo | null }>();

  constructor(private readonly graph: () => GraphClient) {}

  private sys(ctx: RequestContext): RequestContext {
    return systemContext(ctx.log, ctx.tenantId, ctx.requestId);
  }

  async region(ctx: RequestContext, id: string): Promise<RegionInfo | null> {
    const key = `${ctx.tenantId}:${id}`;
    const hit = this.regions.get(key);
    if (hit && Date.now() - hit.at < REGION_TTL_MS) return hit.region;
    let region: RegionInfo | null = null;
    try {
      region = (await this.graph().execute(this.sys(ctx), CommerceRegionDocument, { id })).region;
    } catch (err) {
      if ((err as { type?: string }).type !== 'not_found') throw err;
    }
    if (this.regions.size > 10_000) this.regions.clear();
    this.regions.set(key, { at: Date.now(), region });
    return region;
  }

  /** The tenant's first region (carts created without one get it, as Medusa gives the store's default region). */
  async defaultRegion(ctx: RequestContext): Promise<RegionInfo | null> {
    const r = await this.graph().execute(this.sys(ctx), CommerceDefaultRegionDocument, {});
    return r.regions.items[0] ?? null;
  }

  /** The signed-in customer's email (identity's `me`, asked as the customer): a customer's new cart gets it. */
  async customerEmail(ctx: RequestContext): Promise<string | null> {
    if (ctx.actor.type !== 'customer') return null;
    const r = await this.graph().execute(ctx, CommerceMeDocument, {});
    return r.me?.email ?? null;
  }

  /**
   * What the store requires of the signed-in customer before checkout (identity's
   * `checkoutRequirements`, asked as the customer): a store that requires a verified address
   * refuses an unverified customer with 403 `email_not_verified`. Guests have no account to verify.
   */
  async assertMayCheckout(ctx: RequestContext): Promise<void> {
    if (ctx.actor.type !== 'customer' || !ctx.actor.id) return;
    const { checkoutRequirements: r } = await this.graph().execute(ctx, CommerceCheckoutRequirementsDocument, {});
    if (r.email_verification_required && !r.email_verified) {
      throw new DomainError(
        'permission_error',
        'email_not_verified',
        'This store requires a verified email address before checkout: confirm the address with the link of the verification mail',
      );
    }
  }

  /**
   * The signed-in customer with their addresses (identity's `me`, asked as the customer), as a payment
   * session keeps it: Medusa's `context.customer`, its default billing address beside the list.
   */
  async paymentCustomer(ctx: RequestContext): Promise<Record<string, unknown> | null> {
    if (ctx.actor.type !== 'customer') return null;
    const me = (await this.graph().execute(ctx, CommercePaymentCustomerDocument, {})).me;
    if (!me) return null;
    const { default_billing_address_id: billingId, addresses, ...customer } = me;
    return { ...customer, addresses, billing_address: addresses.find((a) => a.id === billingId) ?? null, account_holders: [] };
  }

  /** The first variant of each of the `n` newest products (demo content). */
  async sampleVariants(ctx: RequestContext, n: number): Promise<string[]> {
    const r = await this.graph().execute(this.sys(ctx), CommerceSampleVariantsDocument, { n });
    return r.products.items.map((p) => p.variants[0]?.id).filter((id): id is string => !!id);
  }

  /** Every region of the tenant (up to 100). */
  async allRegions(ctx: RequestContext): Promise<RegionInfo[]> {
    const r = await this.graph().execute(this.sys(ctx), CommerceRegionsDocument, {});
    return r.regions.items;
  }

  async snapshots(ctx: RequestContext, ids: string[], currencyCode: string, regionId: string): Promise<Map<string, VariantSnapshot>> {
    if (!ids.length) return new Map();
    const r = await this.graph().execute(this.sys(ctx), CommerceVariantsDocument, { ids: [...new Set(ids)], currency: currencyCode, region: regionId });
    return new Map(r.variantSnapshots.map((v) => [v.id, v]));
  }

  async release(ctx: RequestContext, lines: Array<{ variant_id: string; quantity: number }>): Promise<void> {
    if (!lines.length) return;
    await this.graph().execute(this.sys(ctx), CommerceReleaseDocument, { lines });
  }

  async fulfil(ctx: RequestContext, lines: Array<{ variant_id: string; quantity: number }>): Promise<void> {
    if (!lines.length) return;
    await this.graph().execute(this.sys(ctx), CommerceFulfilDocument, { lines });
  }

  /** Holds the lines under `key` (idempotent) for `ttlSeconds`. */
  async hold(ctx: RequestContext, key: string, lines: Array<{ variant_id: string; quantity: number }>, ttlSeconds: number): Promise<void> {
    if (!lines.length) return;
    await this.graph().execute(this.sys(ctx), CommerceHoldDocument, { key, lines, ttl: ttlSeconds });
  }

  /** The hold `key` becomes permanent (an expired one is taken again, or 409). */
  async confirmHold(ctx: RequestContext, key: string, lines: Array<{ variant_id: string; quantity: number }>): Promise<void> {
    if (!lines.length) return;
    await this.graph().execute(this.sys(ctx), CommerceConfirmHoldDocument, { key, lines });
  }

  /** Gives the hold `key` back (idempotent). */
  async releaseHold(ctx: RequestContext, key: string): Promise<void> {
    await this.graph().execute(this.sys(ctx), CommerceReleaseHoldDocument, { key });
  }
}
