import type { SearchableDocument } from '../events';

const SUMMARY_MAX = 300;
const TEXT_MAX = 20_000;

/** What a search document needs of one stored variant. */
export interface IndexableVariant {
  locale: string;
  title: string;
  excerpt?: string | null;
  seo_description?: string | null;
  text: string;
}

/** An image path of the platform (`/static/…`) made absolute; absolute URLs pass. */
export function absoluteUrl(url: string | null, base: string): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  return `${base.replace(/\/+$/, '')}${url}`;
}

/** The `searchableDocument` payload of events and of `contentSearchDocuments`. */
export function searchDocument(d: {
  id: string;
  slug: string;
  published_at: Date | string;
  variants: IndexableVariant[];
  categories?: string[];
  tags?: string[];
  image_url: string | null;
}): SearchableDocument {
  return {
    id: d.id,
    slug: d.slug,
    published_at: new Date(d.published_at).toISOString(),
    variants: d.variants.map((v) => ({
      locale: v.locale,
      title: v.title,
      summary: (v.excerpt || v.seo_description || v.text).slice(0, SUMMARY_MAX),
      text: v.text.slice(0, TEXT_MAX),
    })),
    categories: d.categories ?? [],
    tags: d.tags ?? [],
    image_url: d.image_url,
  };
}
