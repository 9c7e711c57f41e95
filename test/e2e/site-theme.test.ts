import type { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import { demoTheme } from '@svc/site';
import type { PlatformClient } from '../support/http';
import { sharedTwoStores } from '../support/two-stores';
import { graphqlHelpers } from '../support/site';

/**
 * The storefront theme of the site domain: defaults until the first change, a version that grows on
 * every change, tokens and settings replaced, sections added, reordered, changed and removed, the
 * REST read with ETag / If-None-Match, validation, tenant isolation.
 */
describe('site: theme', () => {
  const T = 'version tokens { colors typography spacing radii } sections { id type settings } settings';
  const TOKENS = `mutation($input: UpdateThemeTokensInput!) { updateThemeTokens(input: $input) { ${T} } }`;
  const SETTINGS = `mutation($input: UpdateThemeSettingsInput!) { updateThemeSettings(input: $input) { ${T} } }`;
  const ADD = `mutation($input: AddThemeSectionInput!) { addThemeSection(input: $input) { ${T} } }`;
  const UPDATE_SECTION = `mutation($id: String!, $input: UpdateThemeSectionInput!) { updateThemeSection(id: $id, input: $input) { ${T} } }`;
  const REORDER = `mutation($ids: [String!]!) { reorderThemeSections(ids: $ids) { ${T} } }`;
  const REMOVE = `mutation($id: String!) { removeThemeSection(id: $id) { ${T} } }`;

  let p: PlatformClient;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;

  const { run, refused } = graphqlHelpers(
    () => p,
    () => admin,
  );
  const store = (key = shop.publishable_key, headers: Record<string, string> = {}) => p.api('GET', '/store/theme', { key, headers });
  const version = async (key = shop.publishable_key) => (await store(key)).body.theme.version;

  beforeAll(async () => {
    ({ p, sql, shop, other, admin } = await sharedTwoStores());
  });
  afterAll(async () => {
    await sql?.end();
  });

  it('serves the defaults as version 0 until the first change', async () => {
    const r = await store();
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['theme']);
    expect(Object.keys(r.body.theme)).toEqual(['version', 'tokens', 'sections', 'settings']);
    expect(r.body.theme).toMatchObject({ version: 0, sections: [], settings: {} });
    expect(Object.keys(r.body.theme.tokens)).toEqual(['colors', 'typography', 'spacing', 'radii']);
    expect(r.body.theme.tokens.colors.primary).toMatch(/^#/);
  });

  it('replaces token groups and settings, each change raising the version by one', async () => {
    const a = await run(TOKENS, { input: { colors: { primary: '#0F766E', 'on-primary': '#fff' }, radii: { card: '12px', pill: '9999px' } } });
    expect(a.version).toBe(1);
    expect(a.tokens.colors).toEqual({ primary: '#0F766E', 'on-primary': '#fff' });
    expect(a.tokens.radii).toEqual({ card: '12px', pill: '9999px' });
    expect(a.tokens.spacing.md).toBe('16px'); // untouched group keeps the defaults
    const b = await run(TOKENS, {
      input: {
        typography: { heading: { font_family: "'Playfair Display', serif", font_size: '2.5rem', font_weight: 700, line_height: 1.1 } },
        spacing: { gutter: '1.5rem' },
      },
    });
    expect(b.version).toBe(2);
    expect(b.tokens.colors.primary).toBe('#0F766E');
    const c = await run(SETTINGS, { input: { settings: { show_vendor: true, products_per_row: 4, announcement: 'Free shipping over 50 €' } } });
    expect(c).toMatchObject({ version: 3, settings: { show_vendor: true, products_per_row: 4, announcement: 'Free shipping over 50 €' } });
    const events = await sql.query(`select data from "site".outbox_event where tenant_id = $1 and type = 'theme.updated' order by created_at, id`, [
      shop.tenant_id,
    ]);
    expect(events.rows.map((r) => r.data)).toEqual([
      { version: 1, part: 'tokens' },
      { version: 2, part: 'tokens' },
      { version: 3, part: 'settings' },
    ]);
  });

  it('adds, changes, reorders and removes sections', async () => {
    let t = await run(ADD, { input: { type: 'hero', settings: { heading: 'Summer', image_id: 'med_1' } } });
    t = await run(ADD, { input: { type: 'featured-products', settings: { collection: 'summer', limit: 8 } } });
    t = await run(ADD, { input: { type: 'announcement', position: 0 } });
    expect(t.sections.map((s: any) => s.type)).toEqual(['announcement', 'hero', 'featured-products']);
    expect(t.sections[0].settings).toEqual({});
    const [ann, hero, featured] = t.sections.map((s: any) => s.id);
    expect(new Set([ann, hero, featured]).size).toBe(3);

    const v = t.version;
    t = await run(REORDER, { ids: [hero, featured, ann] });
    expect(t.sections.map((s: any) => s.id)).toEqual([hero, featured, ann]);
    expect(t.version).toBe(v + 1);
    t = await run(UPDATE_SECTION, { id: featured, input: { settings: { collection: 'summer', limit: 4 } } });
    expect(t.sections[1]).toEqual({ id: featured, type: 'featured-products', settings: { collection: 'summer', limit: 4 } });
    t = await run(REMOVE, { id: ann });
    expect(t.sections.map((s: any) => s.id)).toEqual([hero, featured]);
    expect(t.version).toBe(v + 3);

    for (const ids of [[hero], [hero, featured, featured], [hero, 'tsec_nope'], [featured, hero, ann]]) {
      expect(await refused(REORDER, { ids })).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    }
    expect(await refused(REMOVE, { id: ann })).toMatchObject({ type: 'not_found' });
    expect(await refused(UPDATE_SECTION, { id: 'tsec_nope', input: { settings: {} } })).toMatchObject({ type: 'not_found' });
    expect(await version()).toBe(v + 3);
    const r = await store();
    expect(r.body.theme.sections).toEqual(t.sections);
  });

  it('refuses bad shapes and oversized values, and changes nothing', async () => {
    const v = await version();
    const bad: Array<[string, Record<string, unknown>]> = [
      [TOKENS, { input: { colors: { primary: 'red' } } }],
      [TOKENS, { input: { colors: { primary: '#12345' } } }],
      [TOKENS, { input: { colors: { primary: '#fff;background:url(x)' } } }],
      [TOKENS, { input: { colors: { 'Bad Name': '#fff' } } }],
      [TOKENS, { input: { colors: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`c${i}`, '#fff'])) } }],
      [TOKENS, { input: { spacing: { md: '16' } } }],
      [TOKENS, { input: { radii: { sm: '4vw' } } }],
      [TOKENS, { input: { typography: { body: { font_family: 'x}</style>', font_size: '1rem' } } } }],
      [TOKENS, { input: { typography: { body: { font_family: 'Inter', font_size: '1rem', font_weight: 450 } } } }],
      [TOKENS, { input: { typography: { body: { font_family: 'Inter' } } } }],
      [SETTINGS, { input: { settings: { 'Bad-Key': 1 } } }],
      [SETTINGS, { input: { settings: { big: 'x'.repeat(17_000) } } }],
      [ADD, { input: { type: 'Hero Banner' } }],
      [ADD, { input: { type: 'hero', settings: { big: 'x'.repeat(9_000) } } }],
      [ADD, { input: { type: 'hero', position: -1 } }],
    ];
    for (const [query, variables] of bad) {
      const ext = await refused(query, variables);
      expect(`${JSON.stringify(variables).slice(0, 60)} -> ${ext.type}`).toBe(`${JSON.stringify(variables).slice(0, 60)} -> validation_error`);
    }
    // a group the input type does not know: refused by GraphQL itself
    expect(await refused(TOKENS, { input: { shadows: { sm: '1px' } } })).toMatchObject({
      type: 'validation_error',
      code: 'invalid_field',
      errors: [{ field: 'input.shadows', code: 'invalid_field' }],
    });
    expect(await version()).toBe(v);
  });

  it('answers with an ETag, 304 for a matching If-None-Match, and a new ETag after a change', async () => {
    const first = await store();
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await store(shop.publishable_key, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    await run(SETTINGS, { input: { settings: { show_vendor: false } } });
    const changed = await store(shop.publishable_key, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.theme.version).toBe(first.body.theme.version + 1);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('keeps concurrent changes apart: every one gets its own version', async () => {
    const v = await version();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => p.graphql(ADD, { input: { type: 'text', settings: { n: i } } }, { token: admin })));
    expect(answers.every((a) => !a.body.errors)).toBe(true);
    expect(answers.map((a) => a.body.data.addThemeSection.version).sort()).toEqual([v + 1, v + 2, v + 3, v + 4, v + 5]);
    const t = (await store()).body.theme;
    expect(t.version).toBe(v + 5);
    expect(
      t.sections
        .filter((s: any) => s.type === 'text')
        .map((s: any) => s.settings.n)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps tenants apart and is admin-only for changes', async () => {
    expect((await store(other.publishable_key)).body.theme).toMatchObject({ version: 0, sections: [] });
    const customer = await p.registerCustomer(shop.publishable_key);
    expect(await refused(SETTINGS, { input: { settings: {} } }, customer.token)).toMatchObject({ type: 'permission_error' });
    const anon = await p.graphql(`mutation { removeThemeSection(id: "x") { version } }`, {}, { key: shop.publishable_key });
    expect(anon.body.errors[0].extensions).toMatchObject({ type: 'authentication_error' });
    const otherAdmin = await p.adminToken(other);
    const mine = (await store()).body.theme.sections[0].id;
    expect(await refused(REMOVE, { id: mine }, otherAdmin)).toMatchObject({ type: 'not_found' });
    expect((await store(other.publishable_key)).body.theme.version).toBe(0);
    expect((await p.api('GET', '/store/theme')).status).toBe(401);
    expect((await p.api('GET', '/store/theme?v=1', { key: shop.publishable_key })).status).toBe(400);
  });

  it('seeds the demo theme: its tokens, three sections and settings', async () => {
    const tenant = await p.createTenant();
    await p.seedDomain('site', tenant.tenant_id);
    const t = (await store(tenant.publishable_key)).body.theme;
    const demo = demoTheme();
    expect(t.tokens).toEqual(demo.tokens);
    expect(t.sections.map((s: any) => [s.type, s.settings])).toEqual(demo.sections.map((s) => [s.type, s.settings]));
    expect(t.settings).toEqual(demo.settings);
    expect(t.version).toBe(5);
  });
});
