import { catalogEvents } from '@svc/catalog/events';
import { contentEvents } from '@svc/content/events';
import type { Subscription } from '@svc/kit';
import type { SearchServices } from './services';

/**
 * How the index stays current: each product event reloads the product through the supergraph
 * (published: indexed; unpublished or deleted: removed); content's events carry the whole
 * searchable document. Handlers run in the search domain's transaction, once per event.
 */
export const searchSubscriptions: Subscription<SearchServices>[] = [
  catalogEvents.on<SearchServices, 'product.created'>(
    'product.created',
    'index-product-created',
    async (e, ctx, s) => void (await s.index.indexProduct(ctx, e.data.id)),
  ),
  catalogEvents.on<SearchServices, 'product.updated'>(
    'product.updated',
    'index-product-updated',
    async (e, ctx, s) => void (await s.index.indexProduct(ctx, e.data.id)),
  ),
  contentEvents.on<SearchServices, 'blog_post.published'>('blog_post.published', 'index-blog-post-published', (e, ctx, s) =>
    s.index.indexContent(ctx, 'blog_post', e.data),
  ),
  contentEvents.on<SearchServices, 'blog_post.updated'>('blog_post.updated', 'index-blog-post-updated', (e, ctx, s) =>
    s.index.indexContent(ctx, 'blog_post', e.data),
  ),
  contentEvents.on<SearchServices, 'blog_post.unpublished'>(
    'blog_post.unpublished',
    'index-blog-post-unpublished',
    async (e, ctx, s) => void (await s.index.remove(ctx, 'blog_post', [e.data.id])),
  ),
  contentEvents.on<SearchServices, 'page.published'>('page.published', 'index-page-published', (e, ctx, s) => s.index.indexContent(ctx, 'page', e.data)),
  contentEvents.on<SearchServices, 'page.updated'>('page.updated', 'index-page-updated', (e, ctx, s) => s.index.indexContent(ctx, 'page', e.data)),
  contentEvents.on<SearchServices, 'page.unpublished'>(
    'page.unpublished',
    'index-page-unpublished',
    async (e, ctx, s) => void (await s.index.remove(ctx, 'page', [e.data.id])),
  ),
];
