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
