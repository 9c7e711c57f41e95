/**
 * Exact conversion between the platform's decimal major-unit amounts ("10.50") and what a payment
 * provider expects: integer minor units (Stripe) or a decimal string with exactly the currency's
 * decimals (PayPal). Strings and BigInt only, never binary floats.
 *
 * An amount with more significant decimals than the currency allows is refused
 * (`InvalidAmountError`), never rounded: "10.5" JPY is a bug upstream, not 10 or 11 yen. Trailing
 * zeros beyond the exponent are harmless ("1000.0000" JPY, as PostgreSQL `numeric` prints it).
 */

export class InvalidAmountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidAmountError';
  }
}

/** ISO 4217 minor-unit exponents that are not 2 (every other active code has 2). */
const ISO_EXPONENTS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    ['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'].map((c) => [c, 0]),
  ),
  ...Object.fromEntries(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'].map((c) => [c, 3])),
  CLF: 4,
  UYW: 4,
};

/** Stripe's zero-decimal currencies (amount is in major units), from Stripe's currency docs. */
const STRIPE_ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
/** Stripe's three-decimal currencies: amounts in thousandths, and the last digit must be 0. */
const STRIPE_THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);
/** PayPal's currencies that take no decimals in `amount.value`. */
const PAYPAL_ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);

function normalizeCurrency(currency: string): string {
  const c = currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(c)) throw new InvalidAmountError(`not an ISO 4217 currency code: ${JSON.stringify(currency)}`);
  return c;
}

/** ISO 4217 exponent of a currency: 0 for JPY, 2 for EUR, 3 for KWD. Unknown codes: 2. */
export function currencyExponent(currency: string): number {
  return ISO_EXPONENTS[normalizeCurrency(currency)] ?? 2;
}

/**
 * `amount` as an integer count of 10^-exponent units. At most `maxDecimals` significant decimals
 * (default: the exponent). Negative amounts are refused: providers take a positive amount and a
 * direction (payment, refund).
 */
export function toMinorUnits(amount: string, exponent: number, maxDecimals = exponent): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(typeof amount === 'string' ? amount.trim() : '');
  if (!m) throw new InvalidAmountError(`not a non-negative decimal amount: ${JSON.stringify(amount)}`);
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > maxDecimals) {
    throw new InvalidAmountError(`${amount} has ${frac.length} decimals; at most ${maxDecimals} are allowed here`);
  }
  return BigInt(m[1]) * 10n ** BigInt(exponent) + BigInt(frac.padEnd(exponent, '0') || '0');
}

/** The decimal string of `minor` units: fromMinorUnits(1050n, 2) = "10.50", (1000n, 0) = "1000". */
export function fromMinorUnits(minor: bigint, exponent: number): string {
  if (minor < 0n) throw new InvalidAmountError(`negative amount: ${minor}`);
  if (exponent === 0) return minor.toString();
  const s = minor.toString().padStart(exponent + 1, '0');
  return `${s.slice(0, -exponent)}.${s.slice(-exponent)}`;
}

/** Major-unit amount in the currency's ISO minor units: ("10.50","EUR") → 1050n, ("5.125","KWD") → 5125n. */
export const toIsoMinor = (amount: string, currency: string): bigint => toMinorUnits(amount, currencyExponent(currency));
export const fromIsoMinor = (minor: bigint, currency: string): string => fromMinorUnits(minor, currencyExponent(currency));

/**
 * Stripe's unit of a currency: `exponent` scales the amount, `maxDecimals` is what Stripe can
 * really charge. Zero-decimal currencies take major units; three-decimal ones thousandths with a
 * last digit of 0 (so two decimals); ISK is zero-decimal in ISO but Stripe keeps it two-decimal
 * with whole krónur only; MGA is the opposite.
 */
function stripeUnit(currency: string): { exponent: number; maxDecimals: number } {
  const c = normalizeCurrency(currency);
  if (STRIPE_ZERO_DECIMAL.has(c)) return { exponent: 0, maxDecimals: 0 };
  if (STRIPE_THREE_DECIMAL.has(c)) return { exponent: 3, maxDecimals: 2 };
  return { exponent: 2, maxDecimals: Math.min(2, currencyExponent(c)) };
}

/** Stripe's integer `amount`: ("10.50","usd") → 1050n, ("1000","jpy") → 1000n, ("5.12","kwd") → 5120n. */
export function toStripeAmount(amount: string, currency: string): bigint {
  const u = stripeUnit(currency);
  return toMinorUnits(amount, u.exponent, u.maxDecimals);
}

export function fromStripeAmount(minor: bigint | number, currency: string): string {
  return fromMinorUnits(BigInt(minor), stripeUnit(currency).exponent);
}

/** PayPal's decimals for a currency: none for HUF, JPY and TWD, otherwise ISO 4217. */
function paypalExponent(currency: string): number {
  const c = normalizeCurrency(currency);
  return PAYPAL_ZERO_DECIMAL.has(c) ? 0 : currencyExponent(c);
}

/** PayPal's `amount.value`: exactly the currency's decimals: ("10.5","EUR") → "10.50", ("1000.00","JPY") → "1000". */
export function toPayPalValue(amount: string, currency: string): string {
  const e = paypalExponent(currency);
  return fromMinorUnits(toMinorUnits(amount, e), e);
}
