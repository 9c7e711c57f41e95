import { solveChallenge } from 'altcha-lib';
import type { TestPlatform } from './platform';

/** A solved anti-spam challenge of the tenant the key names (ALTCHA), ready for `x-antispam-token`. */
export async function solvedAntispam(p: TestPlatform, key: string): Promise<string> {
  const c = await p.api('GET', '/store/anti-spam/challenge', { key });
  const s = await solveChallenge(c.body.challenge, c.body.salt, c.body.algorithm, c.body.maxnumber).promise;
  return Buffer.from(
    JSON.stringify({ algorithm: c.body.algorithm, challenge: c.body.challenge, number: s!.number, salt: c.body.salt, signature: c.body.signature }),
  ).toString('base64');
}

/** `data` of a GraphQL answer that must have no errors (throws with them otherwise). */
export async function graphqlData(p: TestPlatform, query: string, variables: Record<string, unknown>, token?: string): Promise<any> {
  const r = await p.graphql(query, variables, { token });
  if (r.body?.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
  return r.body.data;
}
