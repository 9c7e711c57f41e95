/**
 * Exact money arithmetic. Amounts are kept as strings of PostgreSQL `numeric` and handled as
 * BigInt in ten-thousandths of a unit, never as binary floats; they leave the platform as numbers in
 * major units (Medusa v2 style, e.g. 10.5).
 */
const SCALE = 10000n;

export function toScaled(amount: string | number): bigint {
  const s = typeof amount === 'number' ? amount.toFixed(4) : amount.trim();
  const m = /^(-)?(\d+)(?:\.(\d{1,20}))?$/.exec(s);
  if (!m) throw new Error(`not a decimal amount: ${amount}`);
  const frac = (m[3] ?? '').padEnd(4, '0');
  // round half up on the fifth decimal
  let scaled = BigInt(m[2]) * SCALE + BigInt(frac.slice(0, 4));
  if (frac.length > 4 && Number(frac[4]) >= 5) scaled += 1n;
  return m[1] ? -scaled : scaled;
}

export function fromScaled(v: bigint): string {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const s = `${a / SCALE}.${(a % SCALE).toString().padStart(4, '0')}`.replace(/\.?0+$/, '');
  return neg ? `-${s}` : s;
}

/** Medusa's `raw_<amount>` twin of an amount: its exact decimal as a string with the precision Medusa's BigNumber keeps (20); null stays null. */
export interface RawAmount {
  value: string;
  precision: number;
}
export function rawAmount(amount: number | string | null | undefined): RawAmount | null {
  if (amount === null || amount === undefined) return null;
  return { value: fromScaled(toScaled(amount)), precision: 20 };
}
