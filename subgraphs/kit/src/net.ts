import { DomainError } from './errors';

/**
 * The host normaliser, applied before every host check: lower case, without the trailing dot(s)
 * of a fully qualified name (`localhost.` is `localhost`, `metadata.internal.` is `metadata.internal`).
 */
export const normalizeHost = (host: string): string => host.toLowerCase().replace(/\.+$/, '');

/** localhost and the loopback addresses, as URL host names spell them */
export const isLoopback = (raw: string) => {
  const host = normalizeHost(raw);
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
};

/** Literal private, link-local, unspecified or unique-local addresses and internal names (names are not resolved). */
export function isPrivateAddress(host: string): boolean {
  const h = normalizeHost(host).replace(/^\[|\]$/g, '');
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(h);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (h.includes(':')) return h === '::' || h === '::1' || /^f[cd]/.test(h) || /^fe[89ab]/.test(h) || h.startsWith('::ffff:');
  return h.endsWith('.localhost') || h.endsWith('.internal') || h.endsWith('.local');
}

/**
 * A URL the platform will call on a tenant's behalf (identity providers, challenge verifiers):
 * https only. Outside production plain http is accepted for loopback hosts (a provider run on this
 * machine for development or tests); in production loopback, private and link-local addresses
 * are refused, so a store's settings cannot aim the platform's requests at its own network.
 */
export function checkOutboundUrl(field: string, raw: string, production: boolean): string {
  const refuse = (why: string): never => {
    const message = `${field} ${why}`;
    throw new DomainError('validation_error', 'invalid_field', message, [{ field, code: 'invalid_field', message }]);
  };
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return refuse('must be an absolute URL');
  }
  const host = normalizeHost(u.hostname);
  if (production) {
    if (u.protocol !== 'https:') refuse('must be an https URL');
    if (isLoopback(host) || isPrivateAddress(host)) refuse('must not point at a loopback, private or link-local address');
  } else if (!(u.protocol === 'https:' || (u.protocol === 'http:' && isLoopback(host)))) {
    refuse('must be an https URL (plain http only on localhost)');
  }
  if (u.username || u.password) refuse('must not carry credentials');
  // kept as written: an issuer is compared character by character
  return raw;
}

/** A response body read up to `limit` bytes (a hostile server cannot make the platform hold more). */
export async function readLimited(res: Response, limit: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new Error(`response larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
