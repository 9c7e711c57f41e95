import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import { systemContext } from '@svc/kit';
import { demoReviews, type CatalogServices } from '@svc/catalog';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/**
 * Product reviews: customers write them (REST, customer token), admins moderate them (GraphQL),
 * storefronts list the approved ones and read the rating summary in the (cached) product document.
 */
describe('product reviews', () => {
  let p: TestPlatform;
  let t: TenantCredentials;
  let other: TenantCredentials;
  let key: string;
  let admin: string;
  let otherAdmin: string;
  let anna: string;
  let db: Client;
  let tee: any;
  let jeans: any;
  let otherProduct: any;

  const path = (id: string) => `/store/products/${id}/reviews`;
  const post = (id: string, body: unknown, token?: string, k = key) => p.api('POST', path(id), { key: k, token, body });
  const reviewCount = async (tenantId = t.tenant_id) =>
    (await db.query(`select count(*)::int as n from catalog.product_review where tenant_id = $1 and customer_id is not null`, [tenantId])).rows[0].n as number;
  const gql = async (query: string, variables: Record<string, unknown>, token: string) => {
    const r = await p.graphql(query, variables, { token });
    expect(r.status).toBeLessThan(500);
    return r.body;
  };
  const REVIEW = 'id product_id customer_id author_name rating title content status created_at updated_at';
  const APPROVE = `mutation($id: String!) { approveProductReview(id: $id) { ${REVIEW} } }`;
  const REJECT = `mutation($id: String!) { rejectProductReview(id: $id) { ${REVIEW} } }`;
  const MODERATION = `query($status: String, $product_id: String) { adminProductReviews(status: $status, product_id: $product_id) { count items { ${REVIEW} } } }`;

  const customer = async (first?: string, last?: string) => {
    const c = await p.registerCustomer(key);
    if (first) {
      const r = await p.api('POST', '/store/customers/me', { key, token: c.token, body: { first_name: first, last_name: last } });
      expect(r.status).toBe(200);
    }
    return c.token;
  };

  beforeAll(async () => {
    p = await startTestPlatform();
    t = await p.createTenant();
    other = await p.createTenant();
    key = t.publishable_key;
    await p.seedCatalog(t.tenant_id);
    await p.seedCatalog(other.tenant_id);
    admin = await p.adminToken(t);
    otherAdmin = await p.adminToken(other);
    anna = await customer('Anna', 'kowalska');
    tee = (await p.api('GET', '/store/products/classic-organic-tee', { key })).body.product;
    jeans = (await p.api('GET', '/store/products/slim-selvedge-jeans', { key })).body.product;
    otherProduct = (await p.api('GET', '/store/products/classic-organic-tee', { key: other.publishable_key })).body.product;
    db = new Client({ connectionString: p.dbUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await p?.stop();
  });

  it('a product starts without a rating', () => {
    expect(tee.rating).toEqual({ average: null, count: 0 });
  });

  it('a customer posts a review: pending, signed with first name and last initial, review.created', async () => {
    const r = await post(tee.id, { rating: 5, title: 'Great tee', content: 'Soft and keeps its shape.' }, anna);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['review']);
    expect(r.body.review).toEqual({
      id: expect.stringMatching(/^prev_/),
      product_id: tee.id,
      customer_id: expect.stringMatching(/^cus_/),
      author_name: 'Anna K.',
      rating: 5,
      title: 'Great tee',
      content: 'Soft and keeps its shape.',
      status: 'pending',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(JSON.stringify(r.body)).not.toMatch(/@/);
    const ev = await db.query(`select data from catalog.outbox_event where type = 'review.created' and tenant_id = $1`, [t.tenant_id]);
    expect(ev.rows.map((x) => x.data)).toEqual([{ id: r.body.review.id, product_id: tee.id, customer_id: r.body.review.customer_id, rating: 5 }]);
    // pending: not listed, not counted
    const list = await p.api('GET', path(tee.id), { key });
    expect(list.body).toEqual({ reviews: [], count: 0, offset: 0, limit: 20 });
  });

  it('one review per customer and product: 409 duplicate', async () => {
    const r = await post(tee.id, { rating: 1, content: 'Again' }, anna);
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ type: 'conflict', code: 'duplicate', message: expect.any(String) });
    // by handle too (the same product)
    expect((await post('classic-organic-tee', { rating: 1, content: 'Again' }, anna)).status).toBe(409);
  });

  it('10 simultaneous posts by one customer for one product create exactly one review', async () => {
    const token = await customer('Race', 'Condition');
    const before = await reviewCount();
    const rs = await Promise.all(Array.from({ length: 10 }, (_, i) => post(jeans.id, { rating: 4, content: `Attempt ${i}` }, token)));
    const statuses = rs.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of rs.filter((x) => x.status === 409)) expect(r.body).toMatchObject({ type: 'conflict', code: 'duplicate' });
    expect(await reviewCount()).toBe(before + 1);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const token = await customer();
    const before = await reviewCount();
    const bad: Array<[unknown, string]> = [
      [{}, 'missing_field'],
      [{ content: 'no rating' }, 'missing_field'],
      [{ rating: 4 }, 'missing_field'],
      [{ rating: 0, content: 'x' }, 'invalid_field'],
      [{ rating: 6, content: 'x' }, 'invalid_field'],
      [{ rating: 2.5, content: 'x' }, 'invalid_field'],
      [{ rating: '5', content: 'x' }, 'invalid_field'],
      [{ rating: null, content: 'x' }, 'invalid_field'],
      [{ rating: 5, content: '' }, 'invalid_field'],
      [{ rating: 5, content: '   ' }, 'invalid_field'],
      [{ rating: 5, content: 'x'.repeat(5001) }, 'invalid_field'],
      [{ rating: 5, content: 42 }, 'invalid_field'],
      [{ rating: 5, content: 'x', title: 't'.repeat(201) }, 'invalid_field'],
      [{ rating: 5, content: 'x', title: ['a'] }, 'invalid_field'],
      // plain text, like every title and description (issue 20, item 3): markup is refused
      [{ rating: 5, content: 'Great <img src=x onerror=alert(1)>' }, 'invalid_field'],
      [{ rating: 5, content: 'x', title: '<script>alert(1)</script>' }, 'invalid_field'],
      [{ rating: 5, content: '&lt;svg onload=alert(1)&gt;' }, 'invalid_field'],
      [{ rating: 5, content: 'x', status: 'approved' }, 'unknown_field'],
      [{ rating: 5, content: 'x', customer_id: 'cus_x' }, 'unknown_field'],
      [{ rating: 5, content: 'x', author_name: 'Admin' }, 'unknown_field'],
    ];
    for (const [body, code] of bad) {
      const r = await post(tee.id, body, token);
      expect({ body, status: r.status, code: r.body.code, type: r.body.type }).toEqual({ body, status: 400, code, type: 'validation_error' });
    }
    for (const raw of ['[]', 'null', '{"rating":5,', '"review"']) {
      const r = await p.api('POST', path(tee.id), { key, token, raw });
      expect({ raw, status: r.status }).toEqual({ raw, status: 400 });
    }
    // the longest allowed content and title are fine, and so are a lone < and &
    expect((await post(tee.id, { rating: 1, title: 't'.repeat(200), content: 'x'.repeat(5000) }, await customer())).status).toBe(200);
    expect(await reviewCount()).toBe(before + 1);
  });

  it('unknown, unpublished and other tenants products are 404, writing nothing', async () => {
    const before = await reviewCount();
    for (const id of ['prod_01JAAAAAAAAAAAAAAAAAAAAAAA', 'no-such-handle', otherProduct.id]) {
      const w = await post(id, { rating: 5, content: 'x' }, anna);
      expect({ id, status: w.status, body: w.body }).toEqual({ id, status: 404, body: { type: 'not_found', code: 'not_found', message: expect.any(String) } });
      const r = await p.api('GET', path(id), { key });
      expect({ id, status: r.status, code: r.body.code }).toEqual({ id, status: 404, code: 'not_found' });
    }
    const draft = await gql(`mutation { createProduct(input: { title: "Draft Thing", status: "draft" }) { id } }`, {}, admin);
    expect((await post(draft.data.createProduct.id, { rating: 5, content: 'x' }, anna)).status).toBe(404);
    expect((await p.api('GET', path(draft.data.createProduct.id), { key })).status).toBe(404);
    expect(await reviewCount()).toBe(before);
    expect(await reviewCount(other.tenant_id)).toBe(0);
  });

  it('needs a customer: anonymous 401, admin token 401, no key 401', async () => {
    const before = await reviewCount();
    const anon = await post(tee.id, { rating: 5, content: 'x' });
    expect(anon.status).toBe(401);
    expect(anon.body).toMatchObject({ type: 'authentication_error' });
    expect((await post(tee.id, { rating: 5, content: 'x' }, admin)).status).toBe(401);
    expect((await p.api('POST', path(tee.id), { token: anna, body: { rating: 5, content: 'x' } })).status).toBe(401);
    // a customer token of this tenant with another tenant's key is refused
    expect((await post(otherProduct.id, { rating: 5, content: 'x' }, anna, other.publishable_key)).status).toBe(401);
    expect((await p.api('GET', path(tee.id))).status).toBe(401);
    expect(await reviewCount()).toBe(before);
  });

  it('a customer cannot moderate; admins see pending first, only their tenant', async () => {
    const [pending] = (
      await db.query(`select id from catalog.product_review where tenant_id = $1 and product_id = $2 and customer_id is not null order by created_at limit 1`, [
        t.tenant_id,
        tee.id,
      ])
    ).rows;
    for (const token of [anna, undefined]) {
      const r = await gql(APPROVE, { id: pending.id }, token as string);
      expect(r.errors?.[0]?.extensions).toMatchObject({ type: expect.stringMatching(/permission_error|authentication_error/) });
      expect(r.data?.approveProductReview ?? null).toBeNull();
      const l = await gql(MODERATION, {}, token as string);
      expect(l.data?.adminProductReviews ?? null).toBeNull();
    }
    const list = (await gql(MODERATION, {}, admin)).data.adminProductReviews;
    expect(list.count).toBeGreaterThanOrEqual(3);
    expect(list.items.every((r: any) => r.status === 'pending')).toBe(true);
    // another tenant's admin: 404, never the review
    const foreign = await gql(APPROVE, { id: pending.id }, otherAdmin);
    expect(foreign.errors[0].extensions).toMatchObject({ type: 'not_found', code: 'not_found' });
    expect((await gql(MODERATION, {}, otherAdmin)).data.adminProductReviews).toEqual({ count: 0, items: [] });
    expect((await db.query(`select status from catalog.product_review where id = $1`, [pending.id])).rows[0].status).toBe('pending');
    // bad status filter: 400-like validation error
    const bad = await gql(MODERATION, { status: 'spam' }, admin);
    expect(bad.errors[0].extensions).toMatchObject({ type: 'validation_error' });
  });

  it('approval lists the review and changes the cached rating; rejection removes it again', async () => {
    // warm the cache
    expect((await p.api('GET', `/store/products/${tee.id}`, { key })).body.product.rating).toEqual({ average: null, count: 0 });
    const pending = (await gql(MODERATION, { status: 'pending', product_id: tee.id }, admin)).data.adminProductReviews.items;
    const five = pending.find((r: any) => r.rating === 5);
    const one = pending.find((r: any) => r.rating === 1);
    const a = await gql(APPROVE, { id: five.id }, admin);
    expect(a.data.approveProductReview).toMatchObject({ id: five.id, status: 'approved' });
    await gql(APPROVE, { id: one.id }, admin);

    const doc = (await p.api('GET', `/store/products/classic-organic-tee`, { key })).body.product;
    expect(doc.rating).toEqual({ average: 3, count: 2 });
    expect((await p.api('GET', `/store/products/${tee.id}?fields=id,rating`, { key })).body.product).toEqual({ id: tee.id, rating: { average: 3, count: 2 } });
    const listed = (await p.api('GET', `/store/products?fields=id,rating&id=${tee.id}`, { key })).body.products;
    expect(listed).toEqual([{ id: tee.id, rating: { average: 3, count: 2 } }]);
    const g = await p.graphql(`query($id: String!) { product(id: $id) { rating { average count } } }`, { id: tee.id }, { key });
    expect(g.body.data.product.rating).toEqual({ average: 3, count: 2 });

    const reviews = await p.api('GET', path(tee.id), { key });
    expect(reviews.body.count).toBe(2);
    expect(reviews.body.reviews.map((r: any) => r.id)).toEqual([one.id, five.id]); // newest first
    expect((await p.api('GET', `${path(tee.id)}?order=-rating`, { key })).body.reviews.map((r: any) => r.rating)).toEqual([5, 1]);
    expect((await p.api('GET', `${path(tee.id)}?order=rating`, { key })).body.reviews.map((r: any) => r.rating)).toEqual([1, 5]);
    expect((await p.api('GET', `${path(tee.id)}?order=created_at`, { key })).body.reviews.map((r: any) => r.id)).toEqual([five.id, one.id]);
    const ev = await db.query(
      `select type, data from catalog.outbox_event where type like 'review.%' and tenant_id = $1 and type <> 'review.created' order by created_at`,
      [t.tenant_id],
    );
    expect(ev.rows).toEqual([
      { type: 'review.approved', data: { id: five.id, product_id: tee.id, rating: 5 } },
      { type: 'review.approved', data: { id: one.id, product_id: tee.id, rating: 1 } },
    ]);

    // approving again changes nothing and emits nothing
    expect((await gql(APPROVE, { id: five.id }, admin)).data.approveProductReview.status).toBe('approved');
    // rejection: gone from the list and from the rating
    const r = await gql(REJECT, { id: one.id }, admin);
    expect(r.data.rejectProductReview.status).toBe('rejected');
    expect((await p.api('GET', `/store/products/${tee.id}`, { key })).body.product.rating).toEqual({ average: 5, count: 1 });
    expect((await p.api('GET', path(tee.id), { key })).body.reviews.map((x: any) => x.id)).toEqual([five.id]);
    const types = (
      await db.query(`select type from catalog.outbox_event where type in ('review.approved', 'review.rejected') and tenant_id = $1 order by created_at`, [
        t.tenant_id,
      ])
    ).rows.map((x) => x.type);
    expect(types).toEqual(['review.approved', 'review.approved', 'review.rejected']);
    // the other tenant's same product is untouched
    expect((await p.api('GET', `/store/products/${otherProduct.id}`, { key: other.publishable_key })).body.product.rating).toEqual({ average: null, count: 0 });
  });

  it('a change made behind the service (SQL) reaches the cached document through the trigger', async () => {
    const cat = p.services<CatalogServices>('catalog');
    expect((await p.api('GET', `/store/products/${jeans.id}`, { key })).body.product.rating.count).toBe(0);
    expect(cat.cache.get(t.tenant_id, `p:${jeans.id}`)).toBeDefined();
    await db.query(`update catalog.product_review set status = 'approved' where tenant_id = $1 and product_id = $2`, [t.tenant_id, jeans.id]);
    for (let i = 0; i < 50 && cat.cache.get(t.tenant_id, `p:${jeans.id}`); i++) await new Promise((r) => setTimeout(r, 20));
    expect((await p.api('GET', `/store/products/${jeans.id}`, { key })).body.product.rating).toEqual({ average: 4, count: 1 });
  });

  it('paginates: default 20, limit clamped to 100 and echoed, offset; bad paging and order are 400', async () => {
    const r = await p.api('GET', `${path(tee.id)}?limit=500&offset=0`, { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ count: 1, offset: 0, limit: 100 });
    const skip = await p.api('GET', `${path(tee.id)}?limit=1&offset=1`, { key });
    expect(skip.body).toEqual({ reviews: [], count: 1, offset: 1, limit: 1 });
    for (const qs of ['limit=-1', 'limit=2.5', 'limit=ten', 'offset=-1', 'order=title', 'order=-status', 'order=', 'status=pending', 'zz=1']) {
      const b = await p.api('GET', `${path(tee.id)}?${qs}`, { key });
      // an empty value is no value of the enum (issue 20, item 11): 400 like any other wrong one
      expect({ qs, status: b.status, type: b.body.type }).toEqual({ qs, status: 400, type: 'validation_error' });
    }
  });

  it('the product fields set accepts rating; routes are in /openapi.json', async () => {
    expect((await p.api('GET', `/store/products?fields=-rating&limit=1`, { key })).body.products[0].rating).toBeUndefined();
    const doc = (await fetch(`${p.url}/openapi.json`).then((r) => r.json())) as { paths: Record<string, Record<string, unknown>> };
    const reviews = Object.keys(doc.paths).find((k) => /^\/store\/products\/\{product_id\}\/reviews$/.test(k));
    expect(reviews).toBeDefined();
    expect(Object.keys(doc.paths[reviews!]).sort()).toEqual(['get', 'post']);
  });

  it('the demo seed writes approved and pending reviews signed by name only', async () => {
    const cat = p.services<CatalogServices>('catalog');
    const ten = await p.createTenant();
    await p.seedCatalog(ten.tenant_id);
    const n = await cat.reviews.seed(systemContext(p.log, ten.tenant_id, 'test-seed'), demoReviews());
    expect(n).toBe(demoReviews().length);
    const doc = (await p.api('GET', '/store/products/classic-organic-tee', { key: ten.publishable_key })).body.product;
    expect(doc.rating).toEqual({ average: 4.67, count: 3 });
    const list = (await p.api('GET', path(doc.id), { key: ten.publishable_key })).body;
    expect(list.count).toBe(3);
    expect(list.reviews.every((r: any) => r.customer_id === null && /^[A-Z][a-z]+ [A-Z]\.$/.test(r.author_name))).toBe(true);
  });
});
