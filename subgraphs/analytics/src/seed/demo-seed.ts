import type { SeedContext } from '@svc/kit';
import type { AnalyticsServices } from '../services';

/**
 * analytics's part of the demo store: nothing of its own. The demo's orders, carts, searches,
 * tracked events and campaign opens and clicks reach it as events (the other domains' seeds emit
 * them) and fill the rollups once the relay has delivered them.
 */
export async function seedDemoAnalytics(_s: AnalyticsServices, seed: SeedContext): Promise<void> {
  seed.log.debug({ tenantId: seed.tenantId }, 'analytics: the rollups fill from the demo store events');
}
