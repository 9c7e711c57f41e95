import type { SeedContext } from '@svc/kit';
import type { CreateRedirectData } from '../inputs/redirect.input';
import type { SiteServices } from '../services';

/** The demo store's redirects: moved pages, a temporary campaign link, an external one. */
export const demoRedirects = (): CreateRedirectData[] => [
  { source: '/shop', target: '/store', status_code: 301 },
  { source: '/products/classic-tee', target: '/products/classic-organic-tee', status_code: 301 },
  { source: '/sale', target: '/collections/summer-essentials', status_code: 302 },
  { source: '/help', target: 'https://docs.example.com/help', status_code: 302 },
];

/** site's part of the demo store, created like an admin would create it. */
export async function seedDemoSite(s: SiteServices, seed: SeedContext): Promise<void> {
  for (const r of demoRedirects()) await s.redirects.create(seed.ctx, r);
  seed.log.debug({ tenantId: seed.tenantId }, 'site: demo redirects created');
}
