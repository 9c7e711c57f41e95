import { createHash } from 'node:crypto';
import type { PlatformClient } from './http';

/**
 * ALTCHA's proof of work, solved synchronously with node:crypto: the number whose hash with the
 * salt is the challenge. altcha-lib's solver (WebCrypto, a promise per attempt) is many times
 * slower; antispam.test.ts keeps using it, to prove the widget's own solver is accepted.
 */
function solve(challenge: string, salt: string, algorithm: string, maxnumber: number): number {
  const hash = algorithm.replace('-', '').toLowerCase(); // SHA-256 → sha256
  for (let n = 0; n <= maxnumber; n++) if (createHash(hash).update(`${salt}${n}`).digest('hex') === challenge) return n;
  throw new Error(`anti-spam challenge without a solution up to ${maxnumber}`);
}

/** A solved anti-spam challenge of the tenant the key names (ALTCHA), ready for `x-antispam-token`. */
export async function solvedAntispam(p: PlatformClient, key: string): Promise<string> {
  const c = await p.api('GET', '/store/anti-spam/challenge', { key });
  const number = solve(c.body.challenge, c.body.salt, c.body.algorithm, c.body.maxnumber);
  return Buffer.from(
    JSON.stringify({ algorithm: c.body.algorithm, challenge: c.body.challenge, number, salt: c.body.salt, signature: c.body.signature }),
  ).toString('base64');
}

/** `data` of a GraphQL answer that must have no errors (throws with them otherwise). */
export async function graphqlData(p: PlatformClient, query: string, variables: Record<string, unknown>, token?: string): Promise<any> {
  const r = await p.graphql(query, variables, { token });
  if (r.body?.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
  return r.body.data;
}
