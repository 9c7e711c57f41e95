import { DomainError, Errors, systemContext, type GraphClient, type RequestContext } from '@svc/kit';
import {
  SubscriptionsChargeSavedMethodDocument,
  SubscriptionsConfirmPaymentDocument,
  SubscriptionsCustomerByEmailDocument,
  SubscriptionsMeDocument,
  SubscriptionsRefundPaymentDocument,
  SubscriptionsRenewalOrderDocument,
  SubscriptionsStartPaymentDocument,
  SubscriptionsStoreOriginsDocument,
  type RecurringPaymentInput,
  type RenewalOrderInput,
  type SubscriptionsRecurringPaymentFieldsFragment,
} from '../ports/generated';

export type RecurringPayment = SubscriptionsRecurringPaymentFieldsFragment & { data: Record<string, unknown>; method: Record<string, unknown> | null };

/** What subscriptions asks of commerce (payments, renewal orders) and identity (the customer's email), as the platform of the request's tenant. */
export class CommercePort {
  constructor(private readonly graph: () => GraphClient | undefined) {}

  private client(): GraphClient {
    const g = this.graph();
    if (!g) throw Errors.internal();
    return g;
  }

  private sys(ctx: RequestContext): RequestContext {
    return systemContext(ctx.log, ctx.tenantId, ctx.requestId);
  }

  /** The signed-in customer's email and first name (asked as the customer). */
  async me(ctx: RequestContext): Promise<{ email: string | null; first_name: string | null }> {
    const r = await this.client().execute(ctx, SubscriptionsMeDocument, {});
    return { email: r.me?.email ?? null, first_name: r.me?.first_name ?? null };
  }

  /** A customer of the tenant by email (asked as the platform), or null. */
  async customerByEmail(ctx: RequestContext, email: string): Promise<{ id: string; email: string } | null> {
    return (await this.client().execute(this.sys(ctx), SubscriptionsCustomerByEmailDocument, { email })).customerByEmail ?? null;
  }

  /** The store's allowed storefront origins, in the order the store lists them (asked as the platform). */
  async storefrontOrigins(ctx: RequestContext): Promise<string[]> {
    return (await this.client().execute(this.sys(ctx), SubscriptionsStoreOriginsDocument, {})).storeSettings.allowed_origins;
  }

  async start(ctx: RequestContext, input: RecurringPaymentInput): Promise<RecurringPayment> {
    return (await this.client().execute(this.sys(ctx), SubscriptionsStartPaymentDocument, { input })).startRecurringPayment as RecurringPayment;
  }

  async confirm(ctx: RequestContext, input: RecurringPaymentInput & { data: Record<string, unknown> }): Promise<RecurringPayment> {
    return (await this.client().execute(this.sys(ctx), SubscriptionsConfirmPaymentDocument, { input })).confirmRecurringPayment as RecurringPayment;
  }

  async charge(ctx: RequestContext, input: RecurringPaymentInput & { method: Record<string, unknown> }): Promise<RecurringPayment> {
    return (await this.client().execute(this.sys(ctx), SubscriptionsChargeSavedMethodDocument, { input })).chargeSavedPaymentMethod as RecurringPayment;
  }

  /** Refunds part of a charge (`data`: its payment record); one refund per idempotency key. */
  async refund(ctx: RequestContext, input: RecurringPaymentInput & { data: Record<string, unknown> }): Promise<RecurringPayment> {
    return (await this.client().execute(this.sys(ctx), SubscriptionsRefundPaymentDocument, { input })).refundRecurringPayment as RecurringPayment;
  }

  async renewalOrder(ctx: RequestContext, input: RenewalOrderInput): Promise<{ id: string; display_id: number; payment_status: string }> {
    return (await this.client().execute(this.sys(ctx), SubscriptionsRenewalOrderDocument, { input })).createRenewalOrder;
  }
}

/** A provider outage as commerce answered it (502 provider_unavailable): worth a retry, nothing was charged or the key replays it. */
export const isProviderOutage = (err: unknown): boolean => err instanceof DomainError && err.type === 'provider_error';
