import { z } from 'zod';
import { listEnvelope, queryOf, route } from '@svc/kit';
import { commentListSchema, commentSchema, localeOnlySchema, postListSchema, postsOfSchema, taxonomyListSchema } from '../inputs/content.input';

const slugParam = z.strictObject({ slug: z.string().min(1).max(200) });
const idParam = z.strictObject({ id: z.string().min(1).max(200) });
/** a category, tag or author with its posts -> `{ <key>: resource, blog_posts, count, offset, limit }` */
const withPosts = <T extends { posts: { items: unknown[]; count: number; offset: number; limit: number } }>(key: string, r: T) => {
  const { posts, ...resource } = r;
  return { [key]: resource, ...listEnvelope('blog_posts', posts) };
};

/** content's REST routes: the storefront's blog and pages (operations in ./operations). */
export const contentRoutes = [
  route({
    method: 'GET',
    path: '/store/blog-posts',
    auth: 'publishable',
    query: queryOf(postListSchema),
    operation: 'content/StoreBlogPosts',
    summary: 'Published blog posts, newest first, in the requested locale (locale, category, tag, author_id, limit, offset)',
    variables: ({ query }) => query,
    respond: (d) => listEnvelope('blog_posts', d.blogPosts),
  }),
  route({
    method: 'GET',
    path: '/store/blog-posts/:slug',
    auth: 'publishable',
    params: slugParam,
    query: queryOf(localeOnlySchema),
    operation: 'content/StoreBlogPost',
    summary: 'One published blog post: body as authored and sanitized HTML',
    variables: ({ params, query }) => ({ slug: params.slug, locale: query.locale }),
    respond: (d) => ({ blog_post: d.blogPost }),
  }),
  route({
    method: 'GET',
    path: '/store/blog-posts/:slug/comments',
    auth: 'publishable',
    params: slugParam,
    query: queryOf(commentListSchema),
    operation: 'content/StoreBlogComments',
    summary: 'Approved comments of a published post, oldest first',
    variables: ({ params, query }) => ({ slug: params.slug, ...query }),
    respond: (d) => listEnvelope('comments', d.blogComments),
  }),
  route({
    method: 'POST',
    path: '/store/blog-posts/:slug/comments',
    auth: 'publishable',
    antispam: true,
    params: slugParam,
    body: commentSchema,
    operation: 'content/CreateBlogComment',
    summary: 'Submits a comment (pending until moderated); anti-spam token required; guests give author_name',
    variables: ({ params, body: { antispam_token: _t, ...input } }) => ({ slug: params.slug, input }),
    respond: (d) => ({ comment: d.createBlogComment }),
  }),
  route({
    method: 'GET',
    path: '/store/blog-categories',
    auth: 'publishable',
    query: queryOf(taxonomyListSchema),
    operation: 'content/StoreBlogCategories',
    summary: 'Blog categories with their published-post counts',
    variables: ({ query }) => query,
    respond: (d) => listEnvelope('blog_categories', d.blogCategories),
  }),
  route({
    method: 'GET',
    path: '/store/blog-categories/:slug',
    auth: 'publishable',
    params: slugParam,
    query: queryOf(postsOfSchema),
    operation: 'content/StoreBlogCategory',
    summary: 'One category with its published posts (limit, offset, locale)',
    variables: ({ params, query }) => ({ slug: params.slug, ...query }),
    respond: (d) => withPosts('blog_category', d.blogCategory),
  }),
  route({
    method: 'GET',
    path: '/store/blog-tags',
    auth: 'publishable',
    query: queryOf(taxonomyListSchema),
    operation: 'content/StoreBlogTags',
    summary: 'Blog tags with their published-post counts',
    variables: ({ query }) => query,
    respond: (d) => listEnvelope('blog_tags', d.blogTags),
  }),
  route({
    method: 'GET',
    path: '/store/blog-tags/:slug',
    auth: 'publishable',
    params: slugParam,
    query: queryOf(postsOfSchema),
    operation: 'content/StoreBlogTag',
    summary: 'One tag with its published posts (limit, offset, locale)',
    variables: ({ params, query }) => ({ slug: params.slug, ...query }),
    respond: (d) => withPosts('blog_tag', d.blogTag),
  }),
  route({
    method: 'GET',
    path: '/store/blog-authors/:id',
    auth: 'publishable',
    params: idParam,
    query: queryOf(postsOfSchema),
    operation: 'content/StoreBlogAuthor',
    summary: 'An author profile (name, bio, avatar) with their published posts',
    variables: ({ params, query }) => ({ id: params.id, ...query }),
    respond: (d) => withPosts('blog_author', d.blogAuthor),
  }),
  route({
    method: 'GET',
    path: '/store/pages',
    auth: 'publishable',
    query: queryOf(postsOfSchema),
    operation: 'content/StorePages',
    summary: 'Published pages with their SEO meta, by slug (locale, limit, offset)',
    variables: ({ query }) => query,
    respond: (d) => listEnvelope('pages', d.pages),
  }),
  route({
    method: 'GET',
    path: '/store/pages/:slug',
    auth: 'publishable',
    params: slugParam,
    query: queryOf(localeOnlySchema),
    operation: 'content/StorePage',
    summary: 'One published page: render-ready sanitized HTML and SEO meta (title, description, canonical URL, Open Graph image)',
    variables: ({ params, query }) => ({ slug: params.slug, locale: query.locale }),
    respond: (d) => ({ page: d.page }),
  }),
];
