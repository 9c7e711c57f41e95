import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What localization tells the rest of the platform (payloads are checked when emitted). */
export const localizationEvents = defineEvents('localization', {
  'locale.created': z.object({ id: z.string(), code: z.string(), is_default: z.boolean() }),
  'locale.updated': z.object({ id: z.string(), code: z.string(), fields: z.array(z.string()) }),
  'locale.deleted': z.object({ id: z.string(), code: z.string() }),
  'locale.default_changed': z.object({ id: z.string(), code: z.string(), previous: z.string().nullable() }),
  'currency_pair.created': z.object({ id: z.string(), base: z.string(), quote: z.string() }),
  'currency_pair.deleted': z.object({ id: z.string(), base: z.string(), quote: z.string() }),
  'currency_pair.override_changed': z.object({ id: z.string(), base: z.string(), quote: z.string(), manual_rate: z.number().nullable() }),
  'translation.set': z.object({ id: z.string(), resource_type: z.string(), resource_id: z.string(), locale: z.string(), fields: z.array(z.string()) }),
  'translation.deleted': z.object({ id: z.string(), resource_type: z.string(), resource_id: z.string(), locale: z.string() }),
});
