import { monotonicFactory } from 'ulid';
import { randomBytes } from 'node:crypto';

const next = monotonicFactory();

/** Prefixed ULID, unique across the graph: `prod_01J…`, `cus_01J…`. */
export function newId(prefix: string): string {
  return `${prefix}_${next()}`;
}

/** URL-safe random secret (API keys, tokens) with a readable prefix. */
export function newSecret(prefix: string, bytes = 24): string {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}

const ID_RE = /^[a-z]{2,10}_[0-9A-HJKMNP-TV-Z]{26}$/;
export const looksLikeId = (v: string, prefix?: string): boolean =>
  ID_RE.test(v) && (prefix === undefined || v.startsWith(`${prefix}_`));
