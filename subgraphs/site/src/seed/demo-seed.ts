import { DomainError, type SeedContext } from '@svc/kit';
import type { CreateRedirectData } from '../inputs/redirect.input';
import type { SetMetafieldData } from '../inputs/metafield.input';
import type { SiteServices } from '../services';

/** The demo store's redirects: moved pages, a temporary campaign link, an external one. */
export const demoRedirects = (): CreateRedirectData[] => [
  { source: '/shop', target: '/store', status_code: 301 },
  { source: '/products/classic-tee', target: '/products/classic-organic-tee', status_code: 301 },
  { source: '/sale', target: '/collections/summer-essentials', status_code: 302 },
  { source: '/help', target: 'https://docs.example.com/help', status_code: 302 },
];

/** The demo product that carries metafields (the catalog's demo seed runs before this one). */
export const DEMO_METAFIELD_PRODUCT = 'classic-organic-tee';

/** Metafields of the demo product: one the storefront shows, one for the back office only. */
export const demoProductMetafields = (productId: string): SetMetafieldData[] => [
  { resource_type: 'product', resource_id: productId, namespace: 'care', key: 'wash_temperature', type: 'integer', value: 30, storefront_visible: true },
  { resource_type: 'product', resource_id: productId, namespace: 'sourcing', key: 'supplier_cost', type: 'decimal', value: '4.85', storefront_visible: false },
];

/** site's part of the demo store, created like an admin would create it. */
export async function seedDemoSite(s: SiteServices, seed: SeedContext): Promise<void> {
  for (const r of demoRedirects()) await s.redirects.create(seed.ctx, r);
  const productId = await demoProductId(s, seed);
  if (productId) for (const m of demoProductMetafields(productId)) await s.metafields.set(seed.ctx, m);
  seed.log.debug({ tenantId: seed.tenantId, productId }, 'site: demo redirects and metafields created');
}

/** The id of the demo product, asked of the catalog through the supergraph; null when the store has none. */
async function demoProductId(s: SiteServices, seed: SeedContext): Promise<string | null> {
  if (!s.graph) return null;
  try {
    const d = await s.graph.execute<{ product: { id: string } }>(seed.ctx, 'query DemoProduct($id: String!) { product(id: $id) { id } }', { id: DEMO_METAFIELD_PRODUCT });
    return d.product.id;
  } catch (err) {
    if (err instanceof DomainError && err.type === 'not_found') return null;
    throw err;
  }
}
