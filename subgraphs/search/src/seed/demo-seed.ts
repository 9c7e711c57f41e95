import type { SeedContext } from '@svc/kit';
import type { SearchServices } from '../services';

/** search's part of the demo store (order 200, after the catalog and content): the index, built from them. */
export async function seedDemoSearch(s: SearchServices, seed: SeedContext): Promise<void> {
  const report = await s.index.rebuild(seed.ctx);
  seed.log.debug({ tenantId: seed.tenantId, ...report }, 'search: demo index built');
}
