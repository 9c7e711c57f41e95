import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { addressListed } from '@svc/kit';
import { firstHeader as first, type Authority } from './context';

/** Who is on the other end of a request, for rate limits and sign-in throttles. */
export interface ClientAddress {
  /** the shopper's (or caller's) address */
  ip: string | null;
  /** a tenant's own storefront server that did not say for whom it asks (limited per server) */
  storefrontServer: boolean;
}

/**
 * The client of a request. `peer` is the address the platform sees (the socket, or what
 * TRUSTED_PROXIES forwarded). When the publishable key's tenant lists `peer` among its storefront
 * servers (a server-rendered shop rendering for all its shoppers from one address), the entry that
 * server put in X-Forwarded-For names the shopper; a storefront server that sends none is limited
 * per server instead. X-Forwarded-For from anyone else changes nothing.
 */
export async function resolveClient(authority: Authority, headers: IncomingHttpHeaders, peer: string | undefined): Promise<ClientAddress> {
  const ip = peer ?? null;
  const key = first(headers['x-publishable-api-key']);
  if (!ip || !key || key.length > 200 || !authority.storefrontServers) return { ip, storefrontServer: false };
  const tenantId = await authority.tenantForPublishableKey(key);
  if (!tenantId) return { ip, storefrontServer: false };
  if (!addressListed(ip, await authority.storefrontServers(tenantId))) return { ip, storefrontServer: false };
  const chain = (first(headers['x-forwarded-for']) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // the entry left of the server's own address (it arrived through trusted proxies), else the last one
  const at = chain.lastIndexOf(ip);
  const shopper = at > 0 ? chain[at - 1] : at === -1 ? chain[chain.length - 1] : undefined;
  if (shopper && isIP(shopper)) return { ip: shopper, storefrontServer: false };
  return { ip, storefrontServer: true };
}

/** Where the HTTP layer leaves the resolved client (res.locals). */
export const CLIENT_LOCAL = 'client';
