import fs from 'node:fs';
import {
  READ_CHANGED_CHANNEL,
  ReadScheduleReader,
  TRANSLATIONS_CHANNEL,
  type ChangeBus,
  type Clock,
  type DomainDefinition,
  type Logger,
  type PlatformConfig,
} from '@svc/kit';
import { CREDENTIALS_CHANNEL } from '@svc/identity';
import { ResponseCache, type LoadedGateway } from '@svc/gateway';

/**
 * The domains whose data may end up in an answer of each domain: itself and every domain it calls
 * through its ports, and theirs in turn (a catalog read asks localization for translations, which
 * asks catalog, content, events and tours).
 */
function readReach(domains: ReadonlyArray<DomainDefinition>): Map<string, Set<string>> {
  const calls = new Map<string, string[]>();
  for (const d of domains) {
    const files = d.ports && fs.existsSync(d.ports) ? fs.readdirSync(d.ports) : [];
    calls.set(
      d.name,
      files.filter((f) => f.endsWith('.graphql')).map((f) => f.slice(0, -'.graphql'.length)),
    );
  }
  const reach = new Map<string, Set<string>>();
  for (const d of domains) {
    const seen = new Set([d.name]);
    const todo = [d.name];
    while (todo.length) {
      for (const next of calls.get(todo.pop()!) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        todo.push(next);
      }
    }
    reach.set(d.name, seen);
  }
  return reach;
}

/** Per domain, the domains whose answers a change of its data makes stale (the reverse of readReach). */
function readDependents(domains: ReadonlyArray<DomainDefinition>, reach: Map<string, Set<string>>): Map<string, string[]> {
  const dependents = new Map<string, string[]>(domains.map((d) => [d.name, []]));
  for (const [name, reached] of reach) for (const r of reached) dependents.get(r)?.push(name);
  return dependents;
}

/**
 * When each store's answers change next with time alone: per (store, domain with
 * `readSchedules`), the next moment its declared columns hold, read from the database when first
 * needed, again when that moment has passed, and again after a change of the domain's data (the
 * moment read before the change is thrown away, even if its query ends after the change).
 */
class ReadSchedules {
  private readonly next = new Map<string, { version: number; at?: number | Promise<number> }>();
  private readonly scheduled: Map<string, { schema: string; columns: Array<{ table: string; column: string }> }>;
  private readonly reach: Map<string, string[]>;

  constructor(
    domains: ReadonlyArray<DomainDefinition>,
    reach: Map<string, Set<string>>,
    private readonly reader: ReadScheduleReader,
    private readonly now: () => number,
    private readonly log: Logger,
  ) {
    this.scheduled = new Map(domains.filter((d) => d.readSchedules?.length).map((d) => [d.name, { schema: d.dbSchema, columns: d.readSchedules! }]));
    this.reach = new Map([...reach].map(([name, reached]) => [name, [...reached].filter((r) => this.scheduled.has(r))]));
  }

  /**
   * The next moment for answers of these subgraphs (Infinity: none), or its promise while one of
   * the stores' moments is being read (a miss starts the read beside its graph read).
   */
  dueOf(tenant: string, subgraphs: readonly string[]): number | Promise<number> {
    const now = this.now();
    const ats: Array<number | Promise<number>> = [];
    for (const s of subgraphs) {
      for (const d of this.reach.get(s) ?? []) {
        const key = `${tenant}|${d}`;
        const at = this.next.get(key)?.at;
        ats.push(at === undefined || (typeof at === 'number' && at <= now) ? this.load(tenant, d, key, now) : at);
      }
    }
    if (ats.every((a) => typeof a === 'number')) return Math.min(Infinity, ...(ats as number[]));
    return Promise.all(ats.map((a) => Promise.resolve(a))).then((all) => Math.min(Infinity, ...all));
  }

  /** Reads a store's next moment of a domain; a failed read answers -Infinity (keep nothing) and is tried again next time. */
  private load(tenant: string, domain: string, key: string, now: number): Promise<number> {
    const version = (this.next.get(key)?.version ?? 0) + 1;
    const { schema, columns } = this.scheduled.get(domain)!;
    const at = this.reader.next(schema, columns, tenant, new Date(now)).then(
      (found) => {
        const value = found ? found.getTime() : Infinity;
        if (this.next.get(key)?.version === version) this.next.set(key, { version, at: value });
        return value;
      },
      (err: unknown) => {
        if (this.next.get(key)?.version === version) this.next.set(key, { version });
        this.log.warn({ err, domain }, 'read schedule query failed');
        return -Infinity;
      },
    );
    this.next.set(key, { version, at });
    return at;
  }

  /** A domain's data of a store ('*': of every store) changed (its moments may have). */
  changed(tenant: string, domain: string): void {
    if (!this.scheduled.has(domain)) return;
    const bump = (key: string, state: { version: number }) => this.next.set(key, { version: state.version + 1 });
    if (tenant !== '*') {
      const key = `${tenant}|${domain}`;
      const state = this.next.get(key);
      if (state) bump(key, state);
      return;
    }
    for (const [key, state] of this.next) if (key.endsWith(`|${domain}`)) bump(key, state);
  }

  clear(): void {
    for (const [key, state] of this.next) this.next.set(key, { version: state.version + 1 });
  }
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
  dbUrl: string;
  log: Logger;
  clock?: Clock;
}): Promise<{ cache: ResponseCache; close(): Promise<void> } | undefined> {
  if (!o.config.responseCache.maxBytes) return undefined;
  const clock = o.clock;
  const now = clock ? () => clock.now() : Date.now;
  const reach = readReach(o.domains);
  const reader = new ReadScheduleReader(o.dbUrl);
  const schedules = new ReadSchedules(o.domains, reach, reader, now, o.log);
  const cache = new ResponseCache({
    maxBytes: o.config.responseCache.maxBytes,
    ttlMs: o.config.responseCache.ttlS * 1000,
    now,
    dueOf: (tenant, tags) => schedules.dueOf(tenant, tags),
  });
  const dependents = readDependents(o.domains, reach);
  const bySchema = new Map(o.domains.map((d) => [d.dbSchema, d.name]));
  const everything = () => {
    schedules.clear();
    cache.invalidateAll();
  };
  const wholeStore = (tenant: string) => {
    for (const d of o.domains) schedules.changed(tenant, d.name);
    cache.invalidate(tenant);
  };
  const changed = (tenant: string | null, domain: string | undefined) => {
    if (!tenant) return everything();
    const hit = domain ? dependents.get(domain) : undefined;
    if (!hit) return tenant === '*' ? everything() : wholeStore(tenant);
    // tenant '*': data the domain shares between every store (its ResponseCache counter is per domain)
    schedules.changed(tenant, domain!);
    for (const d of hit) cache.invalidate(tenant, d);
  };
  await o.bus.on(READ_CHANGED_CHANNEL, (payload) => {
    if (payload === '*') return everything();
    const bar = payload.indexOf('|');
    changed(payload.slice(bar + 1) || null, bySchema.get(payload.slice(0, bar)));
  });
  for (const channel of [TRANSLATIONS_CHANNEL, CREDENTIALS_CHANNEL]) {
    await o.bus.on(channel, (tenant) => (tenant && tenant !== '*' ? cache.invalidate(tenant) : cache.invalidateAll()));
  }
  o.gw.afterMutation = (tenant, subgraphs) => {
    if (!tenant) return everything();
    if (!subgraphs.length) return wholeStore(tenant);
    for (const s of subgraphs) changed(tenant, s);
  };
  return { cache, close: () => reader.close() };
}
