import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What analytics tells the rest of the platform (payloads are checked when emitted). */
export const analyticsEvents = defineEvents('analytics', {
  /** a tenant's rollups were rebuilt from its recorded events */
  'analytics.rebuilt': z.object({ events: z.number().int(), cells: z.number().int() }),
});
