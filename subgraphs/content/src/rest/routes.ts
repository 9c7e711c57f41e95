import { z } from 'zod';
import { fieldsParam, idParam, listEnvelope, queryOf, route } from '@svc/kit';
import { contentItemListSchema } from '../inputs/content-item.input';

/** Top-level fields a client may name in `fields` (the default document holds them all). */
const ITEM_FIELDS = new Set(['id', 'title', 'handle', 'description', 'metadata', 'created_at', 'updated_at']);

/** The list arguments of the graph (inputs/), read from the query string, plus `fields`. */
const itemList = queryOf(contentItemListSchema).extend({ fields: fieldsParam });

/** content's REST routes: the storefront reads of content items (operations in ./operations). */
export const contentRoutes = [
  route({
    method: 'GET', path: '/store/content-items', auth: 'publishable', query: itemList,
    operation: 'content/StoreContentItems', summary: 'Content items, newest first (order, q, id, handle, limit, offset)',
    fields: { key: 'content_items', allowed: ITEM_FIELDS },
    variables: ({ query: { fields: _f, ...rest } }) => rest,
    respond: (d) => listEnvelope('content_items', d.contentItems),
  }),
  route({
    method: 'GET', path: '/store/content-items/:id', auth: 'publishable', params: idParam, query: z.strictObject({ fields: fieldsParam }),
    operation: 'content/StoreContentItem', summary: 'One content item by id or handle',
    fields: { key: 'content_item', allowed: ITEM_FIELDS },
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => ({ content_item: d.contentItem }),
  }),
];
