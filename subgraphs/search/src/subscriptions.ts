import { catalogEvents } from '@svc/catalog/events';
import { contentEvents } from '@svc/content/events';
import { eventsEvents } from '@svc/events/events';
import { toursEvents } from '@svc/tours/events';
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
  catalogEvents.on<SearchServices, 'product.deleted'>(
    'product.deleted',
    'index-product-deleted',
    async (e, ctx, s) => void (await s.index.remove(ctx, 'product', [e.data.id])),
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
  toursEvents.on<SearchServices, 'tour.published'>(
    'tour.published',
    'index-tour-published',
    async (e, ctx, s) => void (await s.index.indexTour(ctx, e.data.id)),
  ),
  toursEvents.on<SearchServices, 'tour.updated'>('tour.updated', 'index-tour-updated', async (e, ctx, s) => void (await s.index.indexTour(ctx, e.data.id))),
  toursEvents.on<SearchServices, 'tour.deleted'>(
    'tour.deleted',
    'index-tour-deleted',
    async (e, ctx, s) => void (await s.index.remove(ctx, 'tour', [e.data.id])),
  ),
  eventsEvents.on<SearchServices, 'event.published'>(
    'event.published',
    'index-event-published',
    async (e, ctx, s) => void (await s.index.indexEvent(ctx, e.data.id, e.data.slug)),
  ),
  eventsEvents.on<SearchServices, 'event.updated'>(
    'event.updated',
    'index-event-updated',
    async (e, ctx, s) => void (await s.index.indexEvent(ctx, e.data.id, e.data.slug)),
  ),
  eventsEvents.on<SearchServices, 'event.canceled'>(
    'event.canceled',
    'index-event-canceled',
    async (e, ctx, s) => void (await s.index.remove(ctx, 'event', [e.data.id])),
  ),
  eventsEvents.on<SearchServices, 'event.deleted'>(
    'event.deleted',
    'index-event-deleted',
    async (e, ctx, s) => void (await s.index.remove(ctx, 'event', [e.data.id])),
  ),
];
