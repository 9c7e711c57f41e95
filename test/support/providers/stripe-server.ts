import { ProtocolServer, rid, type Incoming, type Reply } from './protocol-server';

/**
 * A local server speaking Stripe's PaymentIntents, SetupIntents, Customers and Refunds API closely
 * enough for the adapter: form-encoded bodies with bracket syntax, Bearer secret keys (401 in
 * Stripe's error shape), `Idempotency-Key` replay (and 400 `idempotency_error` for a key reused with
 * other parameters), the PaymentIntent state machine and `client_secret`, saving a payment method
 * on a customer (`setup_future_usage=off_session`, SetupIntents with `usage=off_session`) and
 * off-session charges of it (`off_session=true&confirm=true`: 402 `card_error` on a decline,
 * `authentication_required` for a card that needs its holder). In-memory; test controls below.
 */

type Form = { [k: string]: string | Form };

interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: 'automatic' | 'manual';
  client_secret: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'succeeded' | 'canceled';
  metadata: Record<string, string>;
  receipt_email: string | null;
  automatic_payment_methods: { enabled: boolean } | null;
  last_payment_error: Record<string, unknown> | null;
  latest_charge: string | null;
  payment_method: string | null;
  customer: string | null;
  setup_future_usage: 'off_session' | 'on_session' | null;
  off_session: boolean;
  canceled_at: number | null;
  created: number;
  livemode: false;
}

interface SetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string | null;
  usage: 'off_session' | 'on_session';
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  payment_method: string | null;
  last_setup_error: Record<string, unknown> | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

interface StripeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

interface StripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  status: 'succeeded';
  created: number;
}

/** Test payment methods, as in Stripe's test mode. */
const TEST_CARDS: Record<string, { decline?: { code: string; decline_code: string; message: string }; action?: true }> = {
  pm_card_visa: {},
  pm_card_mastercard: {},
  pm_card_chargeDeclined: { decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
  pm_card_chargeDeclinedInsufficientFunds: {
    decline: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  pm_card_authenticationRequired: { action: true },
  /** attaching (saving) succeeds, every later charge is declined */
  pm_card_chargeCustomerFail: {},
};
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** Parses `a=1&metadata[cart]=x&items[0][id]=y` into nested objects, as Stripe does. */
export function parseStripeForm(body: string): Form {
  const out: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/[[\]]+/).filter((p, i) => p !== '' || i === 0);
    let node = out;
    path.forEach((seg, i) => {
      if (i === path.length - 1) node[seg] = value;
      else node = (typeof node[seg] === 'object' ? node[seg] : (node[seg] = {})) as Form;
    });
  }
  return out;
}

const sortKeys = (v: unknown): unknown =>
  typeof v === 'object' && v !== null
    ? Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
      )
    : v;
const now = () => Math.floor(Date.now() / 1000);

function stripeError(status: number, type: string, message: string, extra: Record<string, unknown> = {}): Reply {
  return { status, body: { error: { type, message, ...extra } }, headers: { 'request-id': `req_${rid(14)}` } };
}
const unexpectedState = (pi: PaymentIntent, action: string, allowed: string) =>
  stripeError(
    400,
    'invalid_request_error',
    `This PaymentIntent could not be ${action} because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be ${action}: ${allowed}.`,
    {
      code: 'payment_intent_unexpected_state',
      payment_intent: pi,
    },
  );

export class StripeServer extends ProtocolServer {
  readonly intents = new Map<string, PaymentIntent>();
  readonly refunds = new Map<string, StripeRefund>();
  readonly setupIntents = new Map<string, SetupIntent>();
  readonly customers = new Map<string, StripeCustomer>();
  /** saved payment methods: `<customer>|<payment method>` (a test card saved by several customers is one per customer, as Stripe makes a PaymentMethod per use of a test token) */
  readonly attached = new Set<string>();
  /** saved payment methods whose off-session charges are declined (test control) */
  readonly declining = new Set<string>(['pm_card_chargeCustomerFail']);
  private readonly idempotent = new Map<string, { fingerprint: string; reply: Reply }>();

  constructor(readonly apiKey: string) {
    super((req) => this.handle(req), { error: { type: 'api_error', message: 'An unknown error occurred (injected).' } });
  }

  /** The shopper confirms the intent with a test payment method (what Stripe.js does with the client secret). */
  confirm(id: string, paymentMethod: keyof typeof TEST_CARDS | string): PaymentIntent {
    const pi = this.intents.get(id);
    if (!pi) throw new Error(`no PaymentIntent ${id}`);
    this.applyConfirm(pi, paymentMethod);
    return pi;
  }

  /** The customer sets up their card for later with a SetupIntent (Stripe.js `confirmCardSetup`). */
  confirmSetup(id: string, paymentMethod: string): SetupIntent {
    const si = this.setupIntents.get(id);
    if (!si) throw new Error(`no SetupIntent ${id}`);
    const card = TEST_CARDS[paymentMethod];
    if (!card) throw new Error(`unknown test card ${paymentMethod}`);
    si.payment_method = paymentMethod;
    if (card.decline) {
      si.last_setup_error = { type: 'card_error', ...card.decline };
      return si;
    }
    si.status = 'succeeded';
    if (si.customer) this.attached.add(`${si.customer}|${paymentMethod}`);
    return si;
  }

  /** The successful off-session charges (PaymentIntents created with `off_session=true`) of a customer. */
  offSessionCharges(customer: string): PaymentIntent[] {
    return [...this.intents.values()].filter((pi) => pi.customer === customer && pi.off_session && pi.status === 'succeeded');
  }

  private handle(req: Incoming): Reply {
    const auth = req.headers.authorization ?? '';
    const key = /^Bearer (.+)$/.exec(auth)?.[1];
    if (!key)
      return stripeError(
        401,
        'invalid_request_error',
        'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.',
      );
    if (key !== this.apiKey)
      return stripeError(
        401,
        'invalid_request_error',
        `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      );
    const params = req.method === 'POST' ? parseStripeForm(req.body) : Object.fromEntries(req.query);
    const idemKey = req.headers['idempotency-key'];
    if (req.method !== 'POST' || typeof idemKey !== 'string') return this.route(req, params);
    const fingerprint = JSON.stringify([req.path, sortKeys(params)]);
    const prior = this.idempotent.get(idemKey);
    if (prior) {
      if (prior.fingerprint !== fingerprint) {
        return stripeError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
        );
      }
      return { ...prior.reply, headers: { ...prior.reply.headers, 'idempotent-replayed': 'true' } };
    }
    const reply = this.route(req, params);
    this.idempotent.set(idemKey, { fingerprint, reply: { ...reply, body: structuredClone(reply.body) } });
    return { ...reply, headers: { ...reply.headers, 'idempotency-key': idemKey } };
  }

  private route(req: Incoming, p: Form): Reply {
    if (req.method === 'POST' && req.path === '/v1/customers') return this.createCustomer(p);
    const si = /^\/v1\/setup_intents(?:\/([^/]+))?$/.exec(req.path);
    if (si && req.method === 'POST' && !si[1]) return this.createSetupIntent(p);
    if (si?.[1] && req.method === 'GET') {
      const found = this.setupIntents.get(si[1]);
      return found ? ok(found) : stripeError(404, 'invalid_request_error', `No such setupintent: '${si[1]}'`, { code: 'resource_missing', param: 'intent' });
    }
    const m = /^\/v1\/payment_intents(?:\/([^/]+))?(?:\/(confirm|capture|cancel))?$/.exec(req.path);
    if (m && req.method === 'POST' && !m[1]) return this.create(p);
    if (req.method === 'POST' && req.path === '/v1/refunds') return this.refund(p);
    if (!m?.[1]) return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${req.path}).`);
    const pi = this.intents.get(m[1]);
    if (!pi) return stripeError(404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`, { code: 'resource_missing', param: 'intent' });
    if (req.method === 'GET' && !m[2]) return ok(pi);
    if (req.method !== 'POST') return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${req.path}).`);
    switch (m[2]) {
      case 'confirm':
        return this.confirmRequest(pi, p);
      case 'capture':
        return this.capture(pi, p);
      case 'cancel':
        return this.cancel(pi, p);
      default:
        return stripeError(400, 'invalid_request_error', 'Updating a PaymentIntent is not supported by this test server.');
    }
  }

  private create(p: Form): Reply {
    if (p.amount === undefined)
      return stripeError(400, 'invalid_request_error', 'Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
    if (typeof p.amount !== 'string' || !/^\d+$/.test(p.amount))
      return stripeError(400, 'invalid_request_error', 'Invalid integer: ' + String(p.amount), { code: 'parameter_invalid_integer', param: 'amount' });
    if (typeof p.currency !== 'string' || !/^[a-z]{3}$/.test(p.currency))
      return stripeError(400, 'invalid_request_error', `Invalid currency: ${String(p.currency)}`, { code: 'parameter_invalid_string', param: 'currency' });
    const amount = Number(p.amount);
    if (amount < 1) return stripeError(400, 'invalid_request_error', 'Amount must be at least 1.', { code: 'amount_too_small', param: 'amount' });
    if (THREE_DECIMAL.has(p.currency) && amount % 10 !== 0) {
      return stripeError(400, 'invalid_request_error', `Amounts in ${p.currency} must be a multiple of 10 (the last digit must be zero).`, {
        code: 'invalid_amount',
        param: 'amount',
      });
    }
    const id = `pi_${rid(24)}`;
    const apm = p.automatic_payment_methods;
    const pi: PaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: p.currency,
      capture_method: p.capture_method === 'manual' ? 'manual' : 'automatic',
      client_secret: `${id}_secret_${rid(24)}`,
      status: 'requires_payment_method',
      metadata: typeof p.metadata === 'object' ? (p.metadata as Record<string, string>) : {},
      receipt_email: typeof p.receipt_email === 'string' ? p.receipt_email : null,
      automatic_payment_methods: typeof apm === 'object' ? { enabled: apm.enabled === 'true' } : null,
      last_payment_error: null,
      latest_charge: null,
      payment_method: null,
      customer: typeof p.customer === 'string' ? p.customer : null,
      setup_future_usage: p.setup_future_usage === 'off_session' || p.setup_future_usage === 'on_session' ? p.setup_future_usage : null,
      off_session: p.off_session === 'true',
      canceled_at: null,
      created: now(),
      livemode: false,
    };
    if (pi.customer && !this.customers.has(pi.customer))
      return stripeError(400, 'invalid_request_error', `No such customer: '${pi.customer}'`, { code: 'resource_missing', param: 'customer' });
    if (p.confirm === 'true') {
      const pm = typeof p.payment_method === 'string' ? p.payment_method : '';
      if (pi.off_session && (!pi.customer || !this.attached.has(`${pi.customer}|${pm}`))) {
        return stripeError(
          400,
          'invalid_request_error',
          `The provided PaymentMethod ${pm} was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.`,
          { code: 'payment_method_not_available', param: 'payment_method' },
        );
      }
      this.intents.set(id, pi);
      return this.applyConfirm(pi, pm);
    }
    this.intents.set(id, pi);
    return ok(pi);
  }

  private createCustomer(p: Form): Reply {
    const c: StripeCustomer = {
      id: `cus_${rid(14)}`,
      object: 'customer',
      email: typeof p.email === 'string' ? p.email : null,
      metadata: typeof p.metadata === 'object' ? (p.metadata as Record<string, string>) : {},
      created: now(),
      livemode: false,
    };
    this.customers.set(c.id, c);
    return ok(c);
  }

  private createSetupIntent(p: Form): Reply {
    const customer = typeof p.customer === 'string' ? p.customer : null;
    if (customer && !this.customers.has(customer))
      return stripeError(400, 'invalid_request_error', `No such customer: '${customer}'`, { code: 'resource_missing', param: 'customer' });
    const id = `seti_${rid(24)}`;
    const si: SetupIntent = {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_${rid(24)}`,
      customer,
      usage: p.usage === 'on_session' ? 'on_session' : 'off_session',
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: null,
      metadata: typeof p.metadata === 'object' ? (p.metadata as Record<string, string>) : {},
      created: now(),
      livemode: false,
    };
    this.setupIntents.set(id, si);
    return ok(si);
  }

  private applyConfirm(pi: PaymentIntent, pm: string): Reply {
    if (pi.status !== 'requires_payment_method' && pi.status !== 'requires_confirmation') {
      return unexpectedState(pi, 'confirmed', 'requires_payment_method, requires_confirmation');
    }
    const card = TEST_CARDS[pm];
    if (!card) return stripeError(400, 'invalid_request_error', `No such PaymentMethod: '${pm}'`, { code: 'resource_missing', param: 'payment_method' });
    pi.payment_method = pm;
    const offSessionDecline = pi.off_session && this.declining.has(pm);
    if (offSessionDecline && !card.decline) {
      const decline = { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { type: 'card_error', ...decline, payment_method: { id: pm } };
      pi.latest_charge = `ch_${rid(24)}`;
      return stripeError(402, 'card_error', decline.message, { ...decline, payment_intent: pi });
    }
    if (card.action && pi.off_session) {
      const err = {
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      };
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { type: 'card_error', ...err, payment_method: { id: pm } };
      return stripeError(402, 'card_error', err.message, { ...err, payment_intent: pi });
    }
    if (card.decline) {
      const err = { type: 'card_error', ...card.decline, payment_method: { id: pm } };
      pi.status = 'requires_payment_method';
      pi.last_payment_error = err;
      pi.latest_charge = `ch_${rid(24)}`;
      return stripeError(402, 'card_error', card.decline.message, { ...card.decline, payment_intent: pi });
    }
    pi.last_payment_error = null;
    if (card.action) {
      pi.status = 'requires_action';
      return ok(pi);
    }
    pi.latest_charge = `ch_${rid(24)}`;
    if (pi.setup_future_usage && pi.customer) this.attached.add(`${pi.customer}|${pm}`);
    if (pi.capture_method === 'manual') {
      pi.status = 'requires_capture';
      pi.amount_capturable = pi.amount;
    } else {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
    }
    return ok(pi);
  }

  private confirmRequest(pi: PaymentIntent, p: Form): Reply {
    return this.applyConfirm(pi, typeof p.payment_method === 'string' ? p.payment_method : '');
  }

  private capture(pi: PaymentIntent, p: Form): Reply {
    if (pi.status !== 'requires_capture') return unexpectedState(pi, 'captured', 'requires_capture');
    const amount = p.amount_to_capture === undefined ? pi.amount_capturable : Number(p.amount_to_capture);
    if (!Number.isInteger(amount) || amount < 1 || amount > pi.amount_capturable) {
      return stripeError(
        400,
        'invalid_request_error',
        `The amount_to_capture (${String(p.amount_to_capture)}) must be at most the amount_capturable (${pi.amount_capturable}).`,
        {
          code: 'amount_too_large',
          param: 'amount_to_capture',
        },
      );
    }
    pi.status = 'succeeded';
    pi.amount_received = amount;
    pi.amount_capturable = 0;
    return ok(pi);
  }

  private cancel(pi: PaymentIntent, p: Form): Reply {
    if (pi.status === 'succeeded' || pi.status === 'canceled') {
      return unexpectedState(pi, 'canceled', 'requires_payment_method, requires_capture, requires_confirmation, requires_action, processing');
    }
    pi.status = 'canceled';
    pi.amount_capturable = 0;
    pi.canceled_at = now();
    (pi as PaymentIntent & { cancellation_reason?: string }).cancellation_reason =
      typeof p.cancellation_reason === 'string' ? p.cancellation_reason : 'requested_by_customer';
    return ok(pi);
  }

  private refund(p: Form): Reply {
    const id = typeof p.payment_intent === 'string' ? p.payment_intent : undefined;
    if (!id)
      return stripeError(400, 'invalid_request_error', 'One of the following params should be provided for this request: payment_intent or charge.', {
        code: 'parameter_missing',
      });
    const pi = this.intents.get(id);
    if (!pi) return stripeError(404, 'invalid_request_error', `No such payment_intent: '${id}'`, { code: 'resource_missing', param: 'payment_intent' });
    if (pi.status !== 'succeeded')
      return stripeError(400, 'invalid_request_error', `This PaymentIntent (${id}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
      });
    const refunded = [...this.refunds.values()].filter((r) => r.payment_intent === id).reduce((s, r) => s + r.amount, 0);
    const remaining = pi.amount_received - refunded;
    const amount = p.amount === undefined ? remaining : Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1)
      return stripeError(400, 'invalid_request_error', `Invalid integer: ${String(p.amount)}`, { code: 'parameter_invalid_integer', param: 'amount' });
    if (amount > remaining) {
      return stripeError(400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, {
        code: 'amount_too_large',
        param: 'amount',
      });
    }
    const refund: StripeRefund = {
      id: `re_${rid(24)}`,
      object: 'refund',
      amount,
      currency: pi.currency,
      payment_intent: id,
      charge: pi.latest_charge,
      status: 'succeeded',
      created: now(),
    };
    this.refunds.set(refund.id, refund);
    return ok(refund);
  }
}

const ok = (body: unknown): Reply => ({ status: 200, body: structuredClone(body), headers: { 'request-id': `req_${rid(14)}` } });

/** Starts a Stripe server on 127.0.0.1 and a random port that accepts `apiKey`. */
export async function startStripeServer(apiKey = `sk_test_${rid(24)}`): Promise<StripeServer> {
  return new StripeServer(apiKey).start();
}
