import { ProtocolServer, rid, type Incoming, type Reply } from './protocol-server';

/**
 * A local server speaking PayPal's REST API closely enough for the adapter: the OAuth2
 * client-credentials token endpoint (Basic auth, expiring tokens), Orders v2 (create, get,
 * authorize), authorizations (capture, void), captures (refund), the v3 vault (setup tokens the
 * buyer approves, payment tokens made from them, and orders paid with `payment_source.paypal.vault_id`
 * without the buyer, captured at once) and `PayPal-Request-Id` idempotency. In-memory; test
 * controls: `approve` (the buyer at PayPal), `approveSetupToken` (the buyer agrees to be charged
 * later), `declineInstrument`, `declineVault`, `revokeTokens`, and the fault injection of ProtocolServer.
 */

interface Amount {
  currency_code: string;
  value: string;
}
interface Link {
  href: string;
  rel: string;
  method: string;
}
interface PayPalAuthorization {
  id: string;
  status: 'CREATED' | 'CAPTURED' | 'VOIDED' | 'PARTIALLY_CAPTURED';
  amount: Amount;
  expiration_time: string;
  links: Link[];
}
interface PayPalCapture {
  id: string;
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: Amount;
  final_capture: boolean;
  authorization_id: string;
}
interface PayPalOrder {
  id: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  purchase_units: { reference_id: string; custom_id?: string; amount: Amount; payments?: { authorizations: PayPalAuthorization[] } }[];
  payer?: Record<string, unknown>;
  create_time: string;
  links: Link[];
}

/** PayPal's currencies; HUF, JPY and TWD take no decimals. */
const CURRENCIES = new Set([
  'AUD',
  'BRL',
  'CAD',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'HKD',
  'HUF',
  'ILS',
  'JPY',
  'MYR',
  'MXN',
  'TWD',
  'NZD',
  'NOK',
  'PHP',
  'PLN',
  'GBP',
  'SGD',
  'SEK',
  'CHF',
  'THB',
  'USD',
]);
const NO_DECIMALS = new Set(['HUF', 'JPY', 'TWD']);

const decimalsOf = (currency: string) => (NO_DECIMALS.has(currency) ? 0 : 2);
/** value in hundredths (or units), exactly */
const units = (a: Amount): bigint => {
  const d = decimalsOf(a.currency_code);
  const [i, f = ''] = a.value.split('.');
  return BigInt(i) * 10n ** BigInt(d) + BigInt(f.padEnd(d, '0') || '0');
};
const valueOf = (u: bigint, currency: string): string => {
  const d = decimalsOf(currency);
  if (d === 0) return u.toString();
  const s = u.toString().padStart(d + 1, '0');
  return `${s.slice(0, -d)}.${s.slice(-d)}`;
};

function ppError(status: number, name: string, message: string, issue?: string, description?: string): Reply {
  return { status, body: { name, message, debug_id: rid(13), details: issue ? [{ issue, description: description ?? issue }] : [], links: [] } };
}
const validUrl = (value: unknown): boolean => {
  if (typeof value !== 'string' || value.length > 4000) return false;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
};
const unprocessable = (issue: string, description: string) =>
  ppError(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    issue,
    description,
  );
const notFound = () =>
  ppError(
    404,
    'RESOURCE_NOT_FOUND',
    'The specified resource does not exist.',
    'INVALID_RESOURCE_ID',
    'Specified resource ID does not exist. Please check the resource ID and try again.',
  );
const invalidRequest = (issue: string, description: string) =>
  ppError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', issue, description);
const created = (body: unknown): Reply => ({ status: 201, body: structuredClone(body) });

export class PayPalServer extends ProtocolServer {
  readonly orders = new Map<string, PayPalOrder>();
  readonly authorizations = new Map<string, PayPalAuthorization>();
  readonly captures = new Map<string, PayPalCapture>();
  readonly refunds = new Map<string, { id: string; status: 'COMPLETED'; amount: Amount; capture_id: string }>();
  /** access token → expiry (epoch ms) */
  private readonly tokens = new Map<string, number>();
  private readonly declined = new Set<string>();
  /** the bodies of POST /v3/vault/setup-tokens as received (experience_context included), oldest first */
  readonly setupRequests: Record<string, unknown>[] = [];
  readonly setupTokens = new Map<
    string,
    { id: string; status: 'PAYER_ACTION_REQUIRED' | 'APPROVED'; customer: { id: string }; payment_source: Record<string, unknown>; links: Link[] }
  >();
  readonly paymentTokens = new Map<string, { id: string; customer: { id: string }; payment_source: Record<string, unknown> }>();
  /** vault ids whose merchant-initiated charges are declined (test control) */
  readonly decliningVault = new Set<string>();
  /** captures of orders paid with a vaulted token: vault id -> capture ids */
  readonly vaultCaptures = new Map<string, string[]>();
  private readonly idempotent = new Map<string, Reply>();
  tokensIssued = 0;

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
    /** lifetime of the access tokens it issues */
    public tokenTtlSeconds: number,
  ) {
    super((req) => this.handle(req), {
      name: 'INTERNAL_SERVER_ERROR',
      message: 'An internal server error occurred (injected).',
      debug_id: rid(13),
      details: [],
    });
  }

  /** The buyer logs in at PayPal and approves the order. */
  approve(orderId: string): void {
    const o = this.orders.get(orderId);
    if (!o) throw new Error(`no order ${orderId}`);
    if (o.status !== 'CREATED') throw new Error(`order ${orderId} is ${o.status}`);
    o.status = 'APPROVED';
    o.payer = { payer_id: rid(13).toUpperCase(), email_address: 'buyer@example.com', name: { given_name: 'Test', surname: 'Buyer' } };
  }

  /** The buyer logs in at PayPal and agrees to future charges of the vault setup token. */
  approveSetupToken(id: string): void {
    const t = this.setupTokens.get(id);
    if (!t) throw new Error(`no setup token ${id}`);
    t.status = 'APPROVED';
    t.payment_source = { paypal: { ...(t.payment_source.paypal as object), email_address: 'buyer@example.com', payer_id: rid(13).toUpperCase() } };
  }

  /** Merchant-initiated charges of this vaulted token are declined (or accepted again). */
  declineVault(vaultId: string, on = true): void {
    if (on) this.decliningVault.add(vaultId);
    else this.decliningVault.delete(vaultId);
  }

  /** The buyer's funding instrument will be declined when the order is authorised. */
  declineInstrument(orderId: string): void {
    this.declined.add(orderId);
  }

  /** Every access token issued so far stops working (PayPal can invalidate tokens before expiry). */
  revokeTokens(): void {
    this.tokens.clear();
  }

  private handle(req: Incoming): Reply {
    if (req.path === '/v1/oauth2/token' && req.method === 'POST') return this.token(req);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expires = bearer ? this.tokens.get(bearer) : undefined;
    if (!bearer) return { status: 401, body: { error: 'invalid_client', error_description: 'No authorization header' } };
    if (!expires || Date.now() >= expires) return { status: 401, body: { error: 'invalid_token', error_description: 'Access Token not found in cache' } };
    const requestId = req.headers['paypal-request-id'];
    if (req.method !== 'POST' || typeof requestId !== 'string') return this.route(req);
    // PayPal replays the first answer to a request id on the same resource
    const key = `${req.path}|${requestId}`;
    const prior = this.idempotent.get(key);
    if (prior) return structuredClone(prior);
    const reply = this.route(req);
    // only successes are kept: a refused request (a declined instrument) may be tried again later
    if (reply.status < 300) this.idempotent.set(key, structuredClone(reply));
    return reply;
  }

  private token(req: Incoming): Reply {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(/:(.*)/s) : [];
    if (id !== this.clientId || secret !== this.clientSecret)
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    if (new URLSearchParams(req.body).get('grant_type') !== 'client_credentials') {
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
    }
    const token = `A21AA${rid(40, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_')}`;
    this.tokens.set(token, Date.now() + this.tokenTtlSeconds * 1000);
    this.tokensIssued++;
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: this.tokenTtlSeconds,
        nonce: rid(20),
      },
    };
  }

  private route(req: Incoming): Reply {
    let body: Record<string, unknown> = {};
    if (req.method === 'POST' && req.body.trim() !== '') {
      try {
        body = JSON.parse(req.body) as Record<string, unknown>;
      } catch {
        return invalidRequest('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
      }
    }
    if (req.method === 'POST' && req.path === '/v3/vault/setup-tokens') return this.createSetupToken(body);
    const setup = /^\/v3\/vault\/setup-tokens\/([^/]+)$/.exec(req.path);
    if (setup && req.method === 'GET') {
      const t = this.setupTokens.get(setup[1]);
      return t ? { status: 200, body: structuredClone(t) } : notFound();
    }
    if (req.method === 'POST' && req.path === '/v3/vault/payment-tokens') return this.createPaymentToken(body);
    if (
      req.method === 'POST' &&
      req.path === '/v2/checkout/orders' &&
      (body.payment_source as { paypal?: { vault_id?: unknown } } | undefined)?.paypal?.vault_id
    ) {
      return this.vaultOrder(body);
    }
    if (req.method === 'POST' && req.path === '/v2/checkout/orders') return this.createOrder(body);
    const order = /^\/v2\/checkout\/orders\/([^/]+)(\/authorize)?$/.exec(req.path);
    if (order) {
      const o = this.orders.get(order[1]);
      if (!o) return notFound();
      if (req.method === 'GET' && !order[2]) return { status: 200, body: structuredClone(o) };
      if (req.method === 'POST' && order[2]) return this.authorizeOrder(o);
    }
    const auth = /^\/v2\/payments\/authorizations\/([^/]+)\/(capture|void)$/.exec(req.path);
    if (auth && req.method === 'POST') {
      const a = this.authorizations.get(auth[1]);
      if (!a) return notFound();
      return auth[2] === 'capture' ? this.capture(a, body) : this.void(a, req);
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(req.path);
    if (refund && req.method === 'POST') {
      const c = this.captures.get(refund[1]);
      return c ? this.refund(c, body) : notFound();
    }
    return ppError(404, 'NOT_FOUND', `No route for ${req.method} ${req.path}`);
  }

  /** An amount in PayPal's format, or the error PayPal gives. */
  private checkAmount(a: unknown): Amount | Reply {
    const amount = a as Partial<Amount> | undefined;
    if (!amount || typeof amount.currency_code !== 'string' || typeof amount.value !== 'string')
      return invalidRequest('MISSING_REQUIRED_PARAMETER', 'amount.currency_code and amount.value are required.');
    if (!CURRENCIES.has(amount.currency_code)) return unprocessable('CURRENCY_NOT_SUPPORTED', 'Currency code is invalid or is not currently supported.');
    const d = decimalsOf(amount.currency_code);
    if (!new RegExp(d === 0 ? '^\\d+$' : `^\\d+(\\.\\d{1,${d}})?$`).test(amount.value)) {
      return unprocessable('DECIMAL_PRECISION', 'If the currency supports decimals, only two decimal place precision is supported.');
    }
    return { currency_code: amount.currency_code, value: amount.value };
  }

  private createOrder(body: Record<string, unknown>): Reply {
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') return invalidRequest('INVALID_PARAMETER_VALUE', 'intent must be CAPTURE or AUTHORIZE.');
    const units = body.purchase_units as Record<string, unknown>[] | undefined;
    if (!Array.isArray(units) || units.length === 0) return invalidRequest('MISSING_REQUIRED_PARAMETER', 'purchase_units is required.');
    const amount = this.checkAmount(units[0].amount);
    if ('status' in amount) return amount;
    const id = rid(17, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    const o: PayPalOrder = {
      id,
      intent: body.intent,
      status: 'CREATED',
      purchase_units: [
        {
          reference_id: typeof units[0].reference_id === 'string' ? units[0].reference_id : 'default',
          custom_id: units[0].custom_id as string | undefined,
          amount,
        },
      ],
      create_time: new Date().toISOString(),
      links: [
        { href: `${this.url}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
        { href: `${this.url}/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
        { href: `${this.url}/v2/checkout/orders/${id}`, rel: 'update', method: 'PATCH' },
        { href: `${this.url}/v2/checkout/orders/${id}/authorize`, rel: 'authorize', method: 'POST' },
      ],
    };
    this.orders.set(id, o);
    return created(o);
  }

  private createSetupToken(body: Record<string, unknown>): Reply {
    const paypal = (body.payment_source as { paypal?: Record<string, unknown> } | undefined)?.paypal;
    if (!paypal) return invalidRequest('MISSING_REQUIRED_PARAMETER', 'payment_source is required.');
    const experience = paypal.experience_context as Record<string, unknown> | undefined;
    for (const field of ['return_url', 'cancel_url'] as const) {
      const value = experience?.[field];
      if (value !== undefined && !validUrl(value))
        return unprocessable('INVALID_PARAMETER_VALUE', `payment_source.paypal.experience_context.${field} must be an absolute http(s) URL.`);
    }
    this.setupRequests.push(structuredClone(body));
    const id = rid(17, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    const customer = (body.customer as { id?: string } | undefined)?.id ?? rid(10, 'abcdefghijklmnopqrstuvwxyz0123456789');
    const t = {
      id,
      status: 'PAYER_ACTION_REQUIRED' as const,
      customer: { id: customer },
      payment_source: { paypal: { usage_type: paypal.usage_type ?? 'MERCHANT' } },
      links: [
        { href: `${this.url}/agreements/approve?approval_session_id=${id}`, rel: 'approve', method: 'GET' },
        { href: `${this.url}/v3/vault/setup-tokens/${id}`, rel: 'self', method: 'GET' },
      ],
    };
    this.setupTokens.set(id, t);
    return created(t);
  }

  private createPaymentToken(body: Record<string, unknown>): Reply {
    const token = (body.payment_source as { token?: { id?: string; type?: string } } | undefined)?.token;
    if (!token?.id || token.type !== 'SETUP_TOKEN')
      return invalidRequest('MISSING_REQUIRED_PARAMETER', 'payment_source.token with type SETUP_TOKEN is required.');
    const setup = this.setupTokens.get(token.id);
    if (!setup) return notFound();
    if (setup.status !== 'APPROVED') return unprocessable('SETUP_TOKEN_NOT_APPROVED', 'The setup token has not been approved by the payer.');
    // one payment token per setup token: asking again answers the same one
    const existing = [...this.paymentTokens.values()].find((p) => (p as { setup_token?: string }).setup_token === setup.id);
    if (existing) return created(existing);
    const p = {
      id: rid(10, 'abcdefghijklmnopqrstuvwxyz0123456789'),
      customer: setup.customer,
      payment_source: structuredClone(setup.payment_source),
      setup_token: setup.id,
    };
    this.paymentTokens.set(p.id, p);
    return created(p);
  }

  /** An order paid with a vaulted token without the buyer (merchant-initiated): captured at once, or INSTRUMENT_DECLINED. */
  private vaultOrder(body: Record<string, unknown>): Reply {
    const vaultId = String((body.payment_source as { paypal: { vault_id: unknown } }).paypal.vault_id);
    if (body.intent !== 'CAPTURE') return unprocessable('ACTION_DOES_NOT_MATCH_INTENT', 'A vaulted payment source is charged with intent CAPTURE here.');
    if (!this.paymentTokens.has(vaultId)) return unprocessable('INVALID_PAYMENT_TOKEN', 'The vault_id does not exist or is not usable.');
    const units = body.purchase_units as Record<string, unknown>[] | undefined;
    if (!Array.isArray(units) || units.length === 0) return invalidRequest('MISSING_REQUIRED_PARAMETER', 'purchase_units is required.');
    const amount = this.checkAmount(units[0].amount);
    if ('status' in amount) return amount;
    if (this.decliningVault.has(vaultId)) {
      return unprocessable(
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const capture: PayPalCapture = {
      id: rid(17, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
      status: 'COMPLETED',
      amount,
      final_capture: true,
      authorization_id: '',
    };
    this.captures.set(capture.id, capture);
    this.vaultCaptures.set(vaultId, [...(this.vaultCaptures.get(vaultId) ?? []), capture.id]);
    const id = rid(17, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    return created({
      id,
      intent: 'CAPTURE',
      status: 'COMPLETED',
      payment_source: { paypal: { attributes: { vault: { id: vaultId, status: 'VAULTED' } } } },
      purchase_units: [{ reference_id: units[0].reference_id ?? 'default', amount, payments: { captures: [{ id: capture.id, status: 'COMPLETED', amount }] } }],
      create_time: new Date().toISOString(),
      links: [{ href: `${this.url}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' }],
    });
  }

  private authorizeOrder(o: PayPalOrder): Reply {
    if (o.intent !== 'AUTHORIZE') return unprocessable('ACTION_DOES_NOT_MATCH_INTENT', 'Order was created with an intent to CAPTURE the payment.');
    if (o.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_AUTHORIZED', 'Order already authorized.');
    if (o.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    if (this.declined.has(o.id)) {
      return unprocessable(
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const id = rid(17, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    const a: PayPalAuthorization = {
      id,
      status: 'CREATED',
      amount: o.purchase_units[0].amount,
      expiration_time: new Date(Date.now() + 29 * 86400_000).toISOString(),
      links: [
        { href: `${this.url}/v2/payments/authorizations/${id}/capture`, rel: 'capture', method: 'POST' },
        { href: `${this.url}/v2/payments/authorizations/${id}/void`, rel: 'void', method: 'POST' },
      ],
    };
    this.authorizations.set(id, a);
    o.status = 'COMPLETED';
    o.purchase_units[0].payments = { authorizations: [a] };
    return created(o);
  }

  private capture(a: PayPalAuthorization, body: Record<string, unknown>): Reply {
    if (a.status === 'CAPTURED')
      return unprocessable('AUTHORIZATION_ALREADY_CAPTURED', 'Authorization has been previously captured and hence cannot be captured again.');
    if (a.status === 'VOIDED') return unprocessable('AUTHORIZATION_VOIDED', 'A voided authorization cannot be captured.');
    const amount = body.amount === undefined ? a.amount : this.checkAmount(body.amount);
    if ('status' in amount) return amount;
    if (amount.currency_code !== a.amount.currency_code)
      return unprocessable('AUTHORIZATION_CURRENCY_MISMATCH', 'The currency of the capture must match the authorization.');
    if (units(amount) > units(a.amount)) return unprocessable('MAX_CAPTURE_AMOUNT_EXCEEDED', 'Capture amount exceeds allowable limit.');
    const c: PayPalCapture = {
      id: rid(17, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
      status: 'COMPLETED',
      amount,
      final_capture: body.final_capture !== false,
      authorization_id: a.id,
    };
    this.captures.set(c.id, c);
    a.status = c.final_capture ? 'CAPTURED' : 'PARTIALLY_CAPTURED';
    return created(c);
  }

  private void(a: PayPalAuthorization, req: Incoming): Reply {
    if (a.status === 'CAPTURED' || a.status === 'PARTIALLY_CAPTURED')
      return unprocessable('PREVIOUSLY_CAPTURED', 'Authorization has been previously captured and hence cannot be voided.');
    if (a.status === 'VOIDED') return unprocessable('PREVIOUSLY_VOIDED', 'Authorization has been previously voided and hence cannot be voided again.');
    a.status = 'VOIDED';
    return req.headers.prefer === 'return=representation' ? { status: 200, body: structuredClone(a) } : { status: 204 };
  }

  private refund(c: PayPalCapture, body: Record<string, unknown>): Reply {
    const refunded = [...this.refunds.values()].filter((r) => r.capture_id === c.id).reduce((s, r) => s + units(r.amount), 0n);
    const remaining = units(c.amount) - refunded;
    const amount =
      body.amount === undefined ? { currency_code: c.amount.currency_code, value: valueOf(remaining, c.amount.currency_code) } : this.checkAmount(body.amount);
    if ('status' in amount) return amount;
    if (c.status === 'REFUNDED' || units(amount) > remaining)
      return unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
    const r = { id: rid(17, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), status: 'COMPLETED' as const, amount, capture_id: c.id };
    this.refunds.set(r.id, r);
    c.status = units(amount) === remaining ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    return created({ id: r.id, status: r.status, amount: r.amount });
  }
}

/** Starts a PayPal server on 127.0.0.1 and a random port for one REST app's credentials. */
export async function startPayPalServer(opts: { clientId?: string; clientSecret?: string; tokenTtlSeconds?: number } = {}): Promise<PayPalServer> {
  return new PayPalServer(opts.clientId ?? `client_${rid(16)}`, opts.clientSecret ?? `secret_${rid(32)}`, opts.tokenTtlSeconds ?? 32400).start();
}
