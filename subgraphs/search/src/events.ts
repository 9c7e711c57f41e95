import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What search tells the rest of the platform (payloads are checked when emitted). */
export const searchEvents = defineEvents('search', {
  'search_index.rebuilt': z.object({
    products: z.number().int(),
    blog_posts: z.number().int(),
    pages: z.number().int(),
    tours: z.number().int().optional(),
    events: z.number().int().optional(),
  }),
  /** a storefront search (its first page) ran: the words as normalised and how many documents matched (analytics: terms with and without results) */
  'search.performed': z.object({ term: z.string(), results: z.number().int() }),
});
