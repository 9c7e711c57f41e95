/**
 * Payment providers: the one interface every adapter implements (Medusa's payment provider
 * semantics: a session is initiated for an amount, authorised at cart completion, captured by an
 * admin later, or cancelled). Amounts are decimal strings in the currency's major unit ("10.50");
 * adapters convert to the provider's unit themselves.
 *
 * Failures:
 *   - the provider refused the payment (card declined, buyer did not approve): a result with
 *     status `error` (or `requires_more`) and a `message` — the cart stays a cart and the shopper
 *     sees the message;
 *   - the provider could not be reached, timed out, answered 5xx or something unexpected: throw
 *     `PaymentProviderUnavailable` — the platform answers 502 `provider_unavailable` and writes nothing.
 */

export type PaymentSessionStatus = 'pending' | 'requires_more' | 'authorized' | 'captured' | 'error' | 'canceled';

export interface PaymentContext {
  /** stable per payment collection and attempt: adapters send it as the provider's idempotency key */
  idempotency_key: string;
  email?: string | null;
  customer_id?: string | null;
  /** cart / order reference shown at the provider */
  reference?: string;
  /** where the provider's approval page sends the shopper back (PayPal experience_context) */
  return_url?: string | null;
  cancel_url?: string | null;
}

export interface ProviderResult {
  status: PaymentSessionStatus;
  /** what the adapter needs later (provider ids, client secret, approval link …); stored on the session */
  data: Record<string, unknown>;
  /** a shopper-facing reason when status is `error` or `requires_more` */
  message?: string;
}

export interface PaymentProviderAdapter {
  /** `pp_<identifier>_<registration>`: pp_system_default, pp_bank-transfer_default, pp_stripe_stripe, pp_paypal_paypal */
  readonly id: string;
  initiate(input: { amount: string; currency_code: string; context: PaymentContext; data?: Record<string, unknown> }): Promise<ProviderResult>;
  /** at cart completion: authorised (or captured), or not */
  authorize(session: { amount: string; currency_code: string; data: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult>;
  capture(payment: { amount: string; currency_code: string; data: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult>;
  /** voids an authorisation (or cancels a pending session) */
  cancel(payment: { data: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult>;
  refund(payment: { amount: string; currency_code: string; data: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult>;
}

export class PaymentProviderUnavailable extends Error {
  constructor(
    readonly providerId: string,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'PaymentProviderUnavailable';
  }
}

/** Settings of the Stripe adapter (a tenant's own account). */
export interface StripeSettings {
  /** secret key `sk_…` */
  api_key: string;
  /** default https://api.stripe.com (tests point it at a local server) */
  base_url?: string;
  /** per request, default 10 s */
  timeout_ms?: number;
}

/** Settings of the PayPal adapter (a tenant's own REST app). */
export interface PayPalSettings {
  client_id: string;
  client_secret: string;
  /** default https://api-m.paypal.com (sandbox: https://api-m.sandbox.paypal.com) */
  base_url?: string;
  timeout_ms?: number;
}

/**
 * What a provider that can keep a payment method for later (off-session) charges adds to the
 * adapter: a session that saves the method while the shopper pays the first amount (or only saves
 * it, for an amount of "0"), the check that it did, and a charge of the saved method without the
 * shopper (renewals). The charge's `context.idempotency_key` is sent to the provider unchanged
 * (one charge per key, however often a worker asks).
 */
export interface RecurringPayments {
  /** `data` for the storefront (client secret, approval link) and for `confirmRecurring` */
  startRecurring(input: { amount: string; currency_code: string; context: PaymentContext }): Promise<ProviderResult>;
  /** `captured` (the first amount was paid) or `authorized` (amount 0: the method is saved), with `data.method`; else requires_more or error */
  confirmRecurring(input: { amount: string; currency_code: string; data: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult>;
  /** charges `method` (what `confirmRecurring` answered in `data.method`) off-session: `captured`, or `error` with a message */
  chargeSaved(input: { amount: string; currency_code: string; method: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult>;
}

export const supportsRecurring = (a: PaymentProviderAdapter): a is PaymentProviderAdapter & RecurringPayments =>
  typeof (a as Partial<RecurringPayments>).chargeSaved === 'function';
