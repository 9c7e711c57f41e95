import type { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import { demoRedirects } from '@svc/site';
import type { PlatformClient } from '../support/http';
import { sharedTwoStores } from '../support/two-stores';
import { graphqlHelpers } from '../support/site';

/**
 * Redirects of the site domain: admin writes through GraphQL, the storefront list through REST,
 * the one-hop rule (no loops, no chains), one redirect per normalised source (also under
 * concurrent creates), validation, tenant isolation, the demo seed.
 */
describe('site: redirects', () => {
  const R = 'id source target status_code active created_at updated_at';
  const CREATE = `mutation($input: CreateRedirectInput!) { createRedirect(input: $input) { ${R} } }`;
  const UPDATE = `mutation($id: String!, $input: UpdateRedirectInput!) { updateRedirect(id: $id, input: $input) { ${R} } }`;
  const DELETE = `mutation($id: String!) { deleteRedirect(id: $id) { id source } }`;
  const LIST = `query($active: Boolean, $limit: Int) { redirects(active: $active, limit: $limit) { count items { ${R} } } }`;

  let p: PlatformClient;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;

  const { run, refused } = graphqlHelpers(
    () => p,
    () => admin,
  );
  const store = (key = shop.publishable_key) => p.api('GET', '/store/redirects', { key });
  const create = async (input: Record<string, unknown>, token = admin) => await run(CREATE, { input }, token);
  const count = async (tenantId: string) =>
    Number((await sql.query(`select count(*)::int as n from "site".redirect where tenant_id = $1`, [tenantId])).rows[0].n);

  beforeAll(async () => {
    ({ p, sql, shop, other, admin, otherAdmin } = await sharedTwoStores());
  });
  afterAll(async () => {
    await sql?.end();
  });

  it('creates redirects with normalised sources; the store lists only the active ones', async () => {
    const a = await create({ source: '/Old-Page//', target: '/new-page' });
    expect(a).toMatchObject({ source: '/old-page', target: '/new-page', status_code: 301, active: true });
    expect(a.id).toMatch(/^redir_[0-9A-Z]{26}$/);
    const b = await create({ source: '/promo', target: 'https://example.com/landing?utm=x', status_code: 302 });
    expect(b).toMatchObject({ status_code: 302, target: 'https://example.com/landing?utm=x' });
    await create({ source: '/draft', target: '/somewhere', active: false });
    const events = await sql.query(`select data from "site".outbox_event where tenant_id = $1 and type = 'redirect.created'`, [shop.tenant_id]);
    expect(events.rows.map((r) => r.data.source).sort()).toEqual(['/draft', '/old-page', '/promo']);

    const r = await store();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      redirects: [
        { source: '/old-page', target: '/new-page', status_code: 301 },
        { source: '/promo', target: 'https://example.com/landing?utm=x', status_code: 302 },
      ],
      count: 2,
      offset: 0,
      limit: 2,
    });
    expect(r.headers.get('etag')).toBeTruthy();
    expect((await run(LIST, {})).count).toBe(3);
    expect((await run(LIST, { active: false })).items.map((i: any) => i.source)).toEqual(['/draft']);
  });

  it('refuses a duplicate source, also when it differs only by case or trailing slash', async () => {
    for (const source of ['/old-page', '/OLD-PAGE/', '/old-page//']) {
      expect(await refused(CREATE, { input: { source, target: '/elsewhere' } })).toMatchObject({ type: 'conflict', code: 'duplicate' });
    }
    const draft = (await run(LIST, { active: false })).items[0];
    expect(await refused(UPDATE, { id: draft.id, input: { source: '/Promo' } })).toMatchObject({ type: 'conflict', code: 'duplicate' });
  });

  it('lets exactly one of concurrent creates of the same source win', async () => {
    const before = await count(shop.tenant_id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => p.graphql(CREATE, { input: { source: '/race', target: `/won-${i}` } }, { token: admin })),
    );
    const won = answers.filter((a) => !a.body.errors);
    const lost = answers.filter((a) => a.body.errors);
    expect(won).toHaveLength(1);
    expect(lost.map((a) => a.body.errors[0].extensions.code)).toEqual(Array(5).fill('duplicate'));
    expect(await count(shop.tenant_id)).toBe(before + 1);
  });

  it('refuses loops: to itself (400) and back to its own target (409)', async () => {
    expect(await refused(CREATE, { input: { source: '/self', target: '/Self/?q=1' } })).toMatchObject({ type: 'validation_error', code: 'redirect_loop' });
    // /new-page -> /old-page while /old-page -> /new-page
    expect(await refused(CREATE, { input: { source: '/new-page', target: '/old-page' } })).toMatchObject({ type: 'conflict', code: 'redirect_loop' });
  });

  it('refuses chains: a target that is an active source, a source that is an active target', async () => {
    const before = await count(shop.tenant_id);
    // /x -> /old-page (which redirects on): two hops
    expect(await refused(CREATE, { input: { source: '/x', target: '/old-page/' } })).toMatchObject({ type: 'conflict', code: 'redirect_chain' });
    // /new-page is where /old-page lands: a redirect from it makes /old-page two hops
    expect(await refused(CREATE, { input: { source: '/new-page', target: '/final' } })).toMatchObject({ type: 'conflict', code: 'redirect_chain' });
    expect(await count(shop.tenant_id)).toBe(before);
    // an inactive redirect does not count, and becomes checked when activated
    const draft = (await run(LIST, { active: false })).items[0]; // /draft -> /somewhere
    const next = await create({ source: '/somewhere', target: '/final' });
    expect(await refused(UPDATE, { id: draft.id, input: { active: true } })).toMatchObject({ type: 'conflict', code: 'redirect_chain' });
    expect((await run(LIST, { active: false })).items[0]).toMatchObject({ id: draft.id, active: false });
    // an update of the target is checked too, and a target may change to a non-redirected path
    expect(await refused(UPDATE, { id: next.id, input: { target: '/promo' } })).toMatchObject({ code: 'redirect_chain' });
    await run(DELETE, { id: next.id });
    expect(await run(UPDATE, { id: draft.id, input: { active: true, status_code: 302 } })).toMatchObject({ active: true, status_code: 302 });
  });

  it('answers 400 for bad input and writes nothing', async () => {
    const before = await count(shop.tenant_id);
    const bad = [
      { source: 'no-slash', target: '/a' },
      { source: '//evil.com', target: '/a' },
      { source: '/with space', target: '/a' },
      { source: '/q?x=1', target: '/a' },
      { source: '/a', target: 'javascript:alert(1)' },
      { source: '/a', target: 'ftp://example.com/file' },
      { source: '/a', target: '//evil.com' },
      { source: '/a', target: 'relative/path' },
      { source: '/a', target: '/b', status_code: 307 },
      { source: `/${'a'.repeat(2001)}`, target: '/b' },
    ];
    for (const input of bad) expect(await refused(CREATE, { input })).toMatchObject({ type: 'validation_error' });
    // refused by the GraphQL input type itself (unknown or missing field)
    expect(await refused(CREATE, { input: { source: '/a', target: '/b', extra: 1 } })).toMatchObject({
      type: 'validation_error',
      code: 'invalid_field',
      errors: [{ field: 'input.extra', code: 'invalid_field' }],
    });
    expect(await refused(CREATE, { input: { source: '/a' } })).toMatchObject({
      type: 'validation_error',
      code: 'missing_field',
      errors: [{ field: 'input.target', code: 'missing_field' }],
    });
    expect(await count(shop.tenant_id)).toBe(before);
    expect(await refused(UPDATE, { id: 'redir_nope', input: { active: false } })).toMatchObject({ type: 'not_found' });
    expect(await refused(DELETE, { id: 'redir_nope' })).toMatchObject({ type: 'not_found' });
    const q = await p.api('GET', '/store/redirects?limit=5', { key: shop.publishable_key });
    expect(q.status).toBe(400);
    expect(q.body).toMatchObject({ type: 'validation_error' });
    expect((await p.api('GET', '/store/redirects')).status).toBe(401);
  });

  it('keeps tenants apart: own lists, the same source in two stores, no reach into another store', async () => {
    const theirs = await create({ source: '/old-page', target: '/their-page' }, otherAdmin);
    expect((await store(other.publishable_key)).body).toEqual({
      redirects: [{ source: '/old-page', target: '/their-page', status_code: 301 }],
      count: 1,
      offset: 0,
      limit: 1,
    });
    expect((await store()).body.redirects.map((r: any) => r.target)).not.toContain('/their-page');
    expect(await refused(UPDATE, { id: theirs.id, input: { target: '/mine' } })).toMatchObject({ type: 'not_found' });
    expect(await refused(DELETE, { id: theirs.id })).toMatchObject({ type: 'not_found' });
    // chains are judged within one store: /their-page is no source here
    await create({ source: '/their-page', target: '/x-final' });
    expect((await run(LIST, {}, otherAdmin)).count).toBe(1);
  });

  it('is admin-only for writes and the full list', async () => {
    const customer = await p.registerCustomer(shop.publishable_key);
    expect(await refused(CREATE, { input: { source: '/c', target: '/d' } }, customer.token)).toMatchObject({ type: 'permission_error' });
    const anon = await p.graphql(LIST, {}, { key: shop.publishable_key });
    expect(anon.body.errors[0].extensions).toMatchObject({ type: 'authentication_error' });
  });

  it('deletes a redirect, which leaves the store list', async () => {
    const promo = (await run(LIST, {})).items.find((r: any) => r.source === '/promo');
    expect(await run(DELETE, { id: promo.id })).toEqual({ id: promo.id, source: '/promo' });
    expect((await store()).body.redirects.map((r: any) => r.source)).not.toContain('/promo');
  });

  it('seeds the demo redirects', async () => {
    const tenant = await p.createTenant();
    await p.seedDomain('site', tenant.tenant_id);
    const r = await store(tenant.publishable_key);
    expect(r.body.redirects.map((x: any) => x.source)).toEqual(
      demoRedirects()
        .map((d) => d.source)
        .sort(),
    );
  });
});
