/**
 * Money of subscriptions: integer minor units of the currency (BigInt), never binary floats. The
 * exponent is ISO 4217's as the runtime's Intl data knows it (EUR 2, JPY 0, KWD 3).
 */

function currencyExponent(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** "9.99" EUR → 999n; null when the amount has more decimals than the currency (or is not a non-negative decimal). */
export function toMinor(amount: string, currency: string): bigint | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) return null;
  const exp = currencyExponent(currency);
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > exp) return null;
  return BigInt(m[1]) * 10n ** BigInt(exp) + BigInt(frac.padEnd(exp, '0') || '0');
}

/** 999n EUR → "9.99"; negative amounts keep their sign. */
export function fromMinor(minor: bigint, currency: string): string {
  const exp = currencyExponent(currency);
  const neg = minor < 0n;
  const a = neg ? -minor : minor;
  if (exp === 0) return `${neg ? '-' : ''}${a}`;
  const s = a.toString().padStart(exp + 1, '0');
  return `${neg ? '-' : ''}${s.slice(0, -exp)}.${s.slice(-exp)}`;
}

/** The amount as the API answers it: a number in major units (Medusa style), exact for any amount a currency can hold. */
export const majorNumber = (minor: bigint, currency: string): number => Number(fromMinor(minor, currency));

/** n / d rounded half up (n ≥ 0, d > 0). */
export function divRound(n: bigint, d: bigint): bigint {
  if (n < 0n || d <= 0n) throw new Error(`divRound: ${n} / ${d}`);
  return (2n * n + d) / (2n * d);
}
