import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { png } from '../support/media-fixtures';

/**
 * A product's gallery edited by an admin (the console's Images section): images added from the
 * media library or a URL, reordered, their alt text, the thumbnail, removed; the storefront's
 * Medusa product answers `images` in their order (`rank`) with the thumbnail.
 */
describe('admin: a product’s images', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;

  const PRODUCT = `id thumbnail images { id url rank alt } variants { id images { id } }`;
  const gql = async (query: string, variables: Record<string, unknown>, token: string | null = admin) => {
    const r = await p.graphql(query, variables, { token: token ?? undefined });
    expect(r.status).toBeLessThan(500);
    return r.body;
  };
  const ok = async (query: string, variables: Record<string, unknown>, token = admin) => {
    const r = await gql(query, variables, token);
    if (r.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(r.errors)}`);
    return r.data;
  };
  const refusal = async (query: string, variables: Record<string, unknown>, token: string | null = admin) =>
    (await gql(query, variables, token)).errors?.[0]?.extensions;
  const ADD = `mutation($product_id: String!, $input: AddProductImageInput!) { addProductImage(product_id: $product_id, input: $input) { ${PRODUCT} } }`;
  const UPDATE = `mutation($id: String!, $input: UpdateProductImageInput!) { updateProductImage(id: $id, input: $input) { ${PRODUCT} } }`;
  const REORDER = `mutation($product_id: String!, $ids: [String!]!) { reorderProductImages(product_id: $product_id, image_ids: $ids) { ${PRODUCT} } }`;
  const THUMB = `mutation($product_id: String!, $image_id: String!) { setProductThumbnail(product_id: $product_id, image_id: $image_id) { ${PRODUCT} } }`;
  const DELETE = `mutation($id: String!) { deleteProductImage(id: $id) { ${PRODUCT} } }`;
  const READ = `query($id: String!) { adminProduct(id: $id) { ${PRODUCT} } }`;
  const store = (path: string) => p.api('GET', path, { key: t.publishable_key });
  const upload = async (alt: string | null, token = admin) =>
    (
      await ok(
        `mutation($input: UploadMediaInput!) { uploadMedia(input: $input) { id url alt } }`,
        { input: { filename: 'side.png', content_base64: png(4, 3).toString('base64'), alt } },
        token,
      )
    ).uploadMedia as { id: string; url: string; alt: string | null };
  const product = async (handle: string) =>
    (
      await ok(`mutation($input: CreateProductInput!) { createProduct(input: $input) { ${PRODUCT} } }`, {
        input: { title: `Gallery ${handle}`, handle, status: 'published', variants: [{ title: 'One', prices: [{ currency_code: 'eur', amount: 10 }] }] },
      })
    ).createProduct;
  const img = (name: string) => `https://cdn.example.com/${name}.png`;

  beforeAll(async () => {
    p = await sharedPlatform();
    t = await p.createTenant('Images admin');
    other = await p.createTenant('Images admin, another');
    admin = await p.adminToken(t);
    otherAdmin = await p.adminToken(other);
  });

  it('adds images from a URL and the media library, at a position; the first one is the thumbnail; the storefront answers them by rank', async () => {
    const g = await product('gallery-add');
    expect(g).toMatchObject({ thumbnail: null, images: [] });
    // cached before the changes
    expect((await store('/store/products/gallery-add')).body.product.images).toEqual([]);

    let r = (await ok(ADD, { product_id: g.id, input: { url: img('front'), alt: ' Front view ' } })).addProductImage;
    expect(r.thumbnail).toBe(img('front'));
    expect(r.images).toEqual([{ id: expect.any(String), url: img('front'), rank: 0, alt: 'Front view' }]);

    const asset = await upload('Side view');
    r = (await ok(ADD, { product_id: g.id, input: { media_id: asset.id } })).addProductImage;
    expect(r.images[1]).toMatchObject({ url: asset.url, rank: 1, alt: 'Side view' });
    // an asset's alt text gives way to one given
    r = (await ok(ADD, { product_id: g.id, input: { media_id: asset.id, alt: 'Detail', rank: 0 } })).addProductImage;
    expect(r.images.map((i: any) => [i.alt, i.rank])).toEqual([
      ['Detail', 0],
      ['Front view', 1],
      ['Side view', 2],
    ]);
    expect(r.thumbnail).toBe(img('front'));
    r = (await ok(ADD, { product_id: g.id, input: { url: img('back'), thumbnail: true } })).addProductImage;
    expect(r.thumbnail).toBe(img('back'));

    const read = (await store('/store/products/gallery-add')).body.product;
    expect(read.thumbnail).toBe(img('back'));
    expect(read.images.map((i: any) => ({ url: i.url, rank: i.rank, alt: i.alt }))).toEqual([
      { url: asset.url, rank: 0, alt: 'Detail' },
      { url: img('front'), rank: 1, alt: 'Front view' },
      { url: asset.url, rank: 2, alt: 'Side view' },
      { url: img('back'), rank: 3, alt: null },
    ]);
    expect(read.images[0]).toMatchObject({ id: expect.any(String), product_id: g.id, metadata: null, deleted_at: null });
  });

  it('reorders the images (a stale list is 409), edits alt text, sets the thumbnail and removes images', async () => {
    const g = await product('gallery-order');
    for (const name of ['a', 'b', 'c']) await ok(ADD, { product_id: g.id, input: { url: img(name), alt: name.toUpperCase() } });
    const [a, b, c] = (await ok(READ, { id: g.id })).adminProduct.images;
    expect((await store('/store/products/gallery-order')).body.product.images.map((i: any) => i.id)).toEqual([a.id, b.id, c.id]);

    let r = (await ok(REORDER, { product_id: g.id, ids: [c.id, a.id, b.id] })).reorderProductImages;
    expect(r.images.map((i: any) => [i.id, i.rank])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    expect((await store('/store/products/gallery-order')).body.product.images.map((i: any) => [i.url, i.rank])).toEqual([
      [img('c'), 0],
      [img('a'), 1],
      [img('b'), 2],
    ]);
    // a list missing an image, naming another, or one twice: refused, the order kept
    expect(await refusal(REORDER, { product_id: g.id, ids: [a.id, b.id] })).toMatchObject({ type: 'conflict', code: 'images_changed' });
    expect(await refusal(REORDER, { product_id: g.id, ids: [a.id, b.id, 'img_nope'] })).toMatchObject({ code: 'images_changed' });
    expect(await refusal(REORDER, { product_id: g.id, ids: [a.id, a.id, b.id] })).toMatchObject({ code: 'invalid_field' });
    expect((await ok(READ, { id: g.id })).adminProduct.images.map((i: any) => i.id)).toEqual([c.id, a.id, b.id]);

    r = (await ok(UPDATE, { id: a.id, input: { alt: 'The front, folded' } })).updateProductImage;
    expect(r.images[1]).toMatchObject({ id: a.id, alt: 'The front, folded' });
    expect((await store('/store/products/gallery-order')).body.product.images[1].alt).toBe('The front, folded');
    expect((await ok(UPDATE, { id: a.id, input: { alt: null } })).updateProductImage.images[1].alt).toBeNull();
    expect((await ok(UPDATE, { id: a.id, input: { alt: '  ' } })).updateProductImage.images[1].alt).toBeNull();

    expect((await ok(THUMB, { product_id: g.id, image_id: b.id })).setProductThumbnail.thumbnail).toBe(img('b'));
    expect((await store('/store/products/gallery-order')).body.product.thumbnail).toBe(img('b'));
    const elsewhere = (await ok(ADD, { product_id: (await product('gallery-other')).id, input: { url: img('z') } })).addProductImage.images[0];
    expect(await refusal(THUMB, { product_id: g.id, image_id: elsewhere.id })).toMatchObject({ code: 'invalid_field' });

    // the thumbnail removed: the first image left takes its place
    r = (await ok(DELETE, { id: b.id })).deleteProductImage;
    expect(r.images.map((i: any) => [i.id, i.rank])).toEqual([
      [c.id, 0],
      [a.id, 1],
    ]);
    expect(r.thumbnail).toBe(img('c'));
    expect(await refusal(DELETE, { id: b.id })).toMatchObject({ code: 'not_found' });
    const read = (await store('/store/products/gallery-order')).body.product;
    expect(read.thumbnail).toBe(img('c'));
    expect(read.images.map((i: any) => i.url)).toEqual([img('c'), img('a')]);
    r = (await ok(DELETE, { id: c.id })).deleteProductImage;
    r = (await ok(DELETE, { id: a.id })).deleteProductImage;
    expect(r).toMatchObject({ thumbnail: null, images: [] });
  });

  it('reorders and additions at once leave one gallery order, each rank once', async () => {
    const g = await product('gallery-race');
    for (const name of ['a', 'b', 'c', 'd']) await ok(ADD, { product_id: g.id, input: { url: img(name) } });
    const ids = (await ok(READ, { id: g.id })).adminProduct.images.map((i: any) => i.id);
    const answers = await Promise.all([
      gql(REORDER, { product_id: g.id, ids: [...ids].reverse() }),
      gql(ADD, { product_id: g.id, input: { url: img('e'), rank: 0 } }),
      gql(REORDER, { product_id: g.id, ids: [ids[1], ids[0], ids[3], ids[2]] }),
      gql(ADD, { product_id: g.id, input: { url: img('f') } }),
    ]);
    // the additions always succeed; a reorder after one of them is refused as stale
    expect(answers[1].errors).toBeUndefined();
    expect(answers[3].errors).toBeUndefined();
    for (const a of [answers[0], answers[2]]) if (a.errors) expect(a.errors[0].extensions.code).toBe('images_changed');
    const images = (await ok(READ, { id: g.id })).adminProduct.images;
    expect(images).toHaveLength(6);
    expect(images.map((i: any) => i.rank)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('refuses bad input, another store’s product, image or media asset, customers and anonymous callers', async () => {
    const g = await product('gallery-guarded');
    const first = (await ok(ADD, { product_id: g.id, input: { url: img('x'), alt: 'X' } })).addProductImage.images[0];
    for (const input of [
      {},
      { url: img('y'), media_id: 'med_1' },
      { url: 'javascript:alert(1)' },
      { url: 'not a url' },
      { url: img('y'), alt: '<img src=x onerror=alert(1)>' },
      { url: img('y'), rank: -1 },
      { url: img('y'), zz: 1 },
    ]) {
      const ext = (await refusal(ADD, { product_id: g.id, input })) ?? {};
      expect({ input, refused: ext.type ?? ext.code }).toEqual({ input, refused: expect.stringMatching(/^(validation_error|BAD_USER_INPUT)$/) });
    }
    // another store's media asset is none of this store's
    const foreignAsset = await upload('Theirs', otherAdmin);
    expect(await refusal(ADD, { product_id: g.id, input: { media_id: foreignAsset.id } })).toMatchObject({ code: 'invalid_field' });
    expect(await refusal(ADD, { product_id: g.id, input: { media_id: 'med_missing' } })).toMatchObject({ code: 'invalid_field' });

    const attempts: Array<[string, Record<string, unknown>]> = [
      [ADD, { product_id: g.id, input: { url: img('y') } }],
      [UPDATE, { id: first.id, input: { alt: 'Nope' } }],
      [REORDER, { product_id: g.id, ids: [first.id] }],
      [THUMB, { product_id: g.id, image_id: first.id }],
      [DELETE, { id: first.id }],
    ];
    for (const [q, vars] of attempts) expect(await refusal(q, vars, otherAdmin)).toMatchObject({ code: 'not_found' });
    const customer = (await p.registerCustomer(t.publishable_key)).token;
    for (const token of [customer, null]) {
      for (const [q, vars] of attempts) expect((await refusal(q, vars, token))?.type).toMatch(/permission_error|authentication_error/);
    }
    expect((await ok(READ, { id: g.id })).adminProduct).toEqual({ ...g, thumbnail: img('x'), images: [{ ...first, alt: 'X' }] });
  });
});
