import { z } from 'zod';
import { fieldsParam, idParam, listEnvelope, queryOf, route } from '@svc/kit';
import { mediaItemListSchema } from '../inputs/media-item.input';

/** Top-level fields a client may name in `fields` (the default document holds them all). */
const ITEM_FIELDS = new Set(['id', 'title', 'handle', 'description', 'metadata', 'created_at', 'updated_at']);

/** The list arguments of the graph (inputs/), read from the query string, plus `fields`. */
const itemList = queryOf(mediaItemListSchema).extend({ fields: fieldsParam });

/** media's REST routes: the storefront reads of media items (operations in ./operations). */
export const mediaRoutes = [
  route({
    method: 'GET', path: '/store/media-items', auth: 'publishable', query: itemList,
    operation: 'media/StoreMediaItems', summary: 'Media items, newest first (order, q, id, handle, limit, offset)',
    fields: { key: 'media_items', allowed: ITEM_FIELDS },
    variables: ({ query: { fields: _f, ...rest } }) => rest,
    respond: (d) => listEnvelope('media_items', d.mediaItems),
  }),
  route({
    method: 'GET', path: '/store/media-items/:id', auth: 'publishable', params: idParam, query: z.strictObject({ fields: fieldsParam }),
    operation: 'media/StoreMediaItem', summary: 'One media item by id or handle',
    fields: { key: 'media_item', allowed: ITEM_FIELDS },
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => ({ media_item: d.mediaItem }),
  }),
];
