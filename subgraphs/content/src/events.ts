import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/**
 * One locale variant of a published document, as the search index needs it: plain text (no
 * markup), so that the index never parses HTML.
 */
export const searchableVariant = z.object({
  locale: z.string(),
  title: z.string(),
  /** excerpt or SEO description */
  summary: z.string(),
  /** the body as plain text (at most 20,000 characters) */
  text: z.string(),
});

/** A published blog post or page: every locale variant, and what the index facets and links by. */
export const searchableDocument = z.object({
  id: z.string(),
  slug: z.string(),
  published_at: z.string(),
  variants: z.array(searchableVariant).min(1),
  /** blog posts: the slugs of their categories and tags (pages: empty) */
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  /** an image for result cards (absolute URL), if any */
  image_url: z.string().nullable(),
});
export type SearchableDocument = z.infer<typeof searchableDocument>;

/**
 * What content tells the rest of the platform (payloads are checked when emitted).
 * `*.published` is emitted when a document becomes visible (published now, or a scheduled one
 * whose `published_at` passed), `*.updated` when a visible one changes, `*.unpublished` when it
 * stops being visible (back to draft, deleted). The search index is kept from these alone.
 */
export const contentEvents = defineEvents('content', {
  'blog_post.published': searchableDocument,
  'blog_post.updated': searchableDocument,
  'blog_post.unpublished': z.object({ id: z.string() }),
  'page.published': searchableDocument,
  'page.updated': searchableDocument,
  'page.unpublished': z.object({ id: z.string() }),
  'blog_comment.created': z.object({ id: z.string(), post_id: z.string() }),
});
