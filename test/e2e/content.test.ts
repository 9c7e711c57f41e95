import { Client } from 'pg';
import { jobQueueName, systemContext } from '@svc/kit';
import type { TenantCredentials } from '@svc/identity';
import { contentEvents, demoContent, domain, searchableDocument, type ContentServices } from '@svc/content';
import { solvedAntispam } from '../support/antispam';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/**
 * The content domain end to end: blog posts (lifecycle, scheduling across time, locale variants,
 * sanitization), categories, tags, authors, moderated comments behind the anti-spam check, pages
 * with SEO meta, the events the search index lives on, the operator's search-document feed,
 * tenant isolation and bad input on every route.
 */

const POST = 'id slug status visible published_at author_id category_ids tag_ids variants { locale title excerpt body_format body html reading_time_minutes }';
const CREATE_POST = `mutation($input: CreateBlogPostInput!) { createBlogPost(input: $input) { ${POST} } }`;
const UPDATE_POST = `mutation($id: String!, $input: UpdateBlogPostInput!) { updateBlogPost(id: $id, input: $input) { ${POST} } }`;
const PUBLISH = `mutation($id: String!) { publishBlogPost(id: $id) { ${POST} } }`;
const SCHEDULE = `mutation($id: String!, $at: String!) { scheduleBlogPost(id: $id, published_at: $at) { ${POST} } }`;
const UNPUBLISH = `mutation($id: String!) { unpublishBlogPost(id: $id) { ${POST} } }`;
const DELETE_POST = `mutation($id: String!) { deleteBlogPost(id: $id) { id } }`;
const PAGE = 'id slug status published_at canonical_url og_image_url variants { locale title html seo_title seo_description }';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, fn: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">click</a>',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<iframe src="https://evil.example/"></iframe>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<p style="width: expression(alert(1))">expr</p>',
  '<a href="&#106;avascript:alert(1)">entity</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">hex entity</a>',
  '<a href="jav&#x09;ascript:alert(1)">tab</a>',
  '<a href=" JaVaScRiPt:alert(1)">mixed case</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">data</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<body onload=alert(1)>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<div onmouseover="alert(1)">hover</div>',
  '<style>body{background:red}</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
];
const FORBIDDEN = [
  /<script/i,
  /onerror/i,
  /onload/i,
  /onmouseover/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /<iframe/i,
  /<svg/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /<style/i,
  /style=/i,
  /expression\(/i,
  /<meta/i,
  /<base/i,
  /<math/i,
];

describe('content: blog and pages', () => {
  let p: TestPlatform;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  const seen: Array<{ type: string; tenant: string | null; data: any }> = [];

  const run = async (query: string, variables: Record<string, unknown> = {}, token = admin): Promise<any> => {
    const r = await p.graphql(query, variables, { token });
    if (r.body?.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
    return r.body.data;
  };
  const gqlError = async (query: string, variables: Record<string, unknown>, token = admin) =>
    (await p.graphql(query, variables, { token })).body.errors?.[0]?.extensions;
  const store = (path: string, o: { key?: string; headers?: Record<string, string> } = {}) =>
    p.api('GET', `/store${path}`, { key: o.key ?? shop.publishable_key, headers: o.headers });
  const outbox = async (tenantId: string, type: string, id?: string): Promise<any[]> =>
    (
      await sql.query(
        `select data from "content".outbox_event where tenant_id = $1 and type = $2 and ($3::text is null or data->>'id' = $3) order by created_at`,
        [tenantId, type, id ?? null],
      )
    ).rows.map((r) => r.data);
  const solved = (key = shop.publishable_key): Promise<string> => solvedAntispam(p, key);
  const variant = (locale: string, title: string, body: string, extra: Record<string, unknown> = {}) => ({ locale, title, body, ...extra });

  let author: any;
  let cats: Record<string, any>;
  let tags: Record<string, any>;
  let denim: any; // published, en + de
  let boots: any; // published, en only
  let draft: any;

  beforeAll(async () => {
    const types = [
      'blog_post.published',
      'blog_post.updated',
      'blog_post.unpublished',
      'page.published',
      'page.updated',
      'page.unpublished',
      'blog_comment.created',
    ] as const;
    p = await startTestPlatform({
      extraSubscriptions: {
        content: types.map((type) =>
          contentEvents.on(type, `test-${type.replace(/[._]/g, '-')}`, async (e) => void seen.push({ type, tenant: e.tenant_id, data: e.data })),
        ),
      },
    });
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    shop = await p.createTenant();
    other = await p.createTenant();
    admin = await p.adminToken(shop);
    otherAdmin = await p.adminToken(other);

    author = (
      await run(
        `mutation { createBlogAuthor(input: { name: "Mara Lindqvist", bio: "Head of product", avatar_url: "https://cdn.example/mara.png" }) { id name bio avatar_url } }`,
      )
    ).createBlogAuthor;
    cats = {};
    for (const name of ['Style guides', 'Care & repair'])
      cats[name] = (await run(`mutation($i: BlogCategoryInput!) { createBlogCategory(input: $i) { id slug name } }`, { i: { name } })).createBlogCategory;
    tags = {};
    for (const name of ['Denim', 'Footwear'])
      tags[name] = (await run(`mutation($i: BlogTagInput!) { createBlogTag(input: $i) { id slug name } }`, { i: { name } })).createBlogTag;

    denim = (
      await run(CREATE_POST, {
        input: {
          author_id: author.id,
          category_ids: [cats['Care & repair'].id],
          tag_ids: [tags.Denim.id],
          image_url: '/static/images/denim.png',
          variants: [
            variant('en', 'Breaking in selvedge denim', '## Wear them\n\nWear your **jeans** daily.', { excerpt: 'Raw denim rewards patience.' }),
            variant('de', 'Selvedge-Denim einlaufen', '## Tragen\n\nTrag deine **Jeans** täglich.', { excerpt: 'Rohdenim braucht Geduld.' }),
          ],
        },
      })
    ).createBlogPost;
    boots = (
      await run(CREATE_POST, {
        input: {
          slug: 'boot-care',
          author_id: author.id,
          category_ids: [cats['Care & repair'].id],
          tag_ids: [tags.Footwear.id],
          variants: [variant('en', 'Boot care', 'Condition monthly.')],
        },
      })
    ).createBlogPost;
    draft = (await run(CREATE_POST, { input: { author_id: author.id, tag_ids: [tags.Denim.id], variants: [variant('en', 'Secret draft', 'Not yet.')] } }))
      .createBlogPost;
    await run(PUBLISH, { id: denim.id });
    await run(SCHEDULE, { id: boots.id, at: new Date(Date.now() - 3_600_000).toISOString() });
  });
  afterAll(async () => {
    await sql?.end();
    await p?.stop();
  });

  it('creates drafts with slugs from titles, Markdown rendered to sanitized HTML, reading time; 409 on a taken slug', async () => {
    expect(denim).toMatchObject({ slug: 'breaking-in-selvedge-denim', status: 'draft', visible: false, published_at: null });
    expect(denim.id).toMatch(/^post_[0-9A-Z]{26}$/);
    expect(denim.variants[0]).toMatchObject({
      locale: 'en',
      body_format: 'markdown',
      html: '<h2>Wear them</h2>\n<p>Wear your <strong>jeans</strong> daily.</p>',
      reading_time_minutes: 1,
    });
    const dup = await gqlError(CREATE_POST, { input: { slug: 'boot-care', variants: [variant('en', 'Again', 'x')] } });
    expect(dup).toMatchObject({ type: 'conflict', code: 'duplicate' });
    const dupUpdate = await gqlError(UPDATE_POST, { id: draft.id, input: { slug: 'boot-care' } });
    expect(dupUpdate).toMatchObject({ type: 'conflict', code: 'duplicate' });
    // the same slug in another store is fine
    const theirs = (await run(CREATE_POST, { input: { slug: 'boot-care', variants: [variant('en', 'Their boots', 'Theirs.')] } }, otherAdmin)).createBlogPost;
    await run(PUBLISH, { id: theirs.id }, otherAdmin);
    // 450 words: 3 minutes at 200 wpm
    const long = (await run(CREATE_POST, { input: { variants: [variant('en', 'Long read', Array(450).fill('word').join(' '))] } })).createBlogPost;
    expect(long.variants[0].reading_time_minutes).toBe(3);
    await run(DELETE_POST, { id: long.id });
    for (const bad of [
      { variants: [] },
      { variants: [variant('en', 'A', 'x'), variant('EN', 'B', 'y')] },
      { variants: [variant('english!', 'A', 'x')] },
      { slug: 'Not A Slug', variants: [variant('en', 'A', 'x')] },
      { image_url: 'javascript:alert(1)', variants: [variant('en', 'A', 'x')] },
      { variants: [variant('en', '', 'x')] },
      { variants: [variant('en', 'A', 'x', { body_format: 'docx' })] },
    ]) {
      expect(await gqlError(CREATE_POST, { input: bad })).toMatchObject({ type: 'validation_error' });
    }
    expect(await gqlError(CREATE_POST, { input: { author_id: 'bauth_nope', variants: [variant('en', 'A', 'x')] } })).toMatchObject({ type: 'not_found' });
    // another store's category cannot be attached
    const theirCat = (await run(`mutation { createBlogCategory(input: { name: "Theirs" }) { id } }`, {}, otherAdmin)).createBlogCategory;
    expect(await gqlError(UPDATE_POST, { id: draft.id, input: { category_ids: [theirCat.id] } })).toMatchObject({ type: 'not_found' });
  });

  it("lists published posts only, newest first, with author, categories and tags; drafts and other stores' posts are 404", async () => {
    const r = await store('/blog-posts');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['blog_posts', 'count', 'limit', 'offset']);
    expect(r.body).toMatchObject({ count: 2, offset: 0, limit: 20 });
    expect(r.body.blog_posts.map((x: any) => x.slug)).toEqual(['breaking-in-selvedge-denim', 'boot-care']);
    const first = r.body.blog_posts[0];
    expect(first).toMatchObject({
      locale: 'en',
      available_locales: ['en', 'de'],
      title: 'Breaking in selvedge denim',
      excerpt: 'Raw denim rewards patience.',
      reading_time_minutes: 1,
      image_url: '/static/images/denim.png',
      author: { id: author.id, name: 'Mara Lindqvist', avatar_url: 'https://cdn.example/mara.png' },
      categories: [{ id: cats['Care & repair'].id, slug: 'care-repair', name: 'Care & repair' }],
      tags: [{ id: tags.Denim.id, slug: 'denim', name: 'Denim' }],
    });
    expect(first.html).toBeUndefined();

    const one = await store('/blog-posts/breaking-in-selvedge-denim');
    expect(one.status).toBe(200);
    expect(one.body.blog_post).toMatchObject({
      slug: 'breaking-in-selvedge-denim',
      body_format: 'markdown',
      body: '## Wear them\n\nWear your **jeans** daily.',
      html: expect.stringContaining('<strong>jeans</strong>'),
    });
    expect(one.body.blog_post.author.bio).toBe('Head of product');

    for (const slug of [draft.slug, 'no-such-post']) {
      const r404 = await store(`/blog-posts/${slug}`);
      expect(r404.status).toBe(404);
      expect(r404.body).toMatchObject({ type: 'not_found', code: 'not_found' });
    }
    expect((await store('/blog-posts/breaking-in-selvedge-denim', { key: other.publishable_key })).status).toBe(404);
    expect((await store('/blog-posts', { key: other.publishable_key })).body.blog_posts.map((x: any) => x.title)).toEqual(['Their boots']);
    // filters
    expect((await store('/blog-posts?tag=denim')).body.blog_posts.map((x: any) => x.slug)).toEqual(['breaking-in-selvedge-denim']);
    expect((await store('/blog-posts?category=care-repair&limit=1&offset=1')).body).toMatchObject({
      count: 2,
      limit: 1,
      offset: 1,
      blog_posts: [{ slug: 'boot-care' }],
    });
    expect((await store('/blog-posts?category=style-guides')).body.count).toBe(0);
    expect((await store('/blog-posts?category=nope')).body.count).toBe(0);
    expect((await store(`/blog-posts?author_id=${author.id}`)).body.count).toBe(2);
    expect((await store('/blog-posts?limit=0')).body).toEqual({ blog_posts: [], count: 2, offset: 0, limit: 0 });
    expect((await store('/blog-posts?limit=500')).body.limit).toBe(100);
  });

  it('serves the requested locale, falls back to the store default, and the default is an admin setting', async () => {
    const slug = '/blog-posts/breaking-in-selvedge-denim';
    const title = async (path: string, headers?: Record<string, string>) => {
      const r = await store(path, { headers });
      expect(r.status).toBe(200);
      return [r.body.blog_post.locale, r.body.blog_post.title];
    };
    expect(await title(`${slug}?locale=de`)).toEqual(['de', 'Selvedge-Denim einlaufen']);
    expect(await title(`${slug}?locale=DE-at`)).toEqual(['de', 'Selvedge-Denim einlaufen']);
    expect(await title(slug, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' })).toEqual(['de', 'Selvedge-Denim einlaufen']);
    expect(await title(slug, { 'x-medusa-locale': 'de' })).toEqual(['de', 'Selvedge-Denim einlaufen']);
    expect(await title(`${slug}?locale=en`, { 'accept-language': 'de' })).toEqual(['en', 'Breaking in selvedge denim']);
    expect(await title(`${slug}?locale=fr`)).toEqual(['en', 'Breaking in selvedge denim']);
    expect(await title(slug)).toEqual(['en', 'Breaking in selvedge denim']);
    expect((await store('/blog-posts?locale=de')).body.blog_posts.map((x: any) => x.locale)).toEqual(['de', 'en']);

    expect((await run(`query { contentSettings { default_locale } }`)).contentSettings).toEqual({ default_locale: 'en' });
    expect((await run(`mutation { updateContentSettings(input: { default_locale: "DE" }) { default_locale } }`)).updateContentSettings).toEqual({
      default_locale: 'de',
    });
    expect(await title(`${slug}?locale=fr`)).toEqual(['de', 'Selvedge-Denim einlaufen']);
    // a post without the default locale serves its first variant
    expect((await store('/blog-posts/boot-care?locale=fr')).body.blog_post.locale).toBe('en');
    expect(await gqlError(`mutation { updateContentSettings(input: { default_locale: "not a locale" }) { default_locale } }`, {})).toMatchObject({
      type: 'validation_error',
    });
    // the other store keeps its own default
    expect((await run(`query { contentSettings { default_locale } }`, {}, otherAdmin)).contentSettings.default_locale).toBe('en');
    await run(`mutation { updateContentSettings(input: { default_locale: "en" }) { default_locale } }`);
  });

  it('removes scripts, event handlers, javascript: and data: URLs, frames, SVG and styles from HTML and Markdown bodies, when written', async () => {
    const html = XSS.join('\n<p>between</p>\n');
    const md = `# Title\n\n[click](javascript:alert(1)) and ![x](data:image/png;base64,AAAA)\n\n${XSS.join('\n\n')}\n\n<a href="https://ok.example/" target="_blank">fine</a>`;
    const post = (
      await run(CREATE_POST, {
        input: {
          slug: 'xss',
          variants: [
            variant('en', '<b onclick=alert(1)>Title</b>', html, { body_format: 'html', excerpt: '<img src=x onerror=alert(1)>Excerpt' }),
            variant('de', 'MD', md),
          ],
        },
      })
    ).createBlogPost;
    await run(PUBLISH, { id: post.id });
    // stored sanitized (the admin view shows what is stored), served sanitized
    for (const v of post.variants) for (const re of FORBIDDEN) expect(`${v.locale}: ${v.html}`).not.toMatch(re);
    expect(post.variants[0].title).toBe('Title');
    expect(post.variants[0].excerpt).toBe('Excerpt');
    expect(post.variants[0].html).toContain('<p>between</p>');
    expect(post.variants[1].html).toContain('<h1>Title</h1>');
    expect(post.variants[1].html).toContain('<a href="https://ok.example/" target="_blank" rel="noopener noreferrer">fine</a>');
    const stored = (await sql.query(`select variants from "content".blog_post where id = $1`, [post.id])).rows[0].variants;
    for (const v of stored) for (const re of FORBIDDEN) expect(`${v.locale}: ${v.html}`).not.toMatch(re);
    for (const locale of ['en', 'de']) {
      const served = (await store(`/blog-posts/xss?locale=${locale}`)).body.blog_post;
      for (const re of FORBIDDEN) expect(served.html).not.toMatch(re);
    }
    await run(DELETE_POST, { id: post.id });
  });

  it('keeps a scheduled post hidden until its time, then shows it without a restart; the job announces it once', async () => {
    const post = (
      await run(CREATE_POST, {
        input: { slug: 'soon', tag_ids: [tags.Denim.id], variants: [variant('en', 'Soon', 'Coming up.'), variant('de', 'Bald', 'Demnächst.')] },
      })
    ).createBlogPost;
    const at = new Date(Date.now() + 1500);
    const scheduled = (await run(SCHEDULE, { id: post.id, at: at.toISOString() })).scheduleBlogPost;
    expect(scheduled).toMatchObject({ status: 'scheduled', visible: false, published_at: at.toISOString() });
    expect((await store('/blog-posts/soon')).status).toBe(404);
    expect((await store('/blog-posts')).body.blog_posts.map((x: any) => x.slug)).not.toContain('soon');
    expect((await store('/blog-tags')).body.blog_tags.find((t: any) => t.slug === 'denim').post_count).toBe(1);
    expect(await outbox(shop.tenant_id, 'blog_post.published', post.id)).toEqual([]);

    await until('the scheduled post to appear', async () => (await store('/blog-posts/soon')).status === 200);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() - 50);
    expect((await store('/blog-posts')).body.blog_posts[0].slug).toBe('soon');
    expect((await store('/blog-tags')).body.blog_tags.find((t: any) => t.slug === 'denim').post_count).toBe(2);

    // the scheduler (cron every minute; sent now so the test need not wait for it), twice, plus direct concurrent runs
    const q = jobQueueName('content', 'announce-scheduled');
    await p.queue!.send(q, {});
    await p.queue!.send(q, { tenant_id: shop.tenant_id });
    const s = p.services<ContentServices>('content');
    await Promise.all([1, 2, 3].map(() => s.posts.announceDue(systemContext(p.log, null, 'test'))));
    const event = await until('blog_post.published of the scheduled post', async () =>
      seen.find((e) => e.type === 'blog_post.published' && e.data.id === post.id),
    );
    expect(event.tenant).toBe(shop.tenant_id);
    expect(searchableDocument.parse(event.data)).toEqual(event.data);
    expect(event.data).toMatchObject({
      slug: 'soon',
      published_at: at.toISOString(),
      tags: ['denim'],
      categories: [],
      image_url: null,
      variants: [
        { locale: 'en', title: 'Soon', summary: 'Coming up.', text: 'Coming up.' },
        { locale: 'de', title: 'Bald', summary: 'Demnächst.', text: 'Demnächst.' },
      ],
    });
    await until(
      'the queued jobs to finish',
      async () =>
        (await sql.query(`select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'active', 'retry')`, [q])).rows[0].n === 0,
    );
    expect(await outbox(shop.tenant_id, 'blog_post.published', post.id)).toHaveLength(1);
    const admin1 = (await run(`query($id: String!) { adminBlogPost(id: $id) { status visible } }`, { id: post.id })).adminBlogPost;
    expect(admin1).toEqual({ status: 'published', visible: true });

    // rescheduling into the future hides it again and tells the index
    await run(SCHEDULE, { id: post.id, at: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await store('/blog-posts/soon')).status).toBe(404);
    expect(await outbox(shop.tenant_id, 'blog_post.unpublished', post.id)).toEqual([{ id: post.id }]);
    await run(DELETE_POST, { id: post.id });
    expect(await outbox(shop.tenant_id, 'blog_post.unpublished', post.id)).toHaveLength(1);
    expect(await gqlError(SCHEDULE, { id: draft.id, at: 'tomorrow' })).toMatchObject({ type: 'validation_error' });
  });

  it('emits published, updated and unpublished with the search document, in the outbox and to subscribers', async () => {
    const [published] = await outbox(shop.tenant_id, 'blog_post.published', denim.id);
    expect(published).toMatchObject({
      id: denim.id,
      slug: 'breaking-in-selvedge-denim',
      categories: ['care-repair'],
      tags: ['denim'],
      image_url: `${p.url}/static/images/denim.png`,
    });
    expect(published.variants.map((v: any) => [v.locale, v.summary, v.text])).toEqual([
      ['en', 'Raw denim rewards patience.', 'Wear them Wear your jeans daily.'],
      ['de', 'Rohdenim braucht Geduld.', 'Tragen Trag deine Jeans täglich.'],
    ]);
    await run(UPDATE_POST, {
      id: denim.id,
      input: {
        variants: [variant('en', 'Breaking in selvedge denim', 'Wear them daily & soak cold.'), variant('de', 'Selvedge-Denim einlaufen', 'Täglich tragen.')],
      },
    });
    const updated = await until('blog_post.updated', async () => seen.find((e) => e.type === 'blog_post.updated' && e.data.id === denim.id));
    expect(updated.data.variants[0].text).toBe('Wear them daily & soak cold.');
    // a draft changes without events
    await run(UPDATE_POST, { id: draft.id, input: { image_url: 'https://cdn.example/x.png' } });
    expect(await outbox(shop.tenant_id, 'blog_post.updated', draft.id)).toEqual([]);
    // unpublish, then publish again
    await run(UNPUBLISH, { id: boots.id });
    expect((await store('/blog-posts/boot-care')).status).toBe(404);
    await until('blog_post.unpublished', async () => seen.find((e) => e.type === 'blog_post.unpublished' && e.data.id === boots.id));
    const again = (await run(PUBLISH, { id: boots.id })).publishBlogPost;
    expect(again).toMatchObject({ status: 'published', visible: true });
    expect(await outbox(shop.tenant_id, 'blog_post.published', boots.id)).toHaveLength(2);
    expect((await store('/blog-posts/boot-care')).status).toBe(200);
    // a failed write leaves no event behind
    const before = (await outbox(shop.tenant_id, 'blog_post.updated')).length;
    expect(await gqlError(UPDATE_POST, { id: denim.id, input: { slug: 'boot-care' } })).toMatchObject({ type: 'conflict' });
    expect(await outbox(shop.tenant_id, 'blog_post.updated')).toHaveLength(before);
  });

  it('lists categories and tags with published-post counts, and one with its posts; authors with published posts only', async () => {
    const c = await store('/blog-categories');
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ count: 2, offset: 0, limit: 20 });
    expect(c.body.blog_categories).toEqual([
      { id: cats['Care & repair'].id, slug: 'care-repair', name: 'Care & repair', description: null, post_count: 2 },
      { id: cats['Style guides'].id, slug: 'style-guides', name: 'Style guides', description: null, post_count: 0 },
    ]);
    const t = await store('/blog-tags');
    expect(t.body.blog_tags.map((x: any) => [x.slug, x.post_count])).toEqual([
      ['denim', 1], // the draft with this tag does not count
      ['footwear', 1],
    ]);
    const one = await store('/blog-categories/care-repair?limit=1&locale=de');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ blog_category: { slug: 'care-repair', name: 'Care & repair', post_count: 2 }, count: 2, limit: 1, offset: 0 });
    expect(one.body.blog_posts).toHaveLength(1);
    expect(one.body.blog_posts[0]).toMatchObject({ locale: 'de' });
    const tag = await store('/blog-tags/denim');
    expect(tag.body.blog_posts.map((x: any) => x.slug)).toEqual(['breaking-in-selvedge-denim']);
    const a = await store(`/blog-authors/${author.id}`);
    expect(a.status).toBe(200);
    expect(a.body.blog_author).toEqual({ id: author.id, name: 'Mara Lindqvist', bio: 'Head of product', avatar_url: 'https://cdn.example/mara.png' });
    expect(a.body.blog_posts.map((x: any) => x.slug).sort()).toEqual(['boot-care', 'breaking-in-selvedge-denim']);
    for (const path of ['/blog-categories/nope', '/blog-tags/nope', '/blog-authors/bauth_nope']) expect((await store(path)).status).toBe(404);
    for (const path of ['/blog-categories/care-repair', '/blog-tags/denim', `/blog-authors/${author.id}`]) {
      const r = await store(path, { key: other.publishable_key });
      expect(`${path} ${r.status}`).toBe(`${path} 404`);
    }
    expect((await store('/blog-categories', { key: other.publishable_key })).body.blog_categories.map((x: any) => x.name)).toEqual(['Theirs']);

    // admin: rename, delete (taken off its posts)
    const tmp = (await run(`mutation { createBlogTag(input: { name: "Temporary" }) { id slug } }`)).createBlogTag;
    await run(UPDATE_POST, { id: boots.id, input: { tag_ids: [tags.Footwear.id, tmp.id] } });
    await run(`mutation($id: String!) { updateBlogTag(id: $id, input: { slug: "temp" }) { slug } }`, { id: tmp.id });
    expect((await store('/blog-tags/temp')).body.blog_posts.map((x: any) => x.slug)).toEqual(['boot-care']);
    await run(`mutation($id: String!) { deleteBlogTag(id: $id) { id } }`, { id: tmp.id });
    expect((await store('/blog-posts/boot-care')).body.blog_post.tags.map((x: any) => x.slug)).toEqual(['footwear']);
    expect((await outbox(shop.tenant_id, 'blog_post.updated', boots.id)).at(-1).tags).toEqual(['footwear']);
    expect(await gqlError(`mutation { createBlogCategory(input: { name: "Care & repair" }) { id } }`, {})).toMatchObject({
      type: 'conflict',
      code: 'duplicate',
    });
    expect(await gqlError(`mutation($id: String!) { deleteBlogCategory(id: $id) { id } }`, { id: cats['Style guides'].id }, otherAdmin)).toMatchObject({
      type: 'not_found',
    });
  });

  describe('comments', () => {
    const COMMENTS = '/blog-posts/breaking-in-selvedge-denim/comments';
    const post = (body: unknown, o: { token?: string; antispam?: string; key?: string; path?: string } = {}) =>
      p.api('POST', `/store${o.path ?? COMMENTS}`, {
        key: o.key ?? shop.publishable_key,
        token: o.token,
        body,
        headers: o.antispam ? { 'x-antispam-token': o.antispam } : {},
      });
    let guest: any;

    it('refuses a comment without a valid anti-spam token, and a replayed one (403), writing nothing', async () => {
      const none = await post({ author_name: 'Eve', body: 'Buy cheap watches' });
      expect(none.status).toBe(403);
      expect(none.body).toMatchObject({ type: 'permission_error', code: 'invalid_antispam_token' });
      expect((await post({ author_name: 'Eve', body: 'x' }, { antispam: 'not-a-token' })).status).toBe(403);
      const token = await solved();
      const ok = await post({ author_name: 'Jonas K.', author_email: 'jonas@example.com', body: 'Three months in, <b>great</b> fades!' }, { antispam: token });
      expect(ok.status).toBe(200);
      guest = ok.body.comment;
      expect(guest).toEqual({
        id: expect.stringMatching(/^bcom_/),
        post_id: denim.id,
        author_name: 'Jonas K.',
        body: 'Three months in, great fades!',
        created_at: expect.any(String),
      });
      const replay = await post({ author_name: 'Jonas K.', body: 'again' }, { antispam: token });
      expect(replay.status).toBe(403);
      expect(replay.body.code).toBe('invalid_antispam_token');
      // another store's token does not work here
      expect((await post({ author_name: 'Eve', body: 'x' }, { antispam: await solved(other.publishable_key) })).status).toBe(403);
      // the GraphQL door has no anti-spam check of its own: refused as well
      const g = await p.graphql(
        `mutation { createBlogComment(slug: "breaking-in-selvedge-denim", input: { author_name: "Eve", body: "x" }) { id } }`,
        {},
        { key: shop.publishable_key },
      );
      expect(g.body.errors[0].extensions).toMatchObject({ type: 'permission_error', code: 'invalid_antispam_token' });
      const n = (await sql.query(`select count(*)::int as n from "content".blog_comment where tenant_id = $1`, [shop.tenant_id])).rows[0].n;
      expect(n).toBe(1);
      expect(await outbox(shop.tenant_id, 'blog_comment.created')).toEqual([{ id: guest.id, post_id: denim.id }]);
    });

    it('takes the token in the body too; customers may omit their name; bad input is 400; hidden posts are 404', async () => {
      const customer = await p.registerCustomer(shop.publishable_key);
      const c = await post({ body: 'Signed in comment', antispam_token: await solved() }, { token: customer.token });
      expect(c.status).toBe(200);
      expect(c.body.comment.author_name).toBe('Customer');
      const row = (await sql.query(`select customer_id, author_email from "content".blog_comment where id = $1`, [c.body.comment.id])).rows[0];
      expect(row.customer_id).toMatch(/^cus_/);
      expect(row.author_email).toBe(customer.email);
      for (const bad of [
        { body: 'no name' },
        { author_name: 'A', body: '' },
        { author_name: 'A', body: '   ' },
        { author_name: 'A', body: 'x', extra: 1 },
        { author_name: 'A', body: 'x', author_email: 'not-an-email' },
        { author_name: 'A' },
        { author_name: 'A', body: 'x'.repeat(5001) },
      ]) {
        const r = await post(bad, { antispam: await solved() });
        expect(`${JSON.stringify(bad).slice(0, 60)} -> ${r.status}`).toBe(`${JSON.stringify(bad).slice(0, 60)} -> 400`);
        expect(r.body.type).toBe('validation_error');
      }
      for (const path of [`/blog-posts/${draft.slug}/comments`, '/blog-posts/no-such/comments']) {
        const r = await post({ author_name: 'A', body: 'x' }, { antispam: await solved(), path });
        expect(r.status).toBe(404);
      }
      expect((await post({ author_name: 'A', body: 'x' }, { antispam: await solved(other.publishable_key), key: other.publishable_key })).status).toBe(404);
      expect((await store(`/blog-posts/${draft.slug}/comments`)).status).toBe(404);
      // ten proof-of-work solutions in this process: minutes on a 2-core machine busy with the rest of the suite
    }, 180_000);

    it('lists only approved comments (never the email); admins moderate the pending ones', async () => {
      const before = await store(COMMENTS);
      expect(before.status).toBe(200);
      expect(before.body).toEqual({ comments: [], count: 0, offset: 0, limit: 20 });
      const pending = (await run(`query { adminBlogComments { count items { id status author_email body } } }`)).adminBlogComments;
      expect(pending.count).toBe(2);
      expect(pending.items[0]).toMatchObject({ id: guest.id, status: 'pending', author_email: 'jonas@example.com' });
      expect((await run(`query { adminBlogComments { count } }`, {}, otherAdmin)).adminBlogComments.count).toBe(0);
      expect(await gqlError(`mutation($id: String!) { approveBlogComment(id: $id) { id } }`, { id: guest.id }, otherAdmin)).toMatchObject({
        type: 'not_found',
      });

      expect((await run(`mutation($id: String!) { approveBlogComment(id: $id) { status } }`, { id: guest.id })).approveBlogComment.status).toBe('approved');
      const other1 = pending.items[1].id;
      await run(`mutation($id: String!) { rejectBlogComment(id: $id) { status } }`, { id: other1 });
      const after = await store(COMMENTS);
      expect(after.body.count).toBe(1);
      expect(after.body.comments).toEqual([guest]);
      expect(JSON.stringify(after.body)).not.toContain('jonas@example.com');
      expect((await run(`query { adminBlogComments(status: "rejected") { items { id } } }`)).adminBlogComments.items).toEqual([{ id: other1 }]);
      await run(`mutation($id: String!) { deleteBlogComment(id: $id) { id } }`, { id: other1 });
      expect((await run(`query { adminBlogComments(status: "rejected") { count } }`)).adminBlogComments.count).toBe(0);
      expect(await gqlError(`query { adminBlogComments(status: "spam") { count } }`, {})).toMatchObject({ type: 'validation_error' });
      await until('blog_comment.created', async () => seen.find((e) => e.type === 'blog_comment.created' && e.data.id === guest.id));
    });
  });

  it('serves published pages with SEO meta and sanitized HTML in the requested locale; drafts are 404; page events', async () => {
    const CREATE = `mutation($input: CreatePageInput!) { createPage(input: $input) { ${PAGE} } }`;
    const about = (
      await run(CREATE, {
        input: {
          canonical_url: 'https://shop.example/about-us',
          og_image_url: '/static/images/about.png',
          variants: [
            variant('en', 'About us', '# About us\n\nWe make clothes <script>alert(1)</script>that last.', {
              seo_title: 'About our shop',
              seo_description: 'Who we are',
            }),
            variant('de', 'Über uns', '# Über uns\n\nWir machen Kleidung, die hält.'),
          ],
        },
      })
    ).createPage;
    expect(about).toMatchObject({ slug: 'about-us', status: 'draft' });
    const privacy = (await run(CREATE, { input: { slug: 'privacy', variants: [variant('en', 'Privacy', 'We never sell data.')] } })).createPage;
    expect((await store('/pages/about-us')).status).toBe(404);
    expect((await store('/pages')).body.count).toBe(0);
    await run(`mutation($id: String!) { publishPage(id: $id) { status } }`, { id: about.id });

    const r = await store('/pages/about-us');
    expect(r.status).toBe(200);
    expect(r.body.page).toMatchObject({
      slug: 'about-us',
      locale: 'en',
      available_locales: ['en', 'de'],
      title: 'About us',
      html: '<h1>About us</h1>\n<p>We make clothes that last.</p>',
      seo: { title: 'About our shop', description: 'Who we are', canonical_url: 'https://shop.example/about-us', og_image_url: '/static/images/about.png' },
    });
    const de = await store('/pages/about-us', { headers: { 'accept-language': 'de' } });
    expect(de.body.page).toMatchObject({ locale: 'de', title: 'Über uns', seo: { title: 'Über uns', description: null } });
    const list = await store('/pages');
    expect(list.body).toMatchObject({ count: 1, pages: [{ slug: 'about-us', title: 'About us', seo: { title: 'About our shop' } }] });
    expect((await store('/pages/privacy')).status).toBe(404);
    expect((await store('/pages/about-us', { key: other.publishable_key })).status).toBe(404);
    expect((await store('/pages', { key: other.publishable_key })).body.count).toBe(0);

    const ev = await until('page.published', async () => seen.find((e) => e.type === 'page.published' && e.data.id === about.id));
    expect(ev.data).toMatchObject({ slug: 'about-us', categories: [], tags: [], image_url: `${p.url}/static/images/about.png` });
    expect(ev.data.variants[0]).toEqual({ locale: 'en', title: 'About us', summary: 'Who we are', text: 'About us We make clothes that last.' });
    await run(`mutation($id: String!, $i: UpdatePageInput!) { updatePage(id: $id, input: $i) { id } }`, { id: about.id, i: { og_image_url: null } });
    await until('page.updated', async () => seen.find((e) => e.type === 'page.updated' && e.data.id === about.id && e.data.image_url === null));
    await run(`mutation($id: String!, $i: UpdatePageInput!) { updatePage(id: $id, input: $i) { id } }`, { id: privacy.id, i: { canonical_url: '/privacy' } });
    expect(await outbox(shop.tenant_id, 'page.updated', privacy.id)).toEqual([]);
    await run(`mutation($id: String!) { unpublishPage(id: $id) { status } }`, { id: about.id });
    expect((await store('/pages/about-us')).status).toBe(404);
    expect(await outbox(shop.tenant_id, 'page.unpublished', about.id)).toEqual([{ id: about.id }]);
    await run(`mutation($id: String!) { publishPage(id: $id) { status } }`, { id: about.id });
    expect(await gqlError(CREATE, { input: { slug: 'about-us', variants: [variant('en', 'Dup', 'x')] } })).toMatchObject({
      type: 'conflict',
      code: 'duplicate',
    });
    expect(await gqlError(CREATE, { input: { canonical_url: 'javascript:alert(1)', variants: [variant('en', 'Bad', 'x')] } })).toMatchObject({
      type: 'validation_error',
    });
  });

  it("feeds the search index's rebuild: visible documents of the tenant by id, keyset paginated, for operators only", async () => {
    const Q = `query($kind: String!, $after: String, $limit: Int!) { contentSearchDocuments(kind: $kind, after: $after, limit: $limit) { id slug published_at variants { locale title summary text } categories tags image_url } }`;
    const op = { token: p.config.operatorToken!, key: shop.publishable_key };
    const page1 = await p.graphql(Q, { kind: 'blog_post', limit: 1 }, op);
    expect(page1.body.errors).toBeUndefined();
    const ids = [denim.id, boots.id].sort();
    expect(page1.body.data.contentSearchDocuments.map((d: any) => d.id)).toEqual([ids[0]]);
    const page2 = await p.graphql(Q, { kind: 'blog_post', after: ids[0], limit: 10 }, op);
    expect(page2.body.data.contentSearchDocuments.map((d: any) => d.id)).toEqual([ids[1]]);
    const all = (await p.graphql(Q, { kind: 'blog_post', limit: 10 }, op)).body.data.contentSearchDocuments;
    for (const d of all) expect(searchableDocument.parse(d)).toEqual(d);
    expect(all.find((d: any) => d.id === denim.id)).toEqual((await outbox(shop.tenant_id, 'blog_post.updated', denim.id)).at(-1));
    const pages = (await p.graphql(Q, { kind: 'page', limit: 10 }, op)).body.data.contentSearchDocuments;
    expect(pages.map((d: any) => d.slug)).toEqual(['about-us']);
    const theirs = (await p.graphql(Q, { kind: 'blog_post', limit: 10 }, { token: p.config.operatorToken!, key: other.publishable_key })).body.data
      .contentSearchDocuments;
    expect(theirs.map((d: any) => d.slug)).toEqual(['boot-care']);
    expect(theirs[0].id).not.toBe(boots.id);
    expect((await p.graphql(Q, { kind: 'blog_post', limit: 10 }, { token: admin })).body.errors[0].extensions).toMatchObject({ type: 'permission_error' });
    expect((await p.graphql(Q, { kind: 'blog_post', limit: 10 }, { key: shop.publishable_key })).body.errors[0].extensions).toMatchObject({
      type: 'authentication_error',
    });
    expect((await p.graphql(Q, { kind: 'tour', limit: 10 }, op)).body.errors[0].extensions).toMatchObject({ type: 'validation_error' });
    expect((await p.graphql(Q, { kind: 'page', limit: 0 }, op)).body.errors[0].extensions).toMatchObject({ type: 'validation_error' });
  });

  it("refuses admin operations without an admin token, and another store's ids are 404", async () => {
    const customer = await p.registerCustomer(shop.publishable_key);
    const asCustomer = await gqlError(PUBLISH, { id: draft.id }, customer.token);
    expect(asCustomer).toMatchObject({ type: 'permission_error' });
    const anonymous = (await p.graphql(PUBLISH, { id: draft.id }, { key: shop.publishable_key })).body.errors[0].extensions;
    expect(anonymous).toMatchObject({ type: 'authentication_error' });
    expect((await p.graphql(`query { adminBlogPosts { count } }`, {}, { key: shop.publishable_key })).body.errors[0].extensions.type).toBe(
      'authentication_error',
    );
    for (const [q, v] of [
      [PUBLISH, { id: draft.id }],
      [UNPUBLISH, { id: denim.id }],
      [DELETE_POST, { id: denim.id }],
      [UPDATE_POST, { id: denim.id, input: { slug: 'mine' } }],
      [`mutation($id: String!) { deletePage(id: $id) { id } }`, { id: 'about-us' }],
      [`mutation($id: String!) { updateBlogAuthor(id: $id, input: { name: "x" }) { id } }`, { id: author.id }],
    ] as const) {
      expect(await gqlError(q, v, otherAdmin)).toMatchObject({ type: 'not_found' });
    }
    expect((await store('/blog-posts/breaking-in-selvedge-denim')).status).toBe(200);
    expect((await run(`query { adminBlogPosts(status: "draft") { count items { id } } }`)).adminBlogPosts.items.map((x: any) => x.id)).toContain(draft.id);
  });

  it('answers 400 for bad input on every route and 401 without a publishable key', async () => {
    const bad = [
      '/blog-posts?limit=abc',
      '/blog-posts?offset=-1',
      '/blog-posts?colour=red',
      '/blog-posts?locale=not_a_locale',
      '/blog-posts?category=Not%20A%20Slug',
      '/blog-posts/breaking-in-selvedge-denim?locale=%3Cscript%3E',
      '/blog-posts/breaking-in-selvedge-denim?page=2',
      '/blog-posts/breaking-in-selvedge-denim/comments?limit=1.5',
      '/blog-categories?offset=x',
      '/blog-categories?locale=not%20a%20tag',
      '/blog-categories/care-repair?limit=-2',
      '/blog-tags?sort=name',
      '/blog-tags/denim?locale=',
      '/blog-tags/denim?x=1',
      `/blog-authors/${author.id}?limit=abc`,
      '/pages?limit=abc',
      '/pages/about-us?locale=12345',
      '/pages/about-us?fields=title',
    ];
    for (const path of bad) {
      const r = await store(path);
      if (path.endsWith('locale=')) {
        expect(r.status).toBe(200); // an empty value means absent
        continue;
      }
      expect(`${path} -> ${r.status}`).toBe(`${path} -> 400`);
      expect(r.body).toMatchObject({ type: 'validation_error', code: expect.any(String), message: expect.any(String) });
    }
    for (const path of [
      '/blog-posts',
      '/blog-posts/x',
      '/blog-posts/x/comments',
      '/blog-categories',
      '/blog-categories/x',
      '/blog-tags',
      '/blog-tags/x',
      '/blog-authors/x',
      '/pages',
      '/pages/x',
    ]) {
      const r = await p.api('GET', `/store${path}`);
      expect(`${path} -> ${r.status}`).toBe(`${path} -> 401`);
      expect(r.body).toMatchObject({ type: 'authentication_error' });
    }
    const bodyless = await p.api('POST', '/store/blog-posts/x/comments', {
      key: shop.publishable_key,
      raw: 'not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(bodyless.status).toBe(400);
  });

  it("seeds the demo blog and pages through the manifest's seed hook", async () => {
    const tenant = await p.createTenant();
    const ctx = systemContext(p.log, tenant.tenant_id, 'seed');
    await domain.seed!(p.services<ContentServices>('content'), { ctx, tenantId: tenant.tenant_id, publicUrl: p.url, staticDir: p.staticDir, log: p.log });
    const key = tenant.publishable_key;
    const data = demoContent();
    const posts = (await store('/blog-posts', { key })).body;
    expect(posts.count).toBe(3); // one scheduled a week ahead, one draft
    expect(posts.blog_posts.map((x: any) => x.slug)).toEqual(['caring-for-leather-boots', 'five-ways-to-layer-for-autumn', 'how-to-break-in-selvedge-denim']);
    expect((await store('/blog-posts/meet-our-portuguese-shoemakers', { key })).status).toBe(404);
    expect((await store('/blog-posts/how-to-break-in-selvedge-denim?locale=de', { key })).body.blog_post.title).toBe('Selvedge-Denim richtig einlaufen');
    expect((await store('/blog-posts/how-to-break-in-selvedge-denim/comments', { key })).body.count).toBe(2);
    expect((await store('/blog-categories', { key })).body.blog_categories.map((c: any) => [c.slug, c.post_count])).toEqual([
      ['behind-the-seams', 0],
      ['care-repair', 2],
      ['style-guides', 1],
    ]);
    expect((await store('/blog-tags', { key })).body.count).toBe(data.tags.length);
    const pages = (await store('/pages', { key })).body;
    expect(pages.pages.map((x: any) => x.slug)).toEqual(['about-us', 'privacy-policy', 'shipping-returns']);
    const about = (await store('/pages/about-us', { key })).body.page;
    expect(about.seo).toEqual({
      title: 'About us: clothes made to be worn for years',
      description: expect.any(String),
      canonical_url: '/about-us',
      og_image_url: `${p.url}/static/blog/about-us.svg`,
    });
    const avatar = await fetch(`${p.url}/static/blog/mara-lindqvist.svg`);
    expect(avatar.status).toBe(200);
  });

  it('schedules a page as posts are: hidden until its time, then served without a restart; the job publishes it once; a past time publishes at once', async () => {
    const CREATE = `mutation($input: CreatePageInput!) { createPage(input: $input) { ${PAGE} } }`;
    const SCHEDULE_PAGE = `mutation($id: String!, $at: String!) { schedulePage(id: $id, publish_at: $at) { ${PAGE} } }`;
    const page = (await run(CREATE, { input: { slug: 'spring-sale', variants: [variant('en', 'Spring sale', 'From Monday.')] } })).createPage;
    // a week ahead: hidden (a loaded machine cannot let the time pass while this is checked)
    const week = new Date(Date.now() + 7 * 86_400_000);
    const scheduled = (await run(SCHEDULE_PAGE, { id: page.id, at: week.toISOString() })).schedulePage;
    expect(scheduled).toMatchObject({ status: 'scheduled', published_at: week.toISOString() });
    expect((await store('/pages/spring-sale')).status).toBe(404);
    expect((await store('/pages')).body.pages.map((x: any) => x.slug)).not.toContain('spring-sale');
    expect(await outbox(shop.tenant_id, 'page.published', page.id)).toEqual([]);
    // then in a moment: it appears at its time, by the database clock
    const at = new Date(Date.now() + 1500);
    expect((await run(SCHEDULE_PAGE, { id: page.id, at: at.toISOString() })).schedulePage.status).toBe('scheduled');

    await until('the scheduled page to appear', async () => (await store('/pages/spring-sale')).status === 200);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() - 50);
    expect((await store('/pages')).body.pages.map((x: any) => x.slug)).toContain('spring-sale');

    // the scheduler's job, sent now, and direct concurrent runs: page.published once, the page published
    await p.queue!.send(jobQueueName('content', 'announce-scheduled'), { tenant_id: shop.tenant_id });
    const s = p.services<ContentServices>('content');
    await Promise.all([1, 2, 3].map(() => s.pages.publishDue(systemContext(p.log, null, 'test'))));
    await until('page.published of the scheduled page', async () => seen.find((e) => e.type === 'page.published' && e.data.id === page.id));
    await until(
      'the page published',
      async () => (await run(`query($id: String!) { adminPage(id: $id) { status } }`, { id: page.id })).adminPage.status === 'published',
    );
    expect(await outbox(shop.tenant_id, 'page.published', page.id)).toHaveLength(1);

    // a published page moved into the future is withdrawn; a past time publishes it again at once, backdated
    const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
    expect((await run(SCHEDULE_PAGE, { id: page.id, at: later })).schedulePage.status).toBe('scheduled');
    expect((await store('/pages/spring-sale')).status).toBe(404);
    expect(await outbox(shop.tenant_id, 'page.unpublished', page.id)).toHaveLength(1);
    const past = '2026-01-01T08:00:00.000Z';
    expect((await run(SCHEDULE_PAGE, { id: page.id, at: past })).schedulePage).toMatchObject({ status: 'published', published_at: past });
    expect((await store('/pages/spring-sale')).status).toBe(200);
    expect(await outbox(shop.tenant_id, 'page.published', page.id)).toHaveLength(2);

    // refused: not a date-time (400), another store's page (404)
    expect(await gqlError(SCHEDULE_PAGE, { id: page.id, at: 'next monday' })).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    expect(await gqlError(SCHEDULE_PAGE, { id: page.id, at: later }, otherAdmin)).toMatchObject({ type: 'not_found' });
    expect((await store('/pages/spring-sale')).status).toBe(200);
    await run(`mutation($id: String!) { deletePage(id: $id) { id } }`, { id: page.id });
  });
});
