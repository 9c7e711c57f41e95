import pino from 'pino';
import { Client } from 'pg';
import { ChangeBus, claimsOf, keyedTypes, loadConfig, startSubgraph, subgraphSdl, systemContext, type RequestContext, type SubgraphRuntime } from '@svc/kit';
import { CONTEXT_HEADER, SIGNATURE_HEADER, serveSubgraph, signClaims, type SubgraphServer } from '@svc/gateway';
import { loadDomains, publicUrlOf, startPlatform, type Platform } from '@svc/platform';
import { freshDatabase } from '../support/db';
import { TEST_SETTINGS } from '../support/test-env';

/**
 * Federation contract: every `@key` type of every domain resolves by reference. For each keyed
 * type, an `_entities` query is sent through the gateway's own data source for its subgraph (as
 * the query planner does), once with every subgraph in-process and once with every subgraph
 * behind its own HTTP server (signed context). A tenant's id comes back as that entity; another
 * tenant's id comes back null.
 *
 * Sample ids come from the table named after the type (`ProductVariant` -> `<schema>.product_variant`),
 * the convention every domain follows; a type stored elsewhere is named in TABLE_OF.
 */
const TABLE_OF: Record<string, string> = { MailingListSubscriber: '"marketing"."subscriber"' };
const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

const DOMAINS = loadDomains();
/*
 * A keyed type declared by several domains is owned (stored) by the first in domain order; the others
 * extend it with fields of their own (commerce adds `orders` to identity's Customer) and resolve a
 * reference to its key alone. References are tested in the owner; the extensions' fields check
 * their own access (see the domains' e2e tests).
 */
const ALL_KEYED = DOMAINS.flatMap((d) => keyedTypes(subgraphSdl(d)).map((type) => ({ domain: d.name, schema: d.dbSchema, type })));
const KEYED = ALL_KEYED.filter((k, i) => ALL_KEYED.findIndex((o) => o.type === k.type) === i);

describe('federation: every keyed type resolves by reference, in both gateway modes', () => {
  let db: { url: string; drop(): Promise<void> };
  let local: Platform;
  let remote: Platform;
  let bus: ChangeBus;
  const runtimes: SubgraphRuntime<any>[] = [];
  const servers: SubgraphServer[] = [];
  let tenantA: string;
  let tenantB: string;
  const sample = new Map<string, { a: string; b: string }>();

  const env = (extra: Record<string, string> = {}) =>
    loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      DB_POOL_SIZE: '4',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      ...TEST_SETTINGS,
      WORKERS_DISABLED: 'true',
      ...extra,
    });

  beforeAll(async () => {
    db = await freshDatabase();
    local = await startPlatform({ config: env() });
    const seedTenant = async (name: string) => {
      const creds = await local.identity.tenants.create(systemContext(local.log, null, 't'), { name, adminEmail: `${name.toLowerCase()}@example.com` });
      // every domain's demo content, so each keyed type has rows in both tenants
      for (const def of DOMAINS) {
        if (!def.seed) continue;
        const seed = {
          ctx: systemContext(local.log, creds.tenant_id, 'seed'),
          tenantId: creds.tenant_id,
          publicUrl: publicUrlOf(local),
          staticDir: local.staticDir,
          log: local.log,
        };
        await def.seed(local.services(def.name), seed);
      }
      const r = await fetch(`${local.url}/api/auth/customer/emailpass/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-publishable-api-key': creds.publishable_key },
        body: JSON.stringify({ email: `shopper@${name.toLowerCase()}.example.com`, password: 'correct-horse-battery' }),
      });
      expect(r.status).toBe(200);
      return creds.tenant_id;
    };
    tenantA = await seedTenant('Alpha');
    tenantB = await seedTenant('Beta');
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    try {
      for (const k of KEYED) {
        const table = TABLE_OF[k.type] ?? `"${k.schema}"."${snake(k.type)}"`;
        const one = async (tenant: string) =>
          (await sql.query(`select id from ${table} where tenant_id = $1 order by id limit 1`, [tenant])).rows[0]?.id as string;
        sample.set(k.type, { a: await one(tenantA), b: await one(tenantB) });
      }
    } finally {
      await sql.end();
    }

    const log = pino({ level: 'silent' });
    const cfg = env();
    bus = new ChangeBus(db.url, log);
    await bus.start();
    const urls: Record<string, string> = {};
    for (const def of DOMAINS) {
      const rt = await startSubgraph(def, { config: cfg, dbUrl: db.url, log, bus });
      runtimes.push(rt);
      const server = await serveSubgraph(rt, { port: 0, host: '127.0.0.1', internalSecret: cfg.internalSecret, log });
      servers.push(server);
      urls[`SUBGRAPH_${def.name.toUpperCase().replace(/-/g, '_')}_URL`] = server.url;
    }
    remote = await startPlatform({ config: env(urls) });
  });

  afterAll(async () => {
    await remote?.close();
    for (const s of servers) await s.close();
    for (const rt of runtimes) await rt.close();
    await bus?.close();
    await local?.close();
    await db?.drop();
  });

  it('finds keyed types in every domain, and a sample id of each in both tenants', () => {
    expect(KEYED.map((k) => k.type)).toEqual(
      expect.arrayContaining(['Customer', 'Product', 'ProductVariant', 'Region', 'ProductCollection', 'ProductCategory']),
    );
    for (const k of KEYED) {
      const ids = sample.get(k.type)!;
      expect(`${k.type}: ${typeof ids.a} ${typeof ids.b}`).toBe(`${k.type}: string string`);
    }
  });

  const storefront = (p: Platform, tenantId: string): RequestContext => ({
    ...systemContext(p.log, tenantId, `entities-${tenantId}`),
    actor: { type: 'anonymous', id: null },
    roles: [],
    publishableKey: true,
  });

  const entities = (p: Platform, domain: string, type: string, ids: string[], tenantId: string) =>
    p.gw.fetchSubgraph(
      domain,
      `query Entities($r: [_Any!]!) { _entities(representations: $r) { __typename ... on ${type} { id } } }`,
      { r: ids.map((id) => ({ __typename: type, id })) },
      storefront(p, tenantId),
    );

  it('subgraph servers refuse an _entities fetch with more than 1,000 representations', async () => {
    const catalog = DOMAINS.findIndex((d) => d.name === 'catalog');
    const { context, signature } = signClaims(claimsOf(storefront(remote, tenantA)), env().internalSecret);
    const post = (n: number) =>
      fetch(servers[catalog].url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CONTEXT_HEADER]: context, [SIGNATURE_HEADER]: signature },
        body: JSON.stringify({
          query: 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Region { id } } }',
          variables: { r: [], representations: Array.from({ length: n }, () => ({ __typename: 'Region', id: sample.get('Region')!.a })) },
        }),
      });
    const over = await post(1001);
    expect(over.status).toBe(400);
    expect(((await over.json()) as any).errors[0].extensions.code).toBe('query_too_complex');
    expect((await post(10)).status).toBe(200);
  });

  describe.each([
    ['in-process subgraphs', () => local],
    ['HTTP subgraphs with the signed context', () => remote],
  ] as const)('%s', (_mode, platform) => {
    it.each(KEYED.map((k) => [`${k.domain}: ${k.type}`, k] as const))('%s resolves for its tenant and is null for another', async (_name, k) => {
      const { a, b } = sample.get(k.type)!;
      const r = await entities(platform(), k.domain, k.type, [a, b, a], tenantA);
      expect(r.errors).toBeUndefined();
      expect(r.data?._entities).toEqual([{ __typename: k.type, id: a }, null, { __typename: k.type, id: a }]);
      const other = await entities(platform(), k.domain, k.type, [a], tenantB);
      expect(other.errors).toBeUndefined();
      expect(other.data?._entities).toEqual([null]);
    });
  });
});
