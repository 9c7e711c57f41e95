import { z } from 'zod';
import { defineEvents } from '@svc/kit';

const metafieldRef = z.object({ id: z.string(), resource_type: z.string(), resource_id: z.string(), namespace: z.string(), key: z.string() });

/** What site tells the rest of the platform (payloads are checked when emitted). */
export const siteEvents = defineEvents('site', {
  'redirect.created': z.object({ id: z.string(), source: z.string() }),
  'redirect.updated': z.object({ id: z.string(), fields: z.array(z.string()) }),
  'redirect.deleted': z.object({ id: z.string(), source: z.string() }),
  'metafield.set': metafieldRef,
  'metafield.deleted': metafieldRef,
  'menu.created': z.object({ id: z.string(), handle: z.string() }),
  'menu.updated': z.object({ id: z.string(), fields: z.array(z.string()) }),
  'menu.deleted': z.object({ id: z.string(), handle: z.string() }),
  'brand.updated': z.object({ fields: z.array(z.string()) }),
  'theme.updated': z.object({ version: z.number().int(), part: z.enum(['tokens', 'sections', 'settings']) }),
});
