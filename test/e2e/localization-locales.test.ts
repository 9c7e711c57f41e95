import type { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import { demoLocales } from '@svc/localization';
import type { PlatformClient } from '../support/http';
import { sharedTwoStores } from '../support/two-stores';

/**
 * Locales: admins enable them through GraphQL, storefronts read them at GET /store/locales; exactly
 * one default per tenant, kept by the database even under concurrent changes.
 */
describe('localization: locales', () => {
  const LOCALE = 'id code name is_default rtl dir position';
  const ADD = `mutation($input: AddLocaleInput!) { addLocale(input: $input) { ${LOCALE} } }`;
  const UPDATE = `mutation($code: String!, $input: UpdateLocaleInput!) { updateLocale(code: $code, input: $input) { ${LOCALE} } }`;
  const REMOVE = `mutation($code: String!) { removeLocale(code: $code) { code } }`;
  const SET_DEFAULT = `mutation($code: String!) { setDefaultLocale(code: $code) { code is_default } }`;

  let p: PlatformClient;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;

  const run = async (query: string, variables: Record<string, unknown>, token = admin): Promise<any> => {
    const r = await p.graphql(query, variables, { token });
    if (r.body?.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
    return r.body.data;
  };
  const locales = async (key = shop.publishable_key) => {
    const r = await p.api('GET', '/store/locales', { key });
    expect(r.status).toBe(200);
    return r.body.locales as any[];
  };
  const defaults = async (tenantId: string) =>
    (await sql.query(`select code from "localization".locale where tenant_id = $1 and is_default order by code`, [tenantId])).rows.map((r) => r.code);

  beforeAll(async () => {
    ({ p, sql, shop, other, admin } = await sharedTwoStores());
  });
  afterAll(async () => {
    await sql?.end();
  });

  it('answers an empty list before any locale is enabled', async () => {
    expect(await locales()).toEqual([]);
  });

  it('enables locales: the first is the default, names and RTL come from the language unless given', async () => {
    const en = (await run(ADD, { input: { code: 'en' } })).addLocale;
    expect(en).toMatchObject({ code: 'en', name: 'English', is_default: true, rtl: false, dir: 'ltr', position: 0 });
    expect(en.id).toMatch(/^lcl_/);
    const de = (await run(ADD, { input: { code: 'DE-ch' } })).addLocale;
    expect(de).toMatchObject({ code: 'de-CH', is_default: false, rtl: false, position: 1 });
    expect(de.name).toMatch(/deutsch/i);
    const ar = (await run(ADD, { input: { code: 'ar' } })).addLocale;
    expect(ar).toMatchObject({ code: 'ar', name: 'العربية', rtl: true, dir: 'rtl' });
    await run(ADD, { input: { code: 'fr', name: 'Français (France)', position: 5 } });
    const list = await locales();
    expect(list.map((l) => l.code)).toEqual(['en', 'de-CH', 'ar', 'fr']);
    expect(list[0]).toEqual({ code: 'en', name: 'English', is_default: true, rtl: false, dir: 'ltr', position: 0 });
    expect(list.filter((l) => l.is_default)).toHaveLength(1);
    const events = await sql.query(`select data from "localization".outbox_event where tenant_id = $1 and type = 'locale.created' order by id`, [
      shop.tenant_id,
    ]);
    expect(events.rows.map((r) => r.data.code)).toEqual(['en', 'de-CH', 'ar', 'fr']);
  });

  it('refuses bad input at both doors and writes nothing', async () => {
    for (const input of [{ code: 'english' }, { code: 'e' }, { code: 'en_US' }, { code: '' }, { code: 'en', name: '' }, { code: 'it', position: -1 }]) {
      const r = await p.graphql(ADD, { input }, { token: admin });
      expect(r.body.errors?.[0]?.extensions).toMatchObject({ type: 'validation_error' });
    }
    const dup = await p.graphql(ADD, { input: { code: 'EN' } }, { token: admin });
    expect(dup.body.errors[0].extensions).toMatchObject({ type: 'conflict', code: 'duplicate' });
    expect((await locales()).map((l) => l.code)).toEqual(['en', 'de-CH', 'ar', 'fr']);
    for (const q of ['?limit=1', '?code=en']) {
      const r = await p.api('GET', `/store/locales${q}`, { key: shop.publishable_key });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ type: 'validation_error' });
    }
    const anonymous = await p.api('GET', '/store/locales');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ type: 'authentication_error', code: 'publishable_key_required' });
  });

  it('updates a locale and refuses changes without an admin token', async () => {
    const fr = (await run(UPDATE, { code: 'fr', input: { name: 'Français', position: 3 } })).updateLocale;
    expect(fr).toMatchObject({ code: 'fr', name: 'Français', position: 3 });
    expect((await p.graphql(UPDATE, { code: 'xx', input: { name: 'X' } }, { token: admin })).body.errors[0].extensions).toMatchObject({ type: 'not_found' });
    const customer = await p.registerCustomer(shop.publishable_key);
    const asCustomer = await p.graphql(SET_DEFAULT, { code: 'fr' }, { token: customer.token, key: shop.publishable_key });
    expect(asCustomer.body.errors[0].extensions).toMatchObject({ type: 'permission_error' });
    const anonymous = await p.graphql(REMOVE, { code: 'fr' }, { key: shop.publishable_key });
    expect(anonymous.body.errors[0].extensions).toMatchObject({ type: 'authentication_error' });
    expect(await defaults(shop.tenant_id)).toEqual(['en']);
  });

  it('moves the default atomically and refuses to remove the default (409 default_locale)', async () => {
    expect((await run(SET_DEFAULT, { code: 'de-ch' })).setDefaultLocale).toEqual({ code: 'de-CH', is_default: true });
    expect(await defaults(shop.tenant_id)).toEqual(['de-CH']);
    const refused = await p.graphql(REMOVE, { code: 'de-CH' }, { token: admin });
    expect(refused.body.errors[0].extensions).toMatchObject({ type: 'conflict', code: 'default_locale' });
    expect((await locales()).map((l) => l.code)).toContain('de-CH');
    expect((await run(REMOVE, { code: 'ar' })).removeLocale).toEqual({ code: 'ar' });
    expect((await locales()).map((l) => l.code)).toEqual(['en', 'de-CH', 'fr']);
    const event = await sql.query(`select data from "localization".outbox_event where tenant_id = $1 and type = 'locale.default_changed'`, [shop.tenant_id]);
    expect(event.rows.map((r) => r.data)).toEqual([expect.objectContaining({ code: 'de-CH', previous: 'en' })]);
  });

  it('leaves exactly one default when two admins set different defaults at the same time', async () => {
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(['en', 'fr', 'de-CH'].map((code) => p.graphql(SET_DEFAULT, { code }, { token: admin })));
      for (const r of results) expect(r.body.errors).toBeUndefined();
      const now = await defaults(shop.tenant_id);
      expect(now).toHaveLength(1);
      expect((await locales()).filter((l) => l.is_default).map((l) => l.code)).toEqual(now);
    }
    // the database itself refuses a second default
    await expect(sql.query(`update "localization".locale set is_default = true where tenant_id = $1`, [shop.tenant_id])).rejects.toThrow(/locale_one_default/);
  });

  it('keeps tenants apart', async () => {
    expect(await locales(other.publishable_key)).toEqual([]);
    const otherAdmin = await p.adminToken(other);
    await run(ADD, { input: { code: 'en' } }, otherAdmin);
    expect((await locales(other.publishable_key)).map((l) => [l.code, l.is_default])).toEqual([['en', true]]);
    const theirs = await p.graphql(REMOVE, { code: 'fr' }, { token: otherAdmin });
    expect(theirs.body.errors[0].extensions).toMatchObject({ type: 'not_found' });
    expect((await locales()).map((l) => l.code)).toEqual(['en', 'de-CH', 'fr']);
  });

  it('seeds the demo locales: en default, de, fr, ar right to left', async () => {
    const tenant = await p.createTenant();
    await p.seedDomain('localization', tenant.tenant_id);
    const list = await locales(tenant.publishable_key);
    expect(list.map((l) => [l.code, l.is_default, l.rtl])).toEqual([
      ['en', true, false],
      ['de', false, false],
      ['fr', false, false],
      ['ar', false, true],
    ]);
    expect(list.map((l) => l.name)).toEqual(demoLocales().map((l) => l.name));
  });
});
