import type { TenantCredentials } from '@svc/identity';
import { pngImage } from '@svc/media';
import { demoBrand } from '@svc/site';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { graphqlHelpers } from '../support/site';

/**
 * The brand of the site domain: every field present with defaults, partial updates (null goes back
 * to the default), the logo as a media id resolved to its URL by the media domain through the
 * supergraph, validation, tenant isolation, the demo seed.
 */
describe('site: brand', () => {
  const B = `logo_media_id logo { id url } colors { primary secondary accent background text } typography { heading_font body_font }
    social_links { facebook instagram x tiktok youtube linkedin pinterest } contact { email phone address }`;
  const UPDATE = `mutation($input: UpdateBrandInput!) { updateBrand(input: $input) { ${B} } }`;
  const UPLOAD = `mutation($input: UploadMediaInput!) { uploadMedia(input: $input) { id url } }`;

  let p: PlatformClient;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;

  const { run, refused } = graphqlHelpers(
    () => p,
    () => admin,
  );
  const store = (key = shop.publishable_key) => p.api('GET', '/store/brand', { key });
  const upload = (filename: string, token = admin) =>
    run(UPLOAD, { input: { filename, content_base64: pngImage(20, 10, () => [10, 20, 30]).toString('base64'), alt: 'Logo' } }, token);

  beforeAll(async () => {
    p = await sharedPlatform();
    shop = await p.createTenant();
    other = await p.createTenant();
    admin = await p.adminToken(shop);
    otherAdmin = await p.adminToken(other);
  });
  it('answers every field with defaults before anything is set', async () => {
    const r = await store();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      brand: {
        logo: null,
        colors: { primary: '#111827', secondary: '#6b7280', accent: '#2563eb', background: '#ffffff', text: '#111827' },
        typography: { heading_font: 'Inter, sans-serif', body_font: 'Inter, sans-serif' },
        social_links: { facebook: null, instagram: null, x: null, tiktok: null, youtube: null, linkedin: null, pinterest: null },
        contact: { email: null, phone: null, address: null },
      },
    });
  });

  it('sets the logo from the media domain and serves its URL', async () => {
    const logo = await upload('logo.png');
    const b = await run(UPDATE, { input: { logo_media_id: logo.id } });
    expect(b).toMatchObject({ logo_media_id: logo.id, logo: { id: logo.id, url: logo.url } });
    const r = (await store()).body.brand;
    expect(r.logo).toEqual({ id: logo.id, url: logo.url, alt: 'Logo', width: 20, height: 10, mime_type: 'image/png' });
    expect(r.logo.url).toMatch(/^https?:\/\//);
  });

  it('updates groups field by field: a value replaces, null goes back to the default, absent stays', async () => {
    await run(UPDATE, {
      input: {
        colors: { primary: '#0f766e', accent: '#F97316' },
        social_links: { instagram: 'https://instagram.com/shop', x: 'https://x.com/shop' },
        contact: { email: 'hi@shop.example', phone: '+1 (555) 010-2030' },
      },
    });
    let b = (await store()).body.brand;
    expect(b.colors).toEqual({ primary: '#0f766e', secondary: '#6b7280', accent: '#F97316', background: '#ffffff', text: '#111827' });
    expect(b.social_links).toMatchObject({ instagram: 'https://instagram.com/shop', x: 'https://x.com/shop', facebook: null });
    expect(b.contact).toEqual({ email: 'hi@shop.example', phone: '+1 (555) 010-2030', address: null });
    expect(b.logo).not.toBeNull();
    await run(UPDATE, { input: { colors: { primary: null }, social_links: { x: null }, typography: { heading_font: "'Playfair Display', serif" } } });
    b = (await store()).body.brand;
    expect(b.colors).toMatchObject({ primary: '#111827', accent: '#F97316' });
    expect(b.social_links).toMatchObject({ instagram: 'https://instagram.com/shop', x: null });
    expect(b.typography).toEqual({ heading_font: "'Playfair Display', serif", body_font: 'Inter, sans-serif' });
    await run(UPDATE, { input: { logo_media_id: null } });
    expect((await store()).body.brand.logo).toBeNull();
  });

  it("answers logo null once the logo's media was deleted (the id stays)", async () => {
    const gone = await upload('gone.png');
    await run(UPDATE, { input: { logo_media_id: gone.id } });
    await run(`mutation($id: String!) { deleteMedia(id: $id) { id } }`, { id: gone.id });
    const r = await store();
    expect(r.status).toBe(200);
    expect(r.body.brand.logo).toBeNull();
    expect((await p.graphql(`query { brand { logo_media_id } }`, {}, { key: shop.publishable_key })).body.data.brand.logo_media_id).toBe(gone.id);
    await run(UPDATE, { input: { logo_media_id: null } });
  });

  it('refuses bad values and a logo that is not an image of this store, and changes nothing', async () => {
    const before = (await store()).body;
    const theirs = await upload('theirs.png', otherAdmin);
    const bad = [
      { colors: { primary: 'blue' } },
      { colors: { primary: '#12345' } },
      { typography: { body_font: 'x;}</style>' } },
      { social_links: { instagram: 'javascript:alert(1)' } },
      { social_links: { facebook: 'facebook.com/shop' } },
      { contact: { email: 'not-an-email' } },
      { contact: { phone: 'call me' } },
      { logo_media_id: 'logo.png' },
      { logo_media_id: 'med_01JABCDEFGHJKMNPQRSTVWXYZ0', colors: { primary: '#000' } },
      { logo_media_id: theirs.id },
    ];
    for (const input of bad) {
      const ext = await refused(UPDATE, { input });
      expect(`${JSON.stringify(input).slice(0, 50)} -> ${ext.type}`).toBe(`${JSON.stringify(input).slice(0, 50)} -> validation_error`);
    }
    expect((await store()).body).toEqual(before);
  });

  it('keeps tenants apart and is admin-only for changes', async () => {
    expect((await store(other.publishable_key)).body.brand.colors.primary).toBe('#111827');
    const customer = await p.registerCustomer(shop.publishable_key);
    expect(await refused(UPDATE, { input: { colors: { primary: '#000000' } } }, customer.token)).toMatchObject({ type: 'permission_error' });
    expect((await p.graphql(UPDATE, { input: {} }, { key: shop.publishable_key })).body.errors[0].extensions).toMatchObject({ type: 'authentication_error' });
    expect((await p.api('GET', '/store/brand')).status).toBe(401);
    expect((await p.api('GET', '/store/brand?x=1', { key: shop.publishable_key })).status).toBe(400);
  });

  it('seeds the demo brand with the demo logo of the media domain', async () => {
    const tenant = await p.createTenant();
    await p.seedDomain('media', tenant.tenant_id);
    await p.seedDomain('site', tenant.tenant_id);
    const b = (await store(tenant.publishable_key)).body.brand;
    const demo = demoBrand(null);
    expect(b.colors).toEqual(demo.colors);
    expect(b.contact).toEqual(demo.contact);
    expect(b.logo).toMatchObject({ mime_type: 'image/png', width: 240, height: 80 });
    expect(b.logo.url).toMatch(/^https?:\/\/.*\/med_[0-9A-Z]{26}\.png$/);
  });
});
