import fs from 'node:fs';
import { READ_CHANGED_CHANNEL, TRANSLATIONS_CHANNEL, type ChangeBus, type Clock, type DomainDefinition, type PlatformConfig } from '@svc/kit';
import { CREDENTIALS_CHANNEL } from '@svc/identity';
import { ResponseCache, type LoadedGateway } from '@svc/gateway';

/**
 * The domains whose data may end up in an answer of each domain: itself and every domain it calls
 * through its ports, and theirs in turn (a catalog read asks localization for translations, which
 * asks catalog, content, events and tours). A change of a domain's data makes every answer of the
 * domains it reaches this way stale.
 */
function readDependents(domains: ReadonlyArray<DomainDefinition>): Map<string, string[]> {
  const calls = new Map<string, string[]>();
  for (const d of domains) {
    const files = d.ports && fs.existsSync(d.ports) ? fs.readdirSync(d.ports) : [];
    calls.set(
      d.name,
      files.filter((f) => f.endsWith('.graphql')).map((f) => f.slice(0, -'.graphql'.length)),
    );
  }
  const dependents = new Map<string, string[]>(domains.map((d) => [d.name, []]));
  for (const d of domains) {
    // every domain d reaches, itself included
    const seen = new Set([d.name]);
    const todo = [d.name];
    while (todo.length) {
      for (const next of calls.get(todo.pop()!) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        todo.push(next);
      }
    }
    for (const reached of seen) dependents.get(reached)?.push(d.name);
  }
  return dependents;
}

/**
 * The response cache of this instance (`RESPONSE_CACHE_MB`, 0: none), told of every change that
 * can make its answers stale: the read-change notices of every domain's tables (kit
 * read-changes.ts), a store's translations and credentials, the mutations this gateway runs, and a
 * reconnect of the change bus. See gateway/src/response-cache.ts.
 */
export async function startResponseCache(o: {
  config: PlatformConfig;
  domains: ReadonlyArray<DomainDefinition>;
  bus: ChangeBus;
  gw: LoadedGateway;
  clock?: Clock;
}): Promise<ResponseCache | undefined> {
  if (!o.config.responseCache.maxBytes) return undefined;
  const clock = o.clock;
  const cache = new ResponseCache({
    maxBytes: o.config.responseCache.maxBytes,
    ttlMs: o.config.responseCache.ttlS * 1000,
    now: clock ? () => clock.now() : undefined,
  });
  const dependents = readDependents(o.domains);
  const bySchema = new Map(o.domains.map((d) => [d.dbSchema, d.name]));
  const changed = (tenant: string | null, domain: string | undefined) => {
    if (!tenant) return cache.invalidateAll();
    const hit = domain ? dependents.get(domain) : undefined;
    if (!hit) return cache.invalidate(tenant);
    for (const d of hit) cache.invalidate(tenant, d);
  };
  await o.bus.on(READ_CHANGED_CHANNEL, (payload) => {
    if (payload === '*') return cache.invalidateAll();
    const bar = payload.indexOf('|');
    changed(payload.slice(bar + 1) || null, bySchema.get(payload.slice(0, bar)));
  });
  for (const channel of [TRANSLATIONS_CHANNEL, CREDENTIALS_CHANNEL]) {
    await o.bus.on(channel, (tenant) => (tenant && tenant !== '*' ? cache.invalidate(tenant) : cache.invalidateAll()));
  }
  o.gw.afterMutation = (tenant, subgraphs) => {
    if (!tenant) return cache.invalidateAll();
    if (!subgraphs.length) return cache.invalidate(tenant);
    for (const s of subgraphs) changed(tenant, s);
  };
  return cache;
}
