import { randomBytes } from 'node:crypto';

/**
 * ULIDs (Crockford base32: 10 characters of milliseconds, 16 random) made from a buffered random
 * pool: one crypto call per 256 ids instead of one per character. Within one millisecond the
 * random part is incremented, so ids stay sortable by creation (monotonic).
 */
const ENCODING = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let poolPos = 0;
let lastTime = -1;
const lastRandom = new Uint8Array(16);

function freshRandom(): void {
  if (poolPos + 16 > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    poolPos = 0;
  }
  for (let i = 0; i < 16; i++) lastRandom[i] = pool[poolPos++] & 31;
}

function incrementRandom(): void {
  for (let i = 15; i >= 0; i--) {
    if (lastRandom[i] < 31) {
      lastRandom[i]++;
      return;
    }
    lastRandom[i] = 0;
  }
  throw new Error('ULID random part overflowed within one millisecond');
}

export function ulid(now = Date.now()): string {
  if (now === lastTime) incrementRandom();
  else {
    lastTime = now;
    freshRandom();
  }
  let time = '';
  for (let i = 0, t = now; i < 10; i++) {
    const mod = t % 32;
    time = ENCODING[mod] + time;
    t = (t - mod) / 32;
  }
  let rand = '';
  for (let i = 0; i < 16; i++) rand += ENCODING[lastRandom[i]];
  return time + rand;
}

/** Prefixed ULID, unique across the graph: `prod_01J…`, `cus_01J…`. */
export function newId(prefix: string): string {
  return `${prefix}_${ulid()}`;
}

/** URL-safe random secret (API keys, tokens) with a readable prefix. */
export function newSecret(prefix: string, bytes = 24): string {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}

const ID_RE = /^[a-z]{2,10}_[0-9A-HJKMNP-TV-Z]{26}$/;
export const looksLikeId = (v: string, prefix?: string): boolean => ID_RE.test(v) && (prefix === undefined || v.startsWith(`${prefix}_`));
