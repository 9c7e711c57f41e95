import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { ConfigError, checkDomainSettings, domainSettings, loadConfig, systemContext, type RequestContext } from '@svc/kit';
import type { TenantCredentials } from '@svc/identity';
import { MAX_FILE_BYTES, S3MediaStorage, domain as mediaDomain, seedDemoMedia, type MediaServices } from '@svc/media';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { S3Server } from '../support/providers/s3-server';
import { avif, gif, hostileSvg, jpeg, pdf, png, svg, webp } from '../support/media-fixtures';

const MEDIA = 'id url filename mime_type size width height alt title created_at updated_at';
const UPLOAD = `mutation($input: UploadMediaInput!) { uploadMedia(input: $input) { ${MEDIA} } }`;
const UPDATE = `mutation($id: String!, $input: UpdateMediaInput!) { updateMedia(id: $id, input: $input) { ${MEDIA} } }`;
const REPLACE = `mutation($id: String!, $input: ReplaceMediaFileInput!) { replaceMediaFile(id: $id, input: $input) { ${MEDIA} } }`;
const DELETE = `mutation($id: String!) { deleteMedia(id: $id) { id deleted } }`;
const LIST = `query($limit: Int, $offset: Int, $order: String, $mime_type: [String!], $id: [String!]) {
  mediaList(limit: $limit, offset: $offset, order: $order, mime_type: $mime_type, id: $id) { count limit offset items { id mime_type } } }`;
const ONE = `query($id: String!) { media(id: $id) { ${MEDIA} } }`;

const S3 = { bucket: 'shop-media', region: 'eu-test-1', accessKeyId: 'AKIDMEDIATEST', secretAccessKey: 'media-test-secret-key-0123456789' };
const S3_PUBLIC = 'https://cdn.example.test/shop-media';

const b64 = (b: Buffer) => b.toString('base64');

/**
 * Media end to end, once per storage: local disk (served at /static) and S3 (a local server that
 * speaks the S3 REST protocol and verifies every request's Signature Version 4). Uploads go
 * through admin GraphQL, the storefront reads `GET /store/media/:id`.
 */
describe.each(['local', 's3'] as const)('media with %s storage', (storage) => {
  let p: TestPlatform;
  let s3: S3Server | undefined;
  let dataDir: string;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;

  const run = async (query: string, variables: Record<string, unknown>, token = admin): Promise<any> => {
    const r = await p.graphql(query, variables, { token });
    if (r.body?.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
    expect(r.status).toBe(200);
    return r.body.data;
  };
  /** the first error of an operation that must fail (never a 5xx) */
  const fail = async (query: string, variables: Record<string, unknown>, o: { token?: string; key?: string } = { token: admin }) => {
    const r = await p.graphql(query, variables, o);
    expect(r.status).toBeLessThan(500);
    expect(r.body.errors?.length).toBeGreaterThan(0);
    expect(r.body.data?.uploadMedia ?? r.body.data?.updateMedia ?? r.body.data?.replaceMediaFile ?? r.body.data?.deleteMedia ?? null).toBeNull();
    return { status: r.status, ...r.body.errors[0] };
  };
  const upload = async (file: Buffer, filename: string, extra: Record<string, unknown> = {}, token = admin) =>
    (await run(UPLOAD, { input: { filename, content_base64: b64(file), ...extra } }, token)).uploadMedia;
  const store = (id: string, key = shop.publishable_key, query = '') => p.api('GET', `/store/media/${encodeURIComponent(id)}${query}`, { key });

  /** the stored bytes behind a public URL (the file on disk, or the object in the bucket) */
  const stored = (url: string): Buffer | undefined => {
    if (storage === 's3') {
      expect(url.startsWith(`${S3_PUBLIC}/media/`)).toBe(true);
      return s3!.object(url.slice(S3_PUBLIC.length + 1))?.body;
    }
    expect(url.startsWith(`${p.url}/static/media/`)).toBe(true);
    const file = path.join(dataDir, 'static', ...url.slice(`${p.url}/static/`.length).split('/'));
    return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
  };
  /** every object the storage holds */
  const objectCount = () => {
    if (storage === 's3') return s3!.objects.size;
    const dir = path.join(dataDir, 'static', 'media');
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
  };
  const rowCount = async (tenantId = shop.tenant_id) =>
    Number((await sql.query(`select count(*)::int as n from "media".media where tenant_id = $1`, [tenantId])).rows[0].n);
  const events = async (type: string, id?: string) =>
    (
      await sql.query(`select data from "media".outbox_event where type = $1 and ($2::text is null or data->>'id' = $2) order by created_at`, [
        type,
        id ?? null,
      ])
    ).rows.map((r) => r.data);

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-test-'));
    const env: Record<string, string> = { WORKERS_DISABLED: 'true', DATA_DIR: dataDir };
    if (storage === 's3') {
      s3 = await new S3Server(S3).start();
      Object.assign(env, {
        MEDIA_STORAGE: 's3',
        S3_ENDPOINT: s3.url,
        S3_REGION: S3.region,
        S3_BUCKET: S3.bucket,
        S3_ACCESS_KEY_ID: S3.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3.secretAccessKey,
        S3_PUBLIC_URL: `${S3_PUBLIC}/`,
        S3_FORCE_PATH_STYLE: 'true',
      });
    }
    p = await startTestPlatform({ env });
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    shop = await p.createTenant();
    other = await p.createTenant();
    admin = await p.adminToken(shop);
    otherAdmin = await p.adminToken(other);
  });
  afterAll(async () => {
    await sql?.end();
    await p?.stop();
    await s3?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(() => {
    // every request the platform made to the bucket was correctly signed
    if (s3) expect(s3.requests.filter((r) => r.error && r.error !== 'NoSuchKey')).toEqual([]);
  });

  it('uploads every accepted type, reading the type and dimensions from the bytes, and serves it at /store/media/:id', async () => {
    const cases: Array<[string, Buffer, string, number | null, number | null]> = [
      ['photo.jpg', jpeg(31, 17), 'image/jpeg', 31, 17],
      ['pixel-art.png', png(3, 2), 'image/png', 3, 2],
      ['anim.gif', gif(7, 9), 'image/gif', 7, 9],
      ['hero.webp', webp(640, 480), 'image/webp', 640, 480],
      ['hero.avif', avif(1920, 1080), 'image/avif', 1920, 1080],
      ['icon.svg', svg(40, 20), 'image/svg+xml', 40, 20],
      ['manual.pdf', pdf(), 'application/pdf', null, null],
    ];
    for (const [filename, file, mime, width, height] of cases) {
      const m = await upload(file, filename, { alt: `Alt of ${filename}`, title: filename.toUpperCase() });
      expect(m).toMatchObject({ filename, mime_type: mime, width, height, alt: `Alt of ${filename}`, title: filename.toUpperCase() });
      expect(m.id).toMatch(/^med_[0-9A-Z]{26}$/);
      const ext = { 'image/jpeg': 'jpg', 'image/svg+xml': 'svg', 'application/pdf': 'pdf' }[mime as string] ?? mime.split('/')[1];
      expect(m.url).toMatch(new RegExp(`/media/${shop.tenant_id}/${m.id}\\.${ext}$`));
      const bytes = stored(m.url);
      expect(bytes).toBeDefined();
      expect(m.size).toBe(bytes!.length);
      if (mime !== 'image/svg+xml') expect(bytes!.equals(file)).toBe(true);
      if (storage === 's3') expect(s3!.object(m.url.slice(S3_PUBLIC.length + 1))!.contentType).toBe(mime);

      const r = await store(m.id);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ media: m });
      expect(await events('media.uploaded', m.id)).toEqual([{ id: m.id, mime_type: mime, size: m.size }]);
    }
    if (storage === 'local') {
      // the platform serves the local files itself
      const m = await upload(png(5, 4), 'served.png');
      const served = await fetch(m.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      // uploads are served from the API's origin: never sniffed, and sandboxed (an SVG or PDF runs no script there)
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
      expect(Buffer.from(await served.arrayBuffer()).equals(png(5, 4))).toBe(true);
    }
    const sparse = await store((await upload(png(1, 1), 'dot.png')).id, shop.publishable_key, '?fields=url,width');
    expect(Object.keys(sparse.body.media).sort()).toEqual(['id', 'url', 'width']);
  });

  it('trusts the bytes, not the name: a PNG called .jpg is a PNG', async () => {
    const m = await upload(png(2, 2), 'not-really.jpg');
    expect(m).toMatchObject({ mime_type: 'image/png', filename: 'not-really.jpg', width: 2, height: 2 });
    expect(m.url.endsWith('.png')).toBe(true);
  });

  it('refuses disguised, broken, oversized and badly encoded files with a 400, storing nothing', async () => {
    const rows = await rowCount();
    const objects = objectCount();
    const refusals: Array<[string, Record<string, unknown>, string]> = [
      [
        'HTML named .png',
        { filename: 'cat.png', content_base64: b64(Buffer.from('<!doctype html><html><script>alert(1)</script></html>')) },
        'unsupported_file_type',
      ],
      ['plain text', { filename: 'notes.gif', content_base64: b64(Buffer.from('just some words')) }, 'unsupported_file_type'],
      ['PNG signature, no header', { filename: 'broken.png', content_base64: b64(png(4, 4).subarray(0, 12)) }, 'invalid_image'],
      ['JPEG marker, no frame', { filename: 'broken.jpg', content_base64: b64(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0])) }, 'invalid_image'],
      [
        'SVG with an entity declaration',
        {
          filename: 'bomb.svg',
          content_base64: b64(Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>')),
        },
        'invalid_file',
      ],
      [
        'one byte over 10 MB',
        { filename: 'big.png', content_base64: b64(Buffer.concat([png(2, 2), Buffer.alloc(MAX_FILE_BYTES + 1 - png(2, 2).length)])) },
        'file_too_large',
      ],
      ['far over 10 MB', { filename: 'huge.png', content_base64: 'A'.repeat(14 * 1024 * 1024) }, 'invalid_field'],
      ['not base64', { filename: 'a.png', content_base64: 'this is not base64!' }, 'invalid_field'],
      ['base64 of impossible length', { filename: 'a.png', content_base64: 'iVBORw0KG' }, 'invalid_field'],
      ['a data: URL', { filename: 'a.png', content_base64: `data:image/png;base64,${b64(png(1, 1))}` }, 'invalid_field'],
      ['empty content', { filename: 'a.png', content_base64: '' }, 'invalid_field'],
      ['empty file name', { filename: '', content_base64: b64(png(1, 1)) }, 'invalid_field'],
      ['a path as file name', { filename: '../../etc/passwd.png', content_base64: b64(png(1, 1)) }, 'invalid_field'],
      ['alt text too long', { filename: 'a.png', content_base64: b64(png(1, 1)), alt: 'x'.repeat(1001) }, 'invalid_field'],
      ['title too long', { filename: 'a.png', content_base64: b64(png(1, 1)), title: 'x'.repeat(301) }, 'invalid_field'],
    ];
    for (const [name, input, code] of refusals) {
      const e = await fail(UPLOAD, { input });
      expect(`${name}: ${e.extensions?.type}/${e.extensions?.code}`).toBe(`${name}: validation_error/${code}`);
    }
    // GraphQL itself refuses a missing field or one it does not know
    const missing = await p.graphql(UPLOAD, { input: { filename: 'a.png' } }, { token: admin });
    expect(missing.status).toBe(400);
    const unknown = await p.graphql(UPLOAD, { input: { filename: 'a.png', content_base64: b64(png(1, 1)), mime_type: 'image/png' } }, { token: admin });
    expect(unknown.status).toBe(400);
    expect(await rowCount()).toBe(rows);
    expect(objectCount()).toBe(objects);
  });

  it('accepts a file of almost 10 MB from an admin (the /graphql body limit is larger for admins only)', async () => {
    const file = Buffer.concat([png(8, 8), Buffer.alloc(MAX_FILE_BYTES - 1000)]);
    const m = await upload(file, 'large.png');
    expect(m).toMatchObject({ mime_type: 'image/png', width: 8, height: 8, size: file.length });
    expect(stored(m.url)!.equals(file)).toBe(true);
    // a 2 MB body from anyone else is refused before it is read
    const customer = await p.registerCustomer(shop.publishable_key);
    const r = await p.graphql(
      UPLOAD,
      { input: { filename: 'x.png', content_base64: 'A'.repeat(2 * 1024 * 1024) } },
      { token: customer.token, key: shop.publishable_key },
    );
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ type: 'validation_error', code: 'payload_too_large' });
  });

  it('neutralises an SVG: no scripts, event handlers or external references survive', async () => {
    const m = await upload(hostileSvg(), 'hostile.svg');
    expect(m).toMatchObject({ mime_type: 'image/svg+xml', width: 64, height: 32 });
    const text = stored(m.url)!.toString('utf8');
    expect(text).toMatch(/^<svg[\s>]/);
    for (const bad of ['<script', 'alert', 'onclick', 'onload', 'javascript:', 'evil.example', '<foreignObject', '<iframe', '<style', '@import', '<image']) {
      expect(`${bad}: ${text.includes(bad)}`).toBe(`${bad}: false`);
    }
    // what is harmless stays: shapes, gradients, references inside the document
    expect(text).toContain('fill="url(#g)"');
    expect(text).toContain('<use href="#g"');
    expect(text).toContain('<linearGradient id="g">');
    expect(m.size).toBe(Buffer.byteLength(text));
  });

  it('updates alt and title, replaces the file (removing the old one) and deletes (removing the file), with events', async () => {
    const m = await upload(png(10, 10), 'before.png', { alt: 'Before', title: 'Old title' });
    const updated = (await run(UPDATE, { id: m.id, input: { alt: 'After' } })).updateMedia;
    expect(updated).toMatchObject({ alt: 'After', title: 'Old title', url: m.url });
    expect((await run(UPDATE, { id: m.id, input: { title: null } })).updateMedia).toMatchObject({ alt: 'After', title: null });
    expect((await run(UPDATE, { id: m.id, input: { alt: 'After' } })).updateMedia.alt).toBe('After'); // no change, no event
    expect(await events('media.updated', m.id)).toEqual([
      { id: m.id, fields: ['alt'] },
      { id: m.id, fields: ['title'] },
    ]);

    const replaced = (await run(REPLACE, { id: m.id, input: { content_base64: b64(jpeg(300, 200)), filename: 'after.jpg' } })).replaceMediaFile;
    expect(replaced).toMatchObject({ id: m.id, mime_type: 'image/jpeg', width: 300, height: 200, filename: 'after.jpg', alt: 'After' });
    expect(replaced.url).not.toBe(m.url);
    expect(replaced.url).toMatch(new RegExp(`/${m.id}-2-[0-9a-f]{8}\\.jpg$`));
    expect(stored(m.url)).toBeUndefined();
    expect(stored(replaced.url)!.equals(jpeg(300, 200))).toBe(true);
    expect((await store(m.id)).body.media).toEqual(replaced);
    expect((await events('media.updated', m.id)).at(-1)).toEqual({ id: m.id, fields: ['file'] });
    // a refused replacement changes nothing
    const refused = await fail(REPLACE, { id: m.id, input: { content_base64: b64(Buffer.from('<html></html>')) } });
    expect(refused.extensions).toMatchObject({ type: 'validation_error', code: 'unsupported_file_type' });
    expect((await store(m.id)).body.media).toEqual(replaced);

    expect((await run(DELETE, { id: m.id })).deleteMedia).toEqual({ id: m.id, deleted: true });
    expect(stored(replaced.url)).toBeUndefined();
    expect((await store(m.id)).status).toBe(404);
    expect(await events('media.deleted', m.id)).toEqual([{ id: m.id }]);
    const again = await fail(DELETE, { id: m.id });
    expect(again.extensions).toMatchObject({ type: 'not_found' });
  });

  it("lists the store's media for admins with pagination and a mime_type filter", async () => {
    const t = await p.createTenant();
    const token = await p.adminToken(t);
    const ids = [];
    for (const [f, n] of [
      [png(1, 1), 'a.png'],
      [svg(2, 2), 'b.svg'],
      [png(3, 3), 'c.png'],
      [pdf(), 'd.pdf'],
    ] as const)
      ids.push((await upload(f, n, {}, token)).id);
    const all = (await run(LIST, {}, token)).mediaList;
    expect(all).toMatchObject({ count: 4, limit: 20, offset: 0 });
    expect(all.items.map((i: any) => i.id)).toEqual([...ids].reverse());
    const page = (await run(LIST, { limit: 2, offset: 1, order: 'created_at' }, token)).mediaList;
    expect(page).toMatchObject({ count: 4, limit: 2, offset: 1 });
    expect(page.items.map((i: any) => i.id)).toEqual(ids.slice(1, 3));
    const pngs = (await run(LIST, { mime_type: ['image/png'] }, token)).mediaList;
    expect(pngs.items.map((i: any) => i.id)).toEqual([ids[2], ids[0]]);
    expect((await run(LIST, { mime_type: ['image/svg+xml', 'application/pdf'], limit: 0 }, token)).mediaList).toMatchObject({ count: 2, items: [] });
    for (const bad of [{ limit: -1 }, { offset: -5 }, { order: 'sideways' }, { mime_type: ['text/html'] }, { id: Array(101).fill('x') }]) {
      const e = await fail(LIST, bad, { token });
      expect(`${JSON.stringify(bad).slice(0, 40)} -> ${e.extensions?.type}`).toBe(`${JSON.stringify(bad).slice(0, 40)} -> validation_error`);
    }
    // the storefront cannot list
    expect((await fail(LIST, {}, { key: t.publishable_key })).extensions.type).toBe('authentication_error');
  });

  it("keeps tenants apart: another store's media is 404 on REST and GraphQL, and cannot be changed", async () => {
    const mine = await upload(png(6, 6), 'mine.png', { alt: 'Mine' });
    const theirs = await upload(png(7, 7), 'theirs.png', {}, otherAdmin);
    for (const r of [await store(theirs.id), await store(mine.id, other.publishable_key)]) {
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ type: 'not_found', code: 'not_found' });
      expect(JSON.stringify(r.body)).not.toContain('png');
    }
    const viaGraph = await p.graphql(ONE, { id: theirs.id }, { key: shop.publishable_key });
    expect(viaGraph.body.data).toBeNull();
    expect(viaGraph.body.errors[0].extensions).toMatchObject({ type: 'not_found' });
    for (const [q, vars] of [
      [UPDATE, { id: mine.id, input: { alt: 'Hijacked' } }],
      [REPLACE, { id: mine.id, input: { content_base64: b64(png(1, 1)) } }],
      [DELETE, { id: mine.id }],
    ] as const) {
      expect((await fail(q, vars, { token: otherAdmin })).extensions).toMatchObject({ type: 'not_found' });
    }
    expect((await store(mine.id)).body.media).toEqual(mine);
    expect(stored(mine.url)!.equals(png(6, 6))).toBe(true);
    expect((await run(LIST, { id: [mine.id, theirs.id] }, otherAdmin)).mediaList.items.map((i: any) => i.id)).toEqual([theirs.id]);
  });

  it('lets only admins upload or change media: customers 403, the storefront key alone 401', async () => {
    const m = await upload(png(2, 3), 'kept.png');
    const customer = await p.registerCustomer(shop.publishable_key);
    const input = { filename: 'x.png', content_base64: b64(png(1, 1)) };
    const rows = await rowCount();
    for (const [q, vars] of [
      [UPLOAD, { input }],
      [UPDATE, { id: m.id, input: { alt: 'x' } }],
      [REPLACE, { id: m.id, input }],
      [DELETE, { id: m.id }],
    ] as const) {
      const asCustomer = await fail(q, vars, { token: customer.token, key: shop.publishable_key });
      expect(asCustomer.extensions).toMatchObject({ type: 'permission_error', code: 'forbidden' });
      const anonymous = await fail(q, vars, { key: shop.publishable_key });
      expect(anonymous.extensions.type).toBe('authentication_error');
    }
    expect(await rowCount()).toBe(rows);
    expect((await store(m.id)).body.media).toEqual(m);
  });

  it('answers bad input on the route and the mutations with documented 4xx errors', async () => {
    const m = await upload(png(2, 2), 'ok.png');
    for (const [path, status, type] of [
      ['/store/media/med_NOPE', 404, 'not_found'],
      [`/store/media/${'x'.repeat(201)}`, 400, 'validation_error'],
      [`/store/media/${m.id}?fields=nope`, 400, 'validation_error'],
      [`/store/media/${m.id}?colour=red`, 400, 'validation_error'],
    ] as const) {
      const r = await p.api('GET', path, { key: shop.publishable_key });
      expect(`${path.slice(0, 50)} -> ${r.status}`).toBe(`${path.slice(0, 50)} -> ${status}`);
      expect(r.body).toEqual({ type, code: expect.any(String), message: expect.any(String), ...(r.body.errors ? { errors: r.body.errors } : {}) });
    }
    const anonymous = await p.api('GET', `/store/media/${m.id}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ type: 'authentication_error' });
    const noKey = await p.graphql(ONE, { id: m.id });
    expect(noKey.status).toBeLessThan(500);
    expect(noKey.body.data?.media ?? null).toBeNull();
    expect(noKey.body.errors[0].extensions.type).toBe('authentication_error');

    const long = 'x'.repeat(201);
    for (const [q, vars, type] of [
      [ONE, { id: long }, 'validation_error'],
      [ONE, { id: 'med_NOPE' }, 'not_found'],
      [UPDATE, { id: 'med_NOPE', input: { alt: 'x' } }, 'not_found'],
      [UPDATE, { id: long, input: { alt: 'x' } }, 'validation_error'],
      [UPDATE, { id: m.id, input: { alt: 'x'.repeat(1001) } }, 'validation_error'],
      [UPDATE, { id: m.id, input: { title: 'x'.repeat(301) } }, 'validation_error'],
      [REPLACE, { id: 'med_NOPE', input: { content_base64: b64(png(1, 1)) } }, 'not_found'],
      [REPLACE, { id: m.id, input: { content_base64: '***' } }, 'validation_error'],
      [REPLACE, { id: m.id, input: { content_base64: b64(png(1, 1)), filename: 'a/b.png' } }, 'validation_error'],
      [DELETE, { id: 'med_NOPE' }, 'not_found'],
      [DELETE, { id: long }, 'validation_error'],
    ] as const) {
      const e = await fail(q, vars, q === ONE ? { key: shop.publishable_key } : { token: admin });
      expect(`${q.slice(0, 30)} ${JSON.stringify(vars).slice(0, 60)} -> ${e.extensions?.type}`).toBe(
        `${q.slice(0, 30)} ${JSON.stringify(vars).slice(0, 60)} -> ${type}`,
      );
    }
    expect((await store(m.id)).body.media).toEqual(m);
  });

  it('rolls back the row and its event with the unit of work it joined', async () => {
    const s = p.services<MediaServices>('media');
    const t = await p.createTenant();
    const ctx: RequestContext = { ...systemContext(p.log, t.tenant_id, 'uow'), actor: { type: 'admin', id: 'user_test' }, roles: ['admin'] };
    await expect(
      s.store.transaction(ctx, async (_em, tx) => {
        await s.media.upload(tx, { filename: 'gone.png', content_base64: b64(png(1, 1)) });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await rowCount(t.tenant_id)).toBe(0);
    expect((await sql.query(`select count(*)::int as n from "media".outbox_event where tenant_id = $1`, [t.tenant_id])).rows[0].n).toBe(0);
  });

  it("seeds the demo store's media with real images and dimensions", async () => {
    const t = await p.createTenant();
    const s = p.services<MediaServices>('media');
    await seedDemoMedia(s, { ctx: systemContext(p.log, t.tenant_id, 'seed'), tenantId: t.tenant_id, publicUrl: p.url, staticDir: p.staticDir, log: p.log });
    const listed = await s.media.list(systemContext(p.log, t.tenant_id, 'test'), { order: 'created_at' });
    expect(listed.items.map((m) => [m.filename, m.mime_type, m.width, m.height])).toEqual([
      ['logo.png', 'image/png', 240, 80],
      ['logo-mark.svg', 'image/svg+xml', 160, 160],
      ['blog-summer-essentials.png', 'image/png', 1200, 630],
      ['blog-care-and-repair.png', 'image/png', 1200, 630],
      ['blog-holiday-gifts.png', 'image/png', 1200, 630],
    ]);
    for (const m of listed.items) {
      const r = await store(m.id, t.publishable_key);
      expect(r.body.media).toMatchObject({ id: m.id, width: m.width, height: m.height, alt: expect.any(String) });
      expect(stored(m.url)!.length).toBe(m.size);
    }
  });

  if (storage === 's3') {
    it('signs with the configured secret: the bucket refuses a wrong one with 403 SignatureDoesNotMatch', async () => {
      const wrong = new S3MediaStorage({
        endpoint: s3!.url,
        region: S3.region,
        bucket: S3.bucket,
        accessKeyId: S3.accessKeyId,
        secretAccessKey: 'not-the-secret',
        publicUrl: S3_PUBLIC,
        forcePathStyle: true,
      });
      await expect(wrong.put('media/x/y.png', png(1, 1), 'image/png')).rejects.toMatchObject({
        name: 'SignatureDoesNotMatch',
        $metadata: { httpStatusCode: 403 },
      });
      expect(s3!.requests.at(-1)).toMatchObject({ method: 'PUT', status: 403, error: 'SignatureDoesNotMatch' });
      expect(s3!.object('media/x/y.png')).toBeUndefined();
      wrong.close();
      s3!.requests.length = 0; // the refusal above was the point
    });
  }
});

describe('media storage configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: os.tmpdir(), JWT_SECRET: 'j'.repeat(32), INTERNAL_SECRET: 'i'.repeat(32), OPERATOR_TOKEN: 'o'.repeat(16) };
  // media's own settings (its manifest's `settings`), read from the configuration's environment
  const media = (env: Record<string, string>) => domainSettings(mediaDomain, loadConfig({ ...base, ...env }));
  it('defaults to local disk and needs every S3 setting with MEDIA_STORAGE=s3', () => {
    expect(media({})).toEqual({ storage: 'local' });
    expect(() => media({ MEDIA_STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(ConfigError);
    expect(() => media({ MEDIA_STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(
      /the media domain: MEDIA_STORAGE=s3 needs S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL/,
    );
    expect(() => media({ MEDIA_STORAGE: 'ftp' })).toThrow(/MEDIA_STORAGE/);
    // the platform checks it before it starts anything
    expect(() => checkDomainSettings([mediaDomain], loadConfig({ ...base, MEDIA_STORAGE: 'ftp' }))).toThrow(/media domain:\n {2}MEDIA_STORAGE/);
    const s3 = media({
      MEDIA_STORAGE: 's3',
      S3_REGION: 'r',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_PUBLIC_URL: 'https://cdn.example/b/',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(s3).toEqual({
      storage: 's3',
      s3: { endpoint: undefined, region: 'r', bucket: 'b', accessKeyId: 'k', secretAccessKey: 's', publicUrl: 'https://cdn.example/b', forcePathStyle: true },
    });
  });
});
