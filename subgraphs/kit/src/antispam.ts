import { createChallenge, verifySolution, extractParams } from 'altcha-lib';
import { createHash } from 'node:crypto';

/** ALTCHA proof-of-work: challenges signed with the tenant's secret, valid 10 minutes, single use. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/**
 * Default difficulty: the largest number a client may have to try, as ALTCHA's own default
 * (1,000,000: about half a million SHA-256 hashes on average). Tenants can set their own.
 */
export const DEFAULT_ANTISPAM_MAX_NUMBER = 1_000_000;

export interface AntispamChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

export async function issueChallenge(secret: string, maxNumber = DEFAULT_ANTISPAM_MAX_NUMBER, now = Date.now()): Promise<AntispamChallenge> {
  const c = await createChallenge({ hmacKey: secret, maxNumber, expires: new Date(now + CHALLENGE_TTL_MS) });
  return { algorithm: c.algorithm, challenge: c.challenge, maxnumber: c.maxnumber ?? maxNumber, salt: c.salt, signature: c.signature };
}

export interface SolutionCheck {
  ok: boolean;
  /** stable id of the solved challenge, used to refuse replays */
  challengeId?: string;
  /** when the challenge stops being valid (ms since epoch) */
  expiresAt?: number;
}

/** Checks signature, proof and expiry of a base64 ALTCHA payload (replay is checked by the caller). */
export async function checkSolution(payload: string, secret: string): Promise<SolutionCheck> {
  if (typeof payload !== 'string' || payload.length === 0 || payload.length > 4096) return { ok: false };
  let decoded: { challenge?: unknown; salt?: unknown };
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return { ok: false };
  }
  if (typeof decoded?.challenge !== 'string' || typeof decoded?.salt !== 'string') return { ok: false };
  let ok = false;
  try {
    ok = await verifySolution(payload, secret, true);
  } catch {
    ok = false;
  }
  if (!ok) return { ok: false };
  const params = extractParams(payload) as Record<string, string>;
  const expires = Number(params.expires) * 1000;
  return {
    ok: true,
    challengeId: createHash('sha256').update(decoded.challenge).digest('hex').slice(0, 40),
    expiresAt: Number.isFinite(expires) && expires > 0 ? expires : Date.now() + CHALLENGE_TTL_MS,
  };
}
