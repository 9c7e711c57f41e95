import type { BlogAuthor, BlogCategory, BlogComment, BlogPost, BlogTag, StoredPostVariant } from '../entities/blog.entity';
import type { Page, StoredPageVariant } from '../entities/page.entity';

/** Plain objects in the API's snake_case (GraphQL fields = REST JSON). */

export interface AuthorView {
  id: string;
  name: string;
  bio: string | null;
  avatar_url: string | null;
}
export interface TermView {
  id: string;
  slug: string;
  name: string;
  description?: string | null;
  post_count?: number;
}

/** A visible post in one locale, as the storefront reads it. */
export interface PostView {
  id: string;
  slug: string;
  locale: string;
  available_locales: string[];
  title: string;
  excerpt: string | null;
  body_format: string;
  body: string;
  html: string;
  reading_time_minutes: number;
  seo_title: string | null;
  seo_description: string | null;
  image_url: string | null;
  published_at: string;
  author: AuthorView | null;
  categories: TermView[];
  tags: TermView[];
}

export type PostVariantView = Omit<StoredPostVariant, 'text'>;

/** A post as admins manage it: every variant, the state. */
export interface AdminPostView {
  id: string;
  slug: string;
  status: string;
  /** visible on the storefront now (published, or scheduled and due) */
  visible: boolean;
  published_at: string | null;
  author_id: string | null;
  image_url: string | null;
  category_ids: string[];
  tag_ids: string[];
  variants: PostVariantView[];
  created_at: string;
  updated_at: string;
}

export interface CommentView {
  id: string;
  post_id: string;
  author_name: string;
  body: string;
  created_at: string;
}
export interface AdminCommentView extends CommentView {
  status: string;
  customer_id: string | null;
  author_email: string | null;
  moderated_at: string | null;
}

export interface SeoView {
  title: string;
  description: string | null;
  canonical_url: string | null;
  og_image_url: string | null;
}
export interface PageView {
  id: string;
  slug: string;
  locale: string;
  available_locales: string[];
  title: string;
  body_format: string;
  body: string;
  html: string;
  seo: SeoView;
  published_at: string;
  updated_at: string;
}
export interface AdminPageView {
  id: string;
  slug: string;
  status: string;
  published_at: string | null;
  canonical_url: string | null;
  og_image_url: string | null;
  variants: Array<Omit<StoredPageVariant, 'text'>>;
  created_at: string;
  updated_at: string;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
const withoutText = <T extends { text: string }>({ text: _t, ...rest }: T) => rest;

export const toAuthorView = (a: BlogAuthor): AuthorView => ({ id: a.id, name: a.name, bio: a.bio, avatar_url: a.avatarUrl });
export const toCategoryView = (c: BlogCategory): TermView => ({ id: c.id, slug: c.slug, name: c.name, description: c.description });
export const toTagView = (t: BlogTag): TermView => ({ id: t.id, slug: t.slug, name: t.name });

export function toAdminPostView(p: BlogPost, now: Date): AdminPostView {
  return {
    id: p.id,
    slug: p.slug,
    status: p.status,
    visible: p.status !== 'draft' && !!p.publishedAt && p.publishedAt.getTime() <= now.getTime(),
    published_at: iso(p.publishedAt),
    author_id: p.authorId,
    image_url: p.imageUrl,
    category_ids: p.categoryIds,
    tag_ids: p.tagIds,
    variants: p.variants.map(withoutText),
    created_at: iso(p.createdAt)!,
    updated_at: iso(p.updatedAt)!,
  };
}

export const toCommentView = (c: BlogComment): CommentView => ({
  id: c.id,
  post_id: c.postId,
  author_name: c.authorName,
  body: c.body,
  created_at: iso(c.createdAt)!,
});
export const toAdminCommentView = (c: BlogComment): AdminCommentView => ({
  ...toCommentView(c),
  status: c.status,
  customer_id: c.customerId,
  author_email: c.authorEmail,
  moderated_at: iso(c.moderatedAt),
});

export const toAdminPageView = (p: Page): AdminPageView => ({
  id: p.id,
  slug: p.slug,
  status: p.status,
  published_at: iso(p.publishedAt),
  canonical_url: p.canonicalUrl,
  og_image_url: p.ogImageUrl,
  variants: p.variants.map(withoutText),
  created_at: iso(p.createdAt)!,
  updated_at: iso(p.updatedAt)!,
});
