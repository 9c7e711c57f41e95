import { toStripeAmount } from './money';
import { amountGuard, isRecord, operationKey, ProviderHttp, str, type HttpResponse } from './http';
import type { PaymentContext, PaymentProviderAdapter, ProviderResult, RecurringPayments, StripeSettings } from './provider';

/**
 * pp_stripe_stripe: Stripe's PaymentIntents API over plain HTTP (form-encoded requests, JSON
 * answers). The session is a PaymentIntent with `capture_method=manual`: the storefront confirms
 * it with Stripe.js and the `client_secret`, cart completion checks that it is authorised
 * (`requires_capture`), an admin captures it later.
 *
 * Statuses: requires_capture → authorized; succeeded → captured; canceled → canceled;
 * requires_payment_method with a `last_payment_error` (declined card) → error with Stripe's
 * message; requires_payment_method / requires_confirmation / requires_action / processing →
 * requires_more. Stripe's 402 and other 4xx refusals → error with the message; bad key (401/403),
 * 429, 5xx, network errors, timeouts and non-JSON answers → PaymentProviderUnavailable.
 */
export const STRIPE_PROVIDER_ID = 'pp_stripe_stripe';
const STRIPE_API = 'https://api.stripe.com';
/** Stripe accepts idempotency keys of up to 255 characters */
const KEY_MAX = 255;

type Params = { [k: string]: string | number | boolean | null | undefined | Params };

/** Stripe's form encoding: nested objects in bracket syntax (`metadata[cart]=…`). */
function encodeStripeForm(params: Params, prefix = ''): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    const name = prefix ? `${prefix}[${k}]` : k;
    if (typeof v === 'object') {
      const nested = encodeStripeForm(v, name);
      if (nested) parts.push(nested);
    } else parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`);
  }
  return parts.join('&');
}

interface StripeRefusal {
  refused: true;
  status: number;
  type?: string;
  code?: string;
  decline_code?: string;
  message: string;
}
type StripeObject = Record<string, unknown>;

const INTENT_WAITING: Record<string, string> = {
  requires_payment_method: 'The payment has not been completed: no payment method has been confirmed yet.',
  requires_confirmation: 'The payment has not been confirmed yet.',
  requires_action: 'The payment needs an action from the shopper (for example 3-D Secure authentication).',
  processing: 'The payment is still being processed; try again shortly.',
};

export class StripeProvider implements PaymentProviderAdapter, RecurringPayments {
  readonly id = STRIPE_PROVIDER_ID;
  private readonly http: ProviderHttp;
  private readonly base: string;

  constructor(
    private readonly settings: StripeSettings,
    testing?: { retryDelaysMs?: number[] },
  ) {
    if (!settings?.api_key) throw new Error(`${STRIPE_PROVIDER_ID}: settings.api_key is required`);
    this.base = (settings.base_url ?? STRIPE_API).replace(/\/+$/, '');
    this.http = new ProviderHttp({ providerId: this.id, name: 'Stripe', timeoutMs: settings.timeout_ms ?? 10_000, retryDelaysMs: testing?.retryDelaysMs });
  }

  async initiate(input: { amount: string; currency_code: string; context: PaymentContext; data?: Record<string, unknown> }): Promise<ProviderResult> {
    const data = { ...input.data };
    return amountGuard(data, async () => {
      const ctx = input.context;
      const res = await this.request('POST', '/v1/payment_intents', ctx, 'create', {
        amount: toStripeAmount(input.amount, input.currency_code).toString(),
        currency: input.currency_code.toLowerCase(),
        capture_method: 'manual',
        automatic_payment_methods: { enabled: true },
        metadata: { reference: ctx.reference, customer_id: ctx.customer_id },
        receipt_email: ctx.email,
      });
      if (isRefusal(res)) return refusalResult(data, res);
      return { status: 'pending', data: { ...data, id: res.id, client_secret: res.client_secret, status: res.status } };
    });
  }

  async authorize(session: { amount: string; currency_code: string; data: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult> {
    const data = { ...session.data };
    return amountGuard(data, async () => {
      const id = str(data.id);
      if (!id) return { status: 'error', data, message: 'No Stripe payment was started for this session.' };
      const intent = await this.request('GET', `/v1/payment_intents/${encodeURIComponent(id)}`, session.context);
      if (isRefusal(intent)) return refusalResult(data, intent);
      const expected = toStripeAmount(session.amount, session.currency_code).toString();
      if (String(intent.amount) !== expected || str(intent.currency) !== session.currency_code.toLowerCase()) {
        return {
          status: 'error',
          data: { ...data, status: intent.status },
          message: 'The payment amount no longer matches the cart; please start the payment again.',
        };
      }
      return intentResult(data, intent);
    });
  }

  async capture(payment: { amount: string; currency_code: string; data: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult> {
    const data = { ...payment.data };
    return amountGuard(data, async () => {
      const id = str(data.id);
      if (!id) return { status: 'error', data, message: 'No Stripe payment to capture.' };
      const amount = toStripeAmount(payment.amount, payment.currency_code).toString();
      const res = await this.request('POST', `/v1/payment_intents/${encodeURIComponent(id)}/capture`, payment.context, `capture:${amount}`, {
        amount_to_capture: amount,
      });
      if (isRefusal(res)) return this.settle(id, data, payment.context, 'captured', res);
      return intentResult(data, res);
    });
  }

  async cancel(payment: { data: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult> {
    const data = { ...payment.data };
    const id = str(data.id);
    if (!id) return { status: 'canceled', data };
    const res = await this.request('POST', `/v1/payment_intents/${encodeURIComponent(id)}/cancel`, payment.context, 'cancel', {});
    if (isRefusal(res)) return this.settle(id, data, payment.context, 'canceled', res);
    return intentResult(data, res);
  }

  async refund(payment: { amount: string; currency_code: string; data: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult> {
    const data = { ...payment.data };
    return amountGuard(data, async () => {
      const id = str(data.id);
      if (!id) return { status: 'error', data, message: 'No Stripe payment to refund.' };
      const amount = toStripeAmount(payment.amount, payment.currency_code).toString();
      const refunds = Array.isArray(data.refunds) ? data.refunds : [];
      // one key per refund: a retry of this call is replayed, the next refund is a new one
      const res = await this.request('POST', '/v1/refunds', payment.context, `refund:${refunds.length}:${amount}`, { payment_intent: id, amount });
      if (isRefusal(res)) return refusalResult(data, res);
      const refund = { id: res.id, amount: payment.amount, status: res.status };
      if (res.status === 'failed' || res.status === 'canceled') {
        return { status: 'error', data, message: `Stripe could not refund the payment (${String(res.failure_reason ?? res.status)}).` };
      }
      return { status: 'captured', data: { ...data, refunds: [...refunds, refund] } };
    });
  }

  /**
   * Recurring: a Customer for the shopper, then a PaymentIntent for the first amount with
   * `setup_future_usage=off_session` (charged at once: `capture_method=automatic`), or a
   * SetupIntent with `usage=off_session` when nothing is due now (a trial). The storefront confirms
   * either with Stripe.js and the `client_secret`.
   */
  async startRecurring(input: { amount: string; currency_code: string; context: PaymentContext }): Promise<ProviderResult> {
    return amountGuard({}, async () => {
      const ctx = input.context;
      const customer = await this.request('POST', '/v1/customers', ctx, 'customer', {
        email: ctx.email,
        metadata: { customer_id: ctx.customer_id, reference: ctx.reference },
      });
      if (isRefusal(customer)) return refusalResult({}, customer);
      const minor = toStripeAmount(input.amount, input.currency_code);
      const metadata = { reference: ctx.reference, customer_id: ctx.customer_id };
      const res =
        minor > 0n
          ? await this.request('POST', '/v1/payment_intents', ctx, 'recurring', {
              amount: minor.toString(),
              currency: input.currency_code.toLowerCase(),
              customer: str(customer.id),
              setup_future_usage: 'off_session',
              automatic_payment_methods: { enabled: true },
              metadata,
              receipt_email: ctx.email,
            })
          : await this.request('POST', '/v1/setup_intents', ctx, 'setup', {
              customer: str(customer.id),
              usage: 'off_session',
              automatic_payment_methods: { enabled: true },
              metadata,
            });
      if (isRefusal(res)) return refusalResult({ customer: customer.id }, res);
      const kind = minor > 0n ? 'payment_intent' : 'setup_intent';
      return { status: 'pending', data: { kind, id: res.id, client_secret: res.client_secret, status: res.status, customer: customer.id } };
    });
  }

  /** The intent as Stripe has it now: paid (or set up) with a payment method saved on the customer, or not yet. */
  async confirmRecurring(input: { amount: string; currency_code: string; data: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult> {
    const data = { ...input.data };
    return amountGuard(data, async () => {
      const id = str(data.id);
      const setup = data.kind === 'setup_intent';
      if (!id) return { status: 'error', data, message: 'No Stripe payment was started for this checkout.' };
      const intent = await this.request('GET', `/v1/${setup ? 'setup_intents' : 'payment_intents'}/${encodeURIComponent(id)}`, input.context);
      if (isRefusal(intent)) return refusalResult(data, intent);
      if (
        !setup &&
        (String(intent.amount) !== toStripeAmount(input.amount, input.currency_code).toString() || str(intent.currency) !== input.currency_code.toLowerCase())
      ) {
        return {
          status: 'error',
          data: { ...data, status: intent.status },
          message: 'The payment amount no longer matches the plan; please start the checkout again.',
        };
      }
      const pm = str(intent.payment_method);
      const customer = str(intent.customer) ?? str(data.customer);
      if (intent.status === 'succeeded' && pm && customer) {
        return { status: setup ? 'authorized' : 'captured', data: { ...data, status: intent.status, method: { customer, payment_method: pm } } };
      }
      if (setup) {
        const waiting = INTENT_WAITING[str(intent.status) ?? ''];
        return {
          status: 'requires_more',
          data: { ...data, status: intent.status },
          message: waiting ?? `The card has not been set up (Stripe status ${String(intent.status)}).`,
        };
      }
      return intentResult(data, intent);
    });
  }

  /**
   * An off-session charge of the saved method (`off_session=true&confirm=true`): succeeded →
   * captured; a decline (402) or a card that needs the customer (authentication_required) → error
   * with Stripe's message. The context's idempotency key is the charge's: a repeat is Stripe's replay.
   */
  async chargeSaved(input: { amount: string; currency_code: string; method: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult> {
    return amountGuard({}, async () => {
      const customer = str(input.method.customer);
      const pm = str(input.method.payment_method);
      if (!customer || !pm) return { status: 'error', data: {}, message: 'No saved Stripe payment method.' };
      const ctx = input.context;
      const res = await this.request('POST', '/v1/payment_intents', ctx, 'charge', {
        amount: toStripeAmount(input.amount, input.currency_code).toString(),
        currency: input.currency_code.toLowerCase(),
        customer,
        payment_method: pm,
        off_session: true,
        confirm: true,
        metadata: { reference: ctx.reference, customer_id: ctx.customer_id },
        receipt_email: ctx.email,
      });
      if (isRefusal(res)) return refusalResult({}, res);
      return intentResult({}, res);
    });
  }

  /**
   * A capture or cancel Stripe refused because of the intent's state (say, an earlier attempt
   * already captured it): the intent's current state decides.
   */
  private async settle(
    id: string,
    data: Record<string, unknown>,
    ctx: PaymentContext,
    goal: 'captured' | 'canceled',
    refusal: StripeRefusal,
  ): Promise<ProviderResult> {
    if (refusal.code !== 'payment_intent_unexpected_state') return refusalResult(data, refusal);
    const intent = await this.request('GET', `/v1/payment_intents/${encodeURIComponent(id)}`, ctx);
    if (isRefusal(intent)) return refusalResult(data, refusal);
    const now = intentResult(data, intent);
    return now.status === goal ? now : refusalResult({ ...data, status: intent.status }, refusal);
  }

  private async request(method: 'GET' | 'POST', path: string, ctx: PaymentContext, operation?: string, params?: Params): Promise<StripeObject | StripeRefusal> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.settings.api_key}`, accept: 'application/json' };
    if (method === 'POST') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      if (operation) headers['idempotency-key'] = operationKey(ctx.idempotency_key, operation, KEY_MAX);
    }
    const res = await this.http.send({
      method,
      url: `${this.base}${path}`,
      headers,
      body: params ? encodeStripeForm(params) : undefined,
      retryable: method === 'GET' || 'idempotency-key' in headers,
      shouldRetry: stripeShouldRetry,
    });
    return this.interpret(res);
  }

  private interpret(res: HttpResponse): StripeObject | StripeRefusal {
    const err = isRecord(res.json) && isRecord(res.json.error) ? res.json.error : undefined;
    if (res.status >= 200 && res.status < 300 && isRecord(res.json)) return res.json;
    if (res.status === 401 || res.status === 403) {
      // never Stripe's message: it names (part of) the key
      throw this.http.unavailable(`the API key was refused (HTTP ${res.status}); check the secret key in the Stripe settings`);
    }
    if (res.status === 429 || res.status >= 500 || !err) {
      throw this.http.unavailable(`answered HTTP ${res.status}${err ? ` (${str(err.type) ?? 'error'})` : ''}`);
    }
    return {
      refused: true,
      status: res.status,
      type: str(err.type),
      code: str(err.code),
      decline_code: str(err.decline_code),
      message: str(err.message) ?? 'Stripe refused the payment.',
    };
  }
}

function stripeShouldRetry(res: HttpResponse): boolean {
  // Stripe says when a retry can help; its idempotency layer replays most real 500s anyway
  const hint = res.headers.get('stripe-should-retry');
  if (hint === 'true') return true;
  if (hint === 'false') return false;
  return res.status === 409 || res.status === 429 || res.status >= 500;
}

const isRefusal = (v: StripeObject | StripeRefusal): v is StripeRefusal => (v as StripeRefusal).refused === true;

function refusalResult(data: Record<string, unknown>, r: StripeRefusal): ProviderResult {
  const error = { type: r.type, code: r.code, decline_code: r.decline_code, http_status: r.status };
  return { status: 'error', data: { ...data, error }, message: r.message };
}

function intentResult(data: Record<string, unknown>, intent: StripeObject): ProviderResult {
  const status = str(intent.status) ?? '';
  const d: Record<string, unknown> = { ...data, id: intent.id, status };
  if (intent.latest_charge) d.latest_charge = intent.latest_charge;
  switch (status) {
    case 'requires_capture':
      return { status: 'authorized', data: d };
    case 'succeeded':
      return { status: 'captured', data: d };
    case 'canceled':
      return { status: 'canceled', data: d };
  }
  const lastError = isRecord(intent.last_payment_error) ? intent.last_payment_error : undefined;
  if (status === 'requires_payment_method' && lastError) {
    d.error = { type: lastError.type, code: lastError.code, decline_code: lastError.decline_code };
    return { status: 'error', data: d, message: str(lastError.message) ?? 'The card was declined.' };
  }
  return { status: 'requires_more', data: d, message: INTENT_WAITING[status] ?? `The payment is not complete (Stripe status ${status}).` };
}
