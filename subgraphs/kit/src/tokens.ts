import jwt from 'jsonwebtoken';
import { scrypt, randomBytes, timingSafeEqual, createHash, createSecretKey, type KeyObject } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { DomainError } from './errors';
import { HashGate } from './throttle';

export type TokenActorType = 'customer' | 'admin';

/** JWT payload (Medusa-compatible names plus the tenant and the revocable session id). */
export interface TokenClaims {
  actor_id: string;
  actor_type: TokenActorType;
  auth_identity_id: string;
  tenant_id: string;
  sid: string;
  app_metadata?: Record<string, unknown>;
  iat?: number;
  exp?: number;
}

export const TOKEN_TTL_SECONDS: Record<TokenActorType, number> = { customer: 24 * 3600, admin: 12 * 3600 };

/**
 * The HS256 key of a secret, made once per secret. Given the secret as a string, jsonwebtoken first
 * tries to read it as a PEM public (verify) or private (sign) key and only then, after that attempt
 * has thrown, as an HMAC secret: about 0.6 ms of CPU on every call, where verifying with the key
 * object takes 0.02 ms (every authenticated request verifies one token). A key object also says
 * what kind of key it is, so it can never be taken for another.
 */
const hmacKeys = new Map<string, KeyObject>();
function hmacKey(secret: string): KeyObject {
  let key = hmacKeys.get(secret);
  if (!key) {
    // a process has one or two secrets; a test process that starts many platforms starts afresh
    if (hmacKeys.size >= 32) hmacKeys.clear();
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    hmacKeys.set(secret, key);
  }
  return key;
}

export function signToken(claims: Omit<TokenClaims, 'iat' | 'exp'>, secret: string): string {
  // a unique jti: two tokens issued in the same second for the same session still differ
  return jwt.sign(claims, hmacKey(secret), {
    algorithm: 'HS256',
    expiresIn: TOKEN_TTL_SECONDS[claims.actor_type],
    jwtid: randomBytes(12).toString('base64url'),
  });
}

export function verifyToken(token: string, secret: string): TokenClaims {
  try {
    const c = jwt.verify(token, hmacKey(secret), { algorithms: ['HS256'] }) as TokenClaims;
    if (!c || typeof c.sid !== 'string' || typeof c.tenant_id !== 'string' || (c.actor_type !== 'customer' && c.actor_type !== 'admin')) {
      throw new Error('claims');
    }
    return c;
  } catch (err) {
    if ((err as Error).name === 'TokenExpiredError') throw new DomainError('authentication_error', 'token_expired', 'The token has expired');
    throw new DomainError('authentication_error', 'token_invalid', 'The token is not valid');
  }
}

export const looksLikeJwt = (t: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(t);

// Passwords: scrypt (memory-hard: 128 × N × r bytes, 16 MiB at the default cost), self-describing
// format `scrypt$N$r$p$salt$key`, so a hash keeps verifying after the cost setting changes.
/** scrypt's cost N of new hashes by default, and the lowest a production platform accepts */
export const PASSWORD_HASH_COST = 16384;
const R = 8,
  P = 1,
  KEYLEN = 32;

/** At most one hash per spare core at a time: a login flood queues instead of starving reads. */
const hashGate = new HashGate(Math.max(1, availableParallelism() - 1));

function scryptAsync(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return hashGate.run(
    () =>
      new Promise((resolve, reject) => scrypt(password, salt, KEYLEN, { N: n, r, p, maxmem: 256 * n * r }, (err, key) => (err ? reject(err) : resolve(key)))),
  );
}

/** A new hash of `password` at scrypt cost `cost` (a power of two; identity's `PASSWORD_HASH_COST`). */
export async function hashPassword(password: string, cost = PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, cost, R, P);
  return `scrypt$${cost}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

const dummyHash = (cost: number) => `scrypt$${cost}$${R}$${P}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEYLEN).toString('base64')}`;

/**
 * Constant-ish time: a missing user (pass `null`) still costs one hash at the cost new hashes get
 * (`cost`), so the answer's time does not tell whether the account exists.
 */
export async function verifyPassword(password: string, stored: string | null, cost = PASSWORD_HASH_COST): Promise<boolean> {
  const [alg, n, r, p, salt, key] = (stored ?? dummyHash(cost)).split('$');
  if (alg !== 'scrypt') return false;
  const got = await scryptAsync(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  const want = Buffer.from(key, 'base64');
  return stored !== null && got.length === want.length && timingSafeEqual(got, want);
}

/** API keys are high-entropy: a SHA-256 digest is the stored form. */
/** SHA-256 of a string, hex: how secrets the platform only compares are kept (API keys, sign-in bindings). */
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
/** @alias the digest stored for an API key (a name of its own where keys are hashed) */
export const hashApiKey = sha256Hex;
