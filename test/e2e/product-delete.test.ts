import { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { WebhookReceiver } from '../support/webhook-receiver';
import { waitFor } from '../support/wait';

/**
 * Admin products for the console: the admin list (any status, search, archived on request) and
 * deletion, whose `product.deleted` reaches the storefront's caches, search and webhooks.
 */
describe('admin product list, archive and delete', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  let admin: string;
  let sql: Client;

  const run = async (query: string, variables: Record<string, unknown> = {}): Promise<any> => {
    const r = await p.graphql(query, variables, { token: admin });
    if (r.body?.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
    return r.body.data;
  };
  const LIST = `query($q: String, $status: [String!], $limit: Int) { adminProducts(q: $q, status: $status, limit: $limit) { count items { id handle status } } }`;
  const create = async (handle: string, status = 'published') =>
    (
      await run(`mutation($input: CreateProductInput!) { createProduct(input: $input) { id handle } }`, {
        input: {
          title: `Deletable ${handle}`,
          handle,
          status,
          variants: [{ title: 'One', sku: `${handle}-sku`, inventory_quantity: 3, prices: [{ currency_code: 'eur', amount: 12 }] }],
        },
      })
    ).createProduct as { id: string; handle: string };
  const store = (path: string) => p.api('GET', path, { key: t.publishable_key });

  beforeAll(async () => {
    p = await sharedPlatform();
    t = await p.createTenant('Console products');
    admin = await p.adminToken(t);
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
  });
  afterAll(async () => {
    await sql.end();
  });

  it('lists every status but archived by default, finds by title, handle or SKU, and archived ones on request', async () => {
    const draft = await create('console-draft', 'draft');
    const live = await create('console-live');
    const old = await create('console-old');
    await run(`mutation($id: String!) { updateProduct(id: $id, input: { status: "archived" }) { status } }`, { id: old.id });

    const all = (await run(LIST, {})).adminProducts;
    expect(all.items.map((x: any) => x.handle)).toEqual(expect.arrayContaining(['console-draft', 'console-live']));
    expect(all.items.map((x: any) => x.id)).not.toContain(old.id);
    expect((await run(LIST, { q: 'console-live-sku' })).adminProducts.items.map((x: any) => x.id)).toEqual([live.id]);
    expect((await run(LIST, { status: ['archived'] })).adminProducts).toEqual({ count: 1, items: [{ id: old.id, handle: 'console-old', status: 'archived' }] });
    expect((await run(LIST, { status: ['draft'], limit: 1 })).adminProducts.items).toEqual([{ id: draft.id, handle: 'console-draft', status: 'draft' }]);
    // archived is off the storefront
    expect((await store('/store/products/console-old')).status).toBe(404);
    const bad = await p.graphql(LIST, { status: ['gone'] }, { token: admin });
    expect(bad.body.errors[0].extensions.code).toBe('invalid_field');
    // a storefront key is not an admin
    const anon = await p.graphql(LIST, {}, { key: t.publishable_key });
    expect(anon.body.data).toBeNull();
  });

  it('deletes a product: gone from the store (cached pages too), the admin list, search, and delivered as product.deleted to webhooks; the handle is free again', async () => {
    const rx = await new WebhookReceiver().start();
    try {
      const hook = await run(`mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { id secret } }`, {
        input: { url: 'https://hooks.example.com/products', event_types: ['product.deleted'] },
      });
      // a receiver on this machine is a private target: the operator's exemption in its row (see cart-places.test.ts)
      await sql.query(`update webhooks.webhook_endpoint set url = $1, allow_private_network = true where id = $2`, [
        rx.url('/products'),
        hook.createWebhookEndpoint.id,
      ]);
      const doomed = await create('console-doomed');
      // the store caches the product page and the list
      expect((await store('/store/products/console-doomed')).status).toBe(200);
      expect((await store('/store/products?q=doomed')).body.products.map((x: any) => x.id)).toEqual([doomed.id]);
      await waitFor('the product indexed', async () => (await store('/store/search?q=doomed')).body.hits?.some((h: any) => h.id === doomed.id));

      const gone = await run(`mutation($id: String!) { deleteProduct(id: $id) { id handle } }`, { id: doomed.id });
      expect(gone.deleteProduct).toEqual({ id: doomed.id, handle: 'console-doomed' });

      expect((await store('/store/products/console-doomed')).status).toBe(404);
      expect((await store(`/store/products/${doomed.id}`)).status).toBe(404);
      expect((await store('/store/products?q=doomed')).body.products).toEqual([]);
      expect((await run(LIST, { q: 'doomed' })).adminProducts.count).toBe(0);
      const again = await p.graphql(`mutation($id: String!) { deleteProduct(id: $id) { id } }`, { id: doomed.id }, { token: admin });
      expect(again.body.errors[0].extensions.code).toBe('not_found');
      const read = await p.graphql(`query($id: String!) { adminProduct(id: $id) { id } }`, { id: doomed.id }, { token: admin });
      expect(read.body.errors[0].extensions.code).toBe('not_found');

      await waitFor('the product out of search', async () => !(await store('/store/search?q=doomed')).body.hits?.some((h: any) => h.id === doomed.id));
      const verifier = new Webhook(hook.createWebhookEndpoint.secret);
      const delivered = await waitFor('product.deleted delivered', async () =>
        rx
          .at('/products')
          .map((r) => verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; data: any })
          .find((b) => b.type === 'product.deleted' && b.data.id === doomed.id),
      );
      expect(delivered.data).toEqual({ id: doomed.id, handle: 'console-doomed' });

      // the handle can be used again; another tenant's admin cannot delete this store's products
      const again2 = await create('console-doomed');
      expect(again2.handle).toBe('console-doomed');
      const other = await p.createTenant('Console products, another');
      const foreign = await p.graphql(`mutation($id: String!) { deleteProduct(id: $id) { id } }`, { id: again2.id }, { token: await p.adminToken(other) });
      expect(foreign.body.errors[0].extensions.code).toBe('not_found');
      expect((await store('/store/products/console-doomed')).status).toBe(200);
    } finally {
      await rx.stop();
    }
  });
});
