import { createHash } from 'node:crypto';
import { toPayPalValue } from './money';
import { amountGuard, isRecord, operationKey, ProviderHttp, str } from './http';
import type { PaymentContext, PaymentProviderAdapter, PayPalSettings, ProviderResult, RecurringPayments } from './provider';

/**
 * pp_paypal_paypal: PayPal Orders v2 over plain HTTP. The session is an order with
 * `intent: "AUTHORIZE"`; the buyer approves it at PayPal (`approve_url`), cart completion
 * authorises it, an admin captures the authorisation later, or voids it.
 *
 * Order statuses: CREATED / SAVED / PAYER_ACTION_REQUIRED → requires_more (not approved);
 * APPROVED → authorised now (POST …/authorize) → authorized; COMPLETED → from its payments
 * (authorisation CREATED → authorized, CAPTURED → captured, DENIED → error, VOIDED / EXPIRED →
 * canceled); VOIDED → canceled. 422 issues (INSTRUMENT_DECLINED, …) and other 4xx → error with a
 * message. Refused client credentials, 403, 429, 5xx, network errors, timeouts → unavailable.
 * A 401 on the API (token expired or revoked early) fetches a new token once and repeats the call.
 *
 * Recurring (Vault v3): a setup token with `usage_type: MERCHANT` the buyer approves at PayPal
 * (`approve_url`); once approved, a payment token (`vault_id`) is made from it, and charges are
 * orders with `payment_source.paypal.vault_id` and `stored_credential` (merchant-initiated,
 * recurring) captured at once, each with the caller's `PayPal-Request-Id`.
 */
/** PayPal's approval page: back to the storefront after approval or cancel, no shipping for plans, "continue" then confirm on our side. */
function experienceContext(ctx: PaymentContext): Record<string, unknown> {
  return {
    shipping_preference: 'NO_SHIPPING',
    user_action: 'CONTINUE',
    ...(ctx.return_url ? { return_url: ctx.return_url } : {}),
    ...(ctx.cancel_url ? { cancel_url: ctx.cancel_url } : {}),
  };
}

export const PAYPAL_PROVIDER_ID = 'pp_paypal_paypal';
const PAYPAL_API = 'https://api-m.paypal.com';
const REQUEST_ID_MAX = 108;

interface CachedToken {
  token: string;
  /** epoch ms after which it is not used any more (shortly before PayPal expires it) */
  renewAt: number;
}

/**
 * Access tokens per app (base URL, client id, a digest of the secret), shared by every adapter
 * instance in the process, so an adapter made per request does not fetch a token per request.
 */
const tokens = new Map<string, Promise<CachedToken>>();

interface PayPalRefusal {
  refused: true;
  status: number;
  name?: string;
  issue?: string;
  message: string;
  debug_id?: string;
}
type PayPalObject = Record<string, unknown>;

const ISSUE_MESSAGES: Record<string, string> = {
  INSTRUMENT_DECLINED: 'PayPal declined the payment method the buyer chose; they can pick another one at PayPal.',
  ORDER_NOT_APPROVED: 'The buyer has not approved the payment at PayPal.',
  PAYER_ACTION_REQUIRED: 'The buyer has not approved the payment at PayPal.',
  CURRENCY_NOT_SUPPORTED: 'PayPal does not support this currency.',
};
const NOT_APPROVED = 'The buyer has not approved the payment at PayPal yet.';

export class PayPalProvider implements PaymentProviderAdapter, RecurringPayments {
  readonly id = PAYPAL_PROVIDER_ID;
  private readonly http: ProviderHttp;
  private readonly base: string;
  private readonly tokenKey: string;
  /** the clock of the token's lifetime (tests inject one) */
  private readonly now: () => number;

  constructor(
    private readonly settings: PayPalSettings,
    testing?: { retryDelaysMs?: number[]; now?: () => number },
  ) {
    this.now = testing?.now ?? Date.now;
    if (!settings?.client_id || !settings.client_secret) throw new Error(`${PAYPAL_PROVIDER_ID}: settings.client_id and settings.client_secret are required`);
    this.base = (settings.base_url ?? PAYPAL_API).replace(/\/+$/, '');
    this.http = new ProviderHttp({ providerId: this.id, name: 'PayPal', timeoutMs: settings.timeout_ms ?? 10_000, retryDelaysMs: testing?.retryDelaysMs });
    const secretDigest = createHash('sha256').update(settings.client_secret).digest('base64url');
    this.tokenKey = `${this.base}|${settings.client_id}|${secretDigest}`;
  }

  async initiate(input: { amount: string; currency_code: string; context: PaymentContext; data?: Record<string, unknown> }): Promise<ProviderResult> {
    const data = { ...input.data };
    return amountGuard(data, async () => {
      const ctx = input.context;
      const unit: Record<string, unknown> = {
        amount: { currency_code: input.currency_code.toUpperCase(), value: toPayPalValue(input.amount, input.currency_code) },
      };
      if (ctx.reference) Object.assign(unit, { reference_id: ctx.reference.slice(0, 256), custom_id: ctx.reference.slice(0, 127) });
      const order = await this.api('POST', '/v2/checkout/orders', ctx, 'create', { intent: 'AUTHORIZE', purchase_units: [unit] });
      if (isRefusal(order)) return refusalResult(data, order);
      return { status: 'pending', data: { ...data, id: order.id, status: order.status, approve_url: approveUrl(order) } };
    });
  }

  async authorize(session: { amount: string; currency_code: string; data: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult> {
    const data = { ...session.data };
    return amountGuard(data, async () => {
      const id = str(data.id);
      if (!id) return { status: 'error', data, message: 'No PayPal payment was started for this session.' };
      const order = await this.api('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`, session.context);
      if (isRefusal(order)) return refusalResult(data, order);
      const amount = isRecord(firstUnit(order)?.amount) ? (firstUnit(order)!.amount as Record<string, unknown>) : {};
      if (amount.value !== toPayPalValue(session.amount, session.currency_code) || amount.currency_code !== session.currency_code.toUpperCase()) {
        return {
          status: 'error',
          data: { ...data, status: order.status },
          message: 'The payment amount no longer matches the cart; please start the payment again.',
        };
      }
      if (order.status !== 'APPROVED') return orderResult(data, order);
      const authorized = await this.api('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/authorize`, session.context, 'authorize', {});
      if (isRefusal(authorized)) return refusalResult({ ...data, status: order.status }, authorized);
      return orderResult(data, authorized);
    });
  }

  async capture(payment: { amount: string; currency_code: string; data: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult> {
    const data = { ...payment.data };
    return amountGuard(data, async () => {
      const auth = str(data.authorization_id);
      if (!auth) return { status: 'error', data, message: 'No PayPal authorisation to capture.' };
      const value = toPayPalValue(payment.amount, payment.currency_code);
      const capture = await this.api('POST', `/v2/payments/authorizations/${encodeURIComponent(auth)}/capture`, payment.context, `capture:${value}`, {
        amount: { currency_code: payment.currency_code.toUpperCase(), value },
        final_capture: true,
      });
      if (isRefusal(capture)) return refusalResult(data, capture);
      if (capture.status === 'COMPLETED' || capture.status === 'PENDING') {
        return { status: 'captured', data: { ...data, capture_id: capture.id, capture_status: capture.status } };
      }
      return { status: 'error', data, message: `PayPal did not capture the payment (${String(capture.status)}).` };
    });
  }

  async cancel(payment: { data: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult> {
    const data = { ...payment.data };
    const auth = str(data.authorization_id);
    // never authorised: nothing is held at PayPal, and an unapproved order simply expires
    if (!auth) return { status: 'canceled', data };
    const res = await this.api('POST', `/v2/payments/authorizations/${encodeURIComponent(auth)}/void`, payment.context, 'void', undefined);
    if (isRefusal(res)) return refusalResult(data, res);
    return { status: 'canceled', data: { ...data, authorization_status: 'VOIDED' } };
  }

  async refund(payment: { amount: string; currency_code: string; data: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult> {
    const data = { ...payment.data };
    return amountGuard(data, async () => {
      const capture = str(data.capture_id);
      if (!capture) return { status: 'error', data, message: 'No PayPal capture to refund.' };
      const value = toPayPalValue(payment.amount, payment.currency_code);
      const refunds = Array.isArray(data.refunds) ? data.refunds : [];
      const res = await this.api('POST', `/v2/payments/captures/${encodeURIComponent(capture)}/refund`, payment.context, `refund:${refunds.length}:${value}`, {
        amount: { currency_code: payment.currency_code.toUpperCase(), value },
      });
      if (isRefusal(res)) return refusalResult(data, res);
      if (res.status !== 'COMPLETED' && res.status !== 'PENDING') {
        return { status: 'error', data, message: `PayPal did not refund the payment (${String(res.status)}).` };
      }
      return { status: 'captured', data: { ...data, refunds: [...refunds, { id: res.id, amount: payment.amount, status: res.status }] } };
    });
  }

  /** A vault setup token for merchant-initiated charges; the buyer approves it at `approve_url`. */
  async startRecurring(input: { amount: string; currency_code: string; context: PaymentContext }): Promise<ProviderResult> {
    return amountGuard({}, async () => {
      toPayPalValue(input.amount, input.currency_code);
      const token = await this.api('POST', '/v3/vault/setup-tokens', input.context, 'setup', {
        payment_source: {
          paypal: {
            usage_type: 'MERCHANT',
            usage_pattern: 'SUBSCRIPTION_PREPAID',
            description: input.context.reference?.slice(0, 127),
            experience_context: experienceContext(input.context),
          },
        },
      });
      if (isRefusal(token)) return refusalResult({}, token);
      return { status: 'pending', data: { kind: 'setup_token', id: token.id, status: token.status, approve_url: approveUrl(token) } };
    });
  }

  /**
   * Once the buyer approved the setup token: the payment token (`vault_id`), and the first amount
   * charged with it when there is one (captured), else the method is only saved (authorized).
   */
  async confirmRecurring(input: { amount: string; currency_code: string; data: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult> {
    const data = { ...input.data };
    return amountGuard(data, async () => {
      const id = str(data.id);
      if (!id) return { status: 'error', data, message: 'No PayPal payment was started for this checkout.' };
      const setup = await this.api('GET', `/v3/vault/setup-tokens/${encodeURIComponent(id)}`, input.context);
      if (isRefusal(setup)) return refusalResult(data, setup);
      if (setup.status !== 'APPROVED') return { status: 'requires_more', data: { ...data, status: setup.status }, message: NOT_APPROVED };
      const token = await this.api('POST', '/v3/vault/payment-tokens', input.context, 'payment-token', {
        payment_source: { token: { id, type: 'SETUP_TOKEN' } },
      });
      if (isRefusal(token)) return refusalResult(data, token);
      const customer = isRecord(token.customer) ? str(token.customer.id) : undefined;
      const method = { vault_id: token.id, customer };
      if (toPayPalValue(input.amount, input.currency_code).replace(/[0.]/g, '') === '')
        return { status: 'authorized', data: { ...data, status: 'APPROVED', method } };
      const first = await this.chargeSaved({ ...input, method, context: { ...input.context, idempotency_key: `${input.context.idempotency_key}:first` } });
      return { ...first, data: { ...data, ...first.data, method } };
    });
  }

  /** A merchant-initiated order paid with the vaulted token, captured at once (INSTRUMENT_DECLINED and the like: error). */
  async chargeSaved(input: { amount: string; currency_code: string; method: Record<string, unknown>; context: PaymentContext }): Promise<ProviderResult> {
    return amountGuard({}, async () => {
      const vaultId = str(input.method.vault_id);
      if (!vaultId) return { status: 'error', data: {}, message: 'No saved PayPal payment method.' };
      const ctx = input.context;
      const unit: Record<string, unknown> = {
        amount: { currency_code: input.currency_code.toUpperCase(), value: toPayPalValue(input.amount, input.currency_code) },
      };
      if (ctx.reference) Object.assign(unit, { reference_id: ctx.reference.slice(0, 256), custom_id: ctx.reference.slice(0, 127) });
      const order = await this.api('POST', '/v2/checkout/orders', ctx, 'charge', {
        intent: 'CAPTURE',
        purchase_units: [unit],
        payment_source: { paypal: { vault_id: vaultId, stored_credential: { payment_initiator: 'MERCHANT', payment_type: 'RECURRING', usage: 'SUBSEQUENT' } } },
      });
      if (isRefusal(order)) return refusalResult({}, order);
      const payments = isRecord(firstUnit(order)?.payments) ? (firstUnit(order)!.payments as Record<string, unknown>) : {};
      const capture = (Array.isArray(payments.captures) ? payments.captures.filter(isRecord) : []).at(-1);
      if (order.status === 'COMPLETED' && capture && (capture.status === 'COMPLETED' || capture.status === 'PENDING')) {
        return { status: 'captured', data: { id: order.id, status: order.status, capture_id: capture.id, capture_status: capture.status } };
      }
      return { status: 'error', data: { id: order.id, status: order.status }, message: `PayPal did not capture the payment (${String(order.status)}).` };
    });
  }

  /** One API call with a cached token; a 401 drops the token and repeats the call once with a new one. */
  private async api(method: 'GET' | 'POST', path: string, ctx: PaymentContext, operation?: string, body?: unknown): Promise<PayPalObject | PayPalRefusal> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.token();
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
      if (method === 'POST') {
        headers['content-type'] = 'application/json';
        headers.prefer = 'return=representation';
        if (operation) headers['paypal-request-id'] = operationKey(ctx.idempotency_key, operation, REQUEST_ID_MAX);
      }
      const res = await this.http.send({
        method,
        url: `${this.base}${path}`,
        headers,
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
        retryable: method === 'GET' || 'paypal-request-id' in headers,
      });
      if (res.status === 401 && attempt === 0) {
        await this.dropToken(token);
        continue;
      }
      if (res.status >= 200 && res.status < 300) return isRecord(res.json) ? res.json : {};
      if (res.status === 401) throw this.http.unavailable('the access token was refused twice (HTTP 401); check the app credentials');
      if (res.status === 403) throw this.http.unavailable('the app is not permitted to do this (HTTP 403); check its PayPal permissions');
      const err = isRecord(res.json) ? res.json : undefined;
      if (res.status === 429 || res.status >= 500 || !err)
        throw this.http.unavailable(`answered HTTP ${res.status}${err?.name ? ` (${String(err.name)})` : ''}`);
      const detail = Array.isArray(err.details) && isRecord(err.details[0]) ? err.details[0] : {};
      const issue = str(detail.issue);
      return {
        refused: true,
        status: res.status,
        name: str(err.name),
        issue,
        debug_id: str(err.debug_id),
        message:
          (issue && ISSUE_MESSAGES[issue]) ??
          `PayPal refused the payment: ${str(detail.description) ?? str(err.message) ?? str(err.name) ?? `HTTP ${res.status}`}`,
      };
    }
  }

  private async token(): Promise<string> {
    const key = this.tokenKey;
    const cached = tokens.get(key);
    if (cached) {
      const t = await cached.catch(() => undefined);
      if (t && this.now() < t.renewAt) return t.token;
      if (tokens.get(key) === cached) tokens.delete(key);
    }
    // one fetch at a time per app: concurrent callers share it
    let pending = tokens.get(key);
    if (!pending) {
      const p = this.fetchToken();
      tokens.set(key, p);
      p.catch(() => tokens.get(key) === p && tokens.delete(key));
      pending = p;
    }
    return (await pending).token;
  }

  /** Forgets `token` (PayPal refused it before its time), unless a newer one replaced it already. */
  private async dropToken(token: string): Promise<void> {
    const cached = tokens.get(this.tokenKey);
    const t = await cached?.catch(() => undefined);
    if (cached && (!t || t.token === token) && tokens.get(this.tokenKey) === cached) tokens.delete(this.tokenKey);
  }

  private async fetchToken(): Promise<CachedToken> {
    const basic = Buffer.from(`${this.settings.client_id}:${this.settings.client_secret}`).toString('base64');
    const started = this.now();
    const res = await this.http.send({
      method: 'POST',
      url: `${this.base}/v1/oauth2/token`,
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
      retryable: true, // asking for a token twice is harmless
    });
    const body = isRecord(res.json) ? res.json : {};
    if (res.status === 401 || res.status === 403) {
      throw this.http.unavailable(
        `the client credentials were refused (HTTP ${res.status} ${str(body.error) ?? ''}); check client_id and client_secret in the PayPal settings`.replace(
          ' )',
          ')',
        ),
      );
    }
    const token = str(body.access_token);
    const expiresIn = Number(body.expires_in);
    if (res.status !== 200 || !token || !(expiresIn > 0)) throw this.http.unavailable(`the token endpoint answered HTTP ${res.status} without a usable token`);
    // renew a minute early, or a fifth of the lifetime for short-lived tokens
    const margin = Math.min(60, expiresIn / 5) * 1000;
    return { token, renewAt: started + expiresIn * 1000 - margin };
  }
}

const isRefusal = (v: PayPalObject | PayPalRefusal): v is PayPalRefusal => (v as PayPalRefusal).refused === true;

function refusalResult(data: Record<string, unknown>, r: PayPalRefusal): ProviderResult {
  return { status: 'error', data: { ...data, error: { name: r.name, issue: r.issue, debug_id: r.debug_id, http_status: r.status } }, message: r.message };
}

function firstUnit(order: PayPalObject): Record<string, unknown> | undefined {
  const units = order.purchase_units;
  return Array.isArray(units) && isRecord(units[0]) ? units[0] : undefined;
}

function approveUrl(order: PayPalObject): string | undefined {
  const links = Array.isArray(order.links) ? order.links.filter(isRecord) : [];
  return str(links.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href);
}

function orderResult(data: Record<string, unknown>, order: PayPalObject): ProviderResult {
  const status = str(order.status) ?? '';
  const d: Record<string, unknown> = { ...data, id: order.id ?? data.id, status };
  if (status === 'CREATED' || status === 'SAVED' || status === 'PAYER_ACTION_REQUIRED' || status === 'APPROVED') {
    return { status: 'requires_more', data: d, message: NOT_APPROVED };
  }
  if (status === 'VOIDED') return { status: 'canceled', data: d };
  if (status !== 'COMPLETED') return { status: 'error', data: d, message: `PayPal answered with an unexpected order status (${status}).` };
  const payments = isRecord(firstUnit(order)?.payments) ? (firstUnit(order)!.payments as Record<string, unknown>) : {};
  const auths = Array.isArray(payments.authorizations) ? payments.authorizations.filter(isRecord) : [];
  const captures = Array.isArray(payments.captures) ? payments.captures.filter(isRecord) : [];
  const auth = auths.at(-1);
  const capture = captures.at(-1);
  if (auth) Object.assign(d, { authorization_id: auth.id, authorization_status: auth.status });
  if (capture) Object.assign(d, { capture_id: capture.id, capture_status: capture.status });
  switch (capture ? 'CAPTURED' : auth?.status) {
    case 'CREATED':
      return { status: 'authorized', data: d };
    case 'CAPTURED':
    case 'PARTIALLY_CAPTURED':
      return { status: 'captured', data: d };
    case 'PENDING':
      return { status: 'requires_more', data: d, message: 'PayPal is still reviewing the payment; try again shortly.' };
    case 'VOIDED':
    case 'EXPIRED':
      return { status: 'canceled', data: d };
    default:
      return { status: 'error', data: d, message: 'PayPal declined the payment.' };
  }
}
