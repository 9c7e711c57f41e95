import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { waitFor } from '../support/wait';

/**
 * A product's options and variants edited by an admin after its creation (the console's product
 * page): variants created, changed (option values, prices, stock) and deleted, options added,
 * renamed, their values edited and removed; the storefront's Medusa answers follow.
 */
describe('admin: a product’s options and variants', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  let db: Client;
  let eur: string;

  const PRODUCT = `id options { id title values { id value } } variants { id title sku inventory_quantity options { value option { title } } prices { currency_code amount } }`;
  const gql = async (query: string, variables: Record<string, unknown>, token: string | null = admin) => {
    const r = await p.graphql(query, variables, { token: token ?? undefined });
    expect(r.status).toBeLessThan(500);
    return r.body;
  };
  const ok = async (query: string, variables: Record<string, unknown>) => {
    const r = await gql(query, variables);
    if (r.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(r.errors)}`);
    return r.data;
  };
  const refusal = async (query: string, variables: Record<string, unknown>, token: string | null = admin) =>
    (await gql(query, variables, token)).errors?.[0]?.extensions;
  const CREATE_VARIANT = `mutation($product_id: String!, $input: VariantInput!) { createProductVariant(product_id: $product_id, input: $input) { ${PRODUCT} } }`;
  const UPDATE_VARIANT = `mutation($id: String!, $input: UpdateVariantInput!) { updateProductVariant(id: $id, input: $input) { ${PRODUCT} } }`;
  const DELETE_VARIANT = `mutation($id: String!) { deleteProductVariant(id: $id) { ${PRODUCT} } }`;
  const CREATE_OPTION = `mutation($product_id: String!, $input: CreateProductOptionInput!) { createProductOption(product_id: $product_id, input: $input) { ${PRODUCT} } }`;
  const UPDATE_OPTION = `mutation($id: String!, $input: UpdateProductOptionInput!) { updateProductOption(id: $id, input: $input) { ${PRODUCT} } }`;
  const DELETE_OPTION = `mutation($id: String!) { deleteProductOption(id: $id) { ${PRODUCT} } }`;
  const store = (path: string) => p.api('GET', path, { key: t.publishable_key });
  const events = async (type: string) =>
    (await db.query(`select data from catalog.outbox_event where type = $1 and tenant_id = $2 order by created_at, id`, [type, t.tenant_id])).rows.map(
      (r) => r.data,
    );
  const tee = async (handle: string) =>
    (
      await ok(`mutation($input: CreateProductInput!) { createProduct(input: $input) { ${PRODUCT} } }`, {
        input: {
          title: `Tee ${handle}`,
          handle,
          status: 'published',
          options: [
            { title: 'Size', values: ['S', 'M', 'L'] },
            { title: 'Color', values: ['Red', 'Blue'] },
          ],
          variants: [
            {
              title: 'S / Red',
              sku: `${handle}-s-red`,
              options: { Size: 'S', Color: 'Red' },
              inventory_quantity: 4,
              prices: [{ currency_code: 'eur', amount: 20 }],
            },
          ],
        },
      })
    ).createProduct;
  /** the option values of a variant, as "Size=M, Color=Red" */
  const named = (v: any) => v.options.map((o: any) => `${o.option.title}=${o.value}`).join(', ');

  beforeAll(async () => {
    p = await sharedPlatform();
    t = await p.createTenant('Variants admin');
    other = await p.createTenant('Variants admin, another');
    admin = await p.adminToken(t);
    otherAdmin = await p.adminToken(other);
    db = new Client({ connectionString: p.dbUrl });
    await db.connect();
    eur = (await ok(`mutation { createRegion(input: { name: "Europe", currency_code: "eur", countries: ["de"] }) { id } }`, {})).createRegion.id;
  });
  afterAll(async () => {
    await db?.end();
  });

  it('adds a variant with prices in several currencies and stock; the storefront shows it priced; SKUs and option values are unique', async () => {
    const product = await tee('variant-tee');
    // the storefront caches the product before the change
    expect((await store(`/store/products/variant-tee?region_id=${eur}`)).body.product.variants).toHaveLength(1);

    const created = (
      await ok(CREATE_VARIANT, {
        product_id: product.id,
        input: {
          title: 'M / Red',
          sku: 'variant-tee-m-red',
          options: { Size: 'M', Color: 'Red' },
          inventory_quantity: 7,
          prices: [
            { currency_code: 'eur', amount: 24.5 },
            { currency_code: 'usd', amount: 27 },
          ],
        },
      })
    ).createProductVariant;
    const m = created.variants.find((v: any) => v.sku === 'variant-tee-m-red');
    expect(m).toMatchObject({ title: 'M / Red', inventory_quantity: 7 });
    expect(named(m)).toBe('Size=M, Color=Red');
    expect(m.prices).toEqual([
      { currency_code: 'eur', amount: 24.5 },
      { currency_code: 'usd', amount: 27 },
    ]);

    const read = (await store(`/store/products/variant-tee?region_id=${eur}`)).body.product;
    const sold = read.variants.find((v: any) => v.id === m.id);
    expect(sold).toMatchObject({ sku: 'variant-tee-m-red', inventory_quantity: 7, calculated_price: { calculated_amount: 24.5, currency_code: 'eur' } });
    expect((await store(`/store/product-variants/${m.id}`)).status).toBe(200);

    // the same SKU in the store, the same values on the product: 409, nothing written
    expect(
      await refusal(CREATE_VARIANT, { product_id: product.id, input: { title: 'L / Red', sku: 'variant-tee-s-red', options: { Size: 'L', Color: 'Red' } } }),
    ).toMatchObject({ type: 'conflict', code: 'duplicate' });
    expect(await refusal(CREATE_VARIANT, { product_id: product.id, input: { title: 'M again', options: { Size: 'M', Color: 'Red' } } })).toMatchObject({
      type: 'conflict',
      code: 'duplicate_options',
    });
    // a value the option does not have, or an option left out: 400
    expect(await refusal(CREATE_VARIANT, { product_id: product.id, input: { title: 'XL', options: { Size: 'XL', Color: 'Red' } } })).toMatchObject({
      code: 'invalid_field',
    });
    expect(await refusal(CREATE_VARIANT, { product_id: product.id, input: { title: 'L', options: { Size: 'L' } } })).toMatchObject({ code: 'invalid_field' });
    expect((await ok(`query($id: String!) { adminProduct(id: $id) { variants { id } } }`, { id: product.id })).adminProduct.variants).toHaveLength(2);
  });

  it('two variants created at once with the same SKU: one is created, the other is 409', async () => {
    const product = await tee('race-tee');
    const answers = await Promise.all(
      (['Red', 'Blue'] as const).map((color) =>
        gql(CREATE_VARIANT, { product_id: product.id, input: { title: `L / ${color}`, sku: 'race-tee-l', options: { Size: 'L', Color: color } } }),
      ),
    );
    expect(answers.filter((a) => !a.errors)).toHaveLength(1);
    expect(answers.find((a) => a.errors)!.errors[0].extensions).toMatchObject({ type: 'conflict', code: 'duplicate' });
    const [{ n }] = (await db.query(`select count(*)::int as n from catalog.product_variant where tenant_id = $1 and sku = 'race-tee-l'`, [t.tenant_id])).rows;
    expect(n).toBe(1);
  });

  it('changes a variant: title, option values, prices replaced and stock in one call; the storefront follows', async () => {
    const product = await tee('edit-tee');
    const v = product.variants[0];
    const changed = (
      await ok(UPDATE_VARIANT, {
        id: v.id,
        input: {
          title: 'M / Blue',
          sku: 'edit-tee-m-blue',
          options: { Size: 'M', Color: 'Blue' },
          prices: [
            { currency_code: 'eur', amount: 30 },
            { currency_code: 'gbp', amount: 25.99 },
          ],
          stocked_quantity: 3,
        },
      })
    ).updateProductVariant.variants[0];
    expect(changed).toMatchObject({ id: v.id, title: 'M / Blue', sku: 'edit-tee-m-blue', inventory_quantity: 3 });
    expect(named(changed)).toBe('Size=M, Color=Blue');
    expect(changed.prices).toEqual([
      { currency_code: 'eur', amount: 30 },
      { currency_code: 'gbp', amount: 25.99 },
    ]);
    const read = (await store(`/store/products/edit-tee?region_id=${eur}&fields=*variants.prices`)).body.product.variants[0];
    expect(read).toMatchObject({ title: 'M / Blue', inventory_quantity: 3, calculated_price: { calculated_amount: 30 } });
    expect(read.prices.map((x: any) => [x.currency_code, x.amount])).toEqual([
      ['eur', 30],
      ['gbp', 25.99],
    ]);
    expect(await events('inventory.updated')).toContainEqual({ variant_id: v.id, product_id: product.id, stocked_quantity: 3 });

    // another variant's values, bad prices, a negative stock: refused, nothing written
    const second = (await ok(CREATE_VARIANT, { product_id: product.id, input: { title: 'S / Red', options: { Size: 'S', Color: 'Red' } } }))
      .createProductVariant.variants[1];
    expect(await refusal(UPDATE_VARIANT, { id: second.id, input: { title: 'Twin', options: { Size: 'M', Color: 'Blue' } } })).toMatchObject({
      code: 'duplicate_options',
    });
    expect(await refusal(UPDATE_VARIANT, { id: second.id, input: { sku: 'edit-tee-m-blue' } })).toMatchObject({ code: 'duplicate' });
    for (const input of [{ prices: [{ currency_code: 'eur', amount: -1 }] }, { stocked_quantity: -2 }, { prices: [{ currency_code: 'euro', amount: 1 }] }]) {
      expect(await refusal(UPDATE_VARIANT, { id: second.id, input })).toMatchObject({ type: 'validation_error' });
    }
    const after = (await ok(`query($id: String!) { adminProduct(id: $id) { ${PRODUCT} } }`, { id: product.id })).adminProduct.variants[1];
    expect(after).toMatchObject({ title: 'S / Red', prices: [] });
  });

  it('deletes a variant: gone from the storefront and the admin product, its SKU free again, product_variant.deleted emitted', async () => {
    const product = await tee('delete-tee');
    const doomed = (
      await ok(CREATE_VARIANT, {
        product_id: product.id,
        input: { title: 'L / Blue', sku: 'QZV4471', options: { Size: 'L', Color: 'Blue' }, inventory_quantity: 2 },
      })
    ).createProductVariant.variants[1];
    // read (and cached) before the deletion; search finds the product by the variant's SKU
    expect((await store('/store/products/delete-tee')).body.product.variants.map((v: any) => v.id)).toContain(doomed.id);
    const bySku = async () => (await store('/store/search?q=QZV4471')).body.hits?.some((h: any) => h.id === product.id);
    await waitFor('the variant indexed', bySku);

    const left = (await ok(DELETE_VARIANT, { id: doomed.id })).deleteProductVariant;
    expect(left.variants.map((v: any) => v.id)).toEqual([product.variants[0].id]);
    expect((await store('/store/products/delete-tee')).body.product.variants.map((v: any) => v.id)).toEqual([product.variants[0].id]);
    expect((await store(`/store/product-variants/${doomed.id}`)).status).toBe(404);
    expect((await store('/store/products?sku=QZV4471')).body.products).toEqual([]);
    expect(await events('product_variant.deleted')).toContainEqual({ id: doomed.id, product_id: product.id, sku: 'QZV4471' });
    expect(await refusal(DELETE_VARIANT, { id: doomed.id })).toMatchObject({ code: 'not_found' });
    // the search index follows the product
    await waitFor('the variant out of search', async () => !(await bySku()));
    // its SKU and its values can be used again
    const again = (await ok(CREATE_VARIANT, { product_id: product.id, input: { title: 'L / Blue', sku: 'QZV4471', options: { Size: 'L', Color: 'Blue' } } }))
      .createProductVariant;
    expect(again.variants.map((v: any) => v.sku)).toEqual(['delete-tee-s-red', 'QZV4471']);
  });

  it('adds, renames and removes options and their values; values in use and colliding variants are refused', async () => {
    const product = await tee('option-tee');
    await ok(CREATE_VARIANT, { product_id: product.id, input: { title: 'S / Blue', options: { Size: 'S', Color: 'Blue' } } });

    // a new option: the variants take its first value
    let r = (await ok(CREATE_OPTION, { product_id: product.id, input: { title: 'Fabric', values: ['Cotton', 'Linen'] } })).createProductOption;
    expect(r.options.map((o: any) => o.title)).toEqual(['Size', 'Color', 'Fabric']);
    expect(r.variants.map(named)).toEqual(['Size=S, Color=Red, Fabric=Cotton', 'Size=S, Color=Blue, Fabric=Cotton']);
    expect(await refusal(CREATE_OPTION, { product_id: product.id, input: { title: 'fabric', values: ['Silk'] } })).toMatchObject({ code: 'duplicate' });
    expect(await refusal(CREATE_OPTION, { product_id: product.id, input: { title: 'Fit', values: ['Slim', 'Slim'] } })).toMatchObject({
      code: 'invalid_field',
    });
    expect(await refusal(CREATE_OPTION, { product_id: product.id, input: { title: 'Fit', values: [] } })).toMatchObject({ type: 'validation_error' });

    // renamed, a value renamed, one added, the unused one removed, reordered
    const fabric = r.options[2];
    const [cotton, linen] = fabric.values;
    r = (
      await ok(UPDATE_OPTION, {
        id: fabric.id,
        input: {
          title: 'Material',
          values: [{ value: 'Wool' }, { id: cotton.id, value: 'Organic cotton' }],
        },
      })
    ).updateProductOption;
    expect(r.options[2]).toMatchObject({ id: fabric.id, title: 'Material' });
    expect(r.options[2].values.map((v: any) => v.value)).toEqual(['Wool', 'Organic cotton']);
    expect(r.variants.map(named)).toEqual(['Size=S, Color=Red, Material=Organic cotton', 'Size=S, Color=Blue, Material=Organic cotton']);
    const storefront = (await store('/store/products/option-tee')).body.product;
    expect(storefront.options.find((o: any) => o.id === fabric.id).values.map((v: any) => v.value)).toEqual(['Wool', 'Organic cotton']);
    expect(r.options[2].values.map((v: any) => v.id)).not.toContain(linen.id);

    // a value the variants have cannot go; a value of another option is no value of this one
    const wool = r.options[2].values[0];
    expect(await refusal(UPDATE_OPTION, { id: fabric.id, input: { values: [{ id: wool.id, value: 'Wool' }] } })).toMatchObject({
      type: 'conflict',
      code: 'option_value_in_use',
    });
    expect(await refusal(UPDATE_OPTION, { id: fabric.id, input: { values: [{ id: r.options[0].values[0].id, value: 'S' }] } })).toMatchObject({
      code: 'invalid_field',
    });
    expect(await refusal(UPDATE_OPTION, { id: fabric.id, input: { values: [{ value: 'Wool' }, { value: 'Wool' }] } })).toMatchObject({
      code: 'invalid_field',
    });
    expect((await ok(`query($id: String!) { adminProduct(id: $id) { ${PRODUCT} } }`, { id: product.id })).adminProduct.options[2].values).toHaveLength(2);

    // without Color the two variants would be alike: refused; without Material they stay distinct
    expect(await refusal(DELETE_OPTION, { id: r.options[1].id })).toMatchObject({ type: 'conflict', code: 'variants_would_collide' });
    r = (await ok(DELETE_OPTION, { id: fabric.id })).deleteProductOption;
    expect(r.options.map((o: any) => o.title)).toEqual(['Size', 'Color']);
    expect(r.variants.map(named)).toEqual(['Size=S, Color=Red', 'Size=S, Color=Blue']);
    expect((await store('/store/products/option-tee')).body.product.options.map((o: any) => o.title)).toEqual(['Size', 'Color']);
    expect(await refusal(DELETE_OPTION, { id: fabric.id })).toMatchObject({ code: 'not_found' });
    // the last option's values are no longer needed: a product may have none
    await ok(DELETE_VARIANT, { id: r.variants[1].id });
    r = (await ok(DELETE_OPTION, { id: r.options[1].id })).deleteProductOption;
    r = (await ok(DELETE_OPTION, { id: r.options[0].id })).deleteProductOption;
    expect(r.options).toEqual([]);
    expect(r.variants.map(named)).toEqual(['']);
  });

  it('another store gets 404, customers and anonymous callers are refused, bad input is 400', async () => {
    const product = await tee('guarded-tee');
    const v = product.variants[0];
    const opt = product.options[0];
    const attempts: Array<[string, Record<string, unknown>]> = [
      [CREATE_VARIANT, { product_id: product.id, input: { title: 'L / Red', options: { Size: 'L', Color: 'Red' } } }],
      [UPDATE_VARIANT, { id: v.id, input: { title: 'Nope' } }],
      [DELETE_VARIANT, { id: v.id }],
      [CREATE_OPTION, { product_id: product.id, input: { title: 'Fit', values: ['Slim'] } }],
      [UPDATE_OPTION, { id: opt.id, input: { title: 'Nope' } }],
      [DELETE_OPTION, { id: opt.id }],
    ];
    for (const [q, vars] of attempts) expect(await refusal(q, vars, otherAdmin)).toMatchObject({ code: 'not_found' });
    const customer = (await p.registerCustomer(t.publishable_key)).token;
    for (const token of [customer, null]) {
      for (const [q, vars] of attempts) expect((await refusal(q, vars, token))?.type).toMatch(/permission_error|authentication_error/);
    }
    for (const input of [{ title: '' }, { title: '<b>Size</b>' }, { values: [] }, { values: [{ value: '' }] }, { zz: 1 }]) {
      const ext = (await refusal(UPDATE_OPTION, { id: opt.id, input })) ?? {};
      expect({ input, refused: ext.type ?? ext.code }).toEqual({ input, refused: expect.stringMatching(/^(validation_error|BAD_USER_INPUT)$/) });
    }
    const unchanged = (await ok(`query($id: String!) { adminProduct(id: $id) { ${PRODUCT} } }`, { id: product.id })).adminProduct;
    expect(unchanged).toEqual(product);
  });
});
