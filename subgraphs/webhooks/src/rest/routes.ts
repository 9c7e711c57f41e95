import { z } from 'zod';
import { fieldsParam, idParam, listEnvelope, queryOf, route } from '@svc/kit';
import { webhooksItemListSchema } from '../inputs/webhooks-item.input';

/** Top-level fields a client may name in `fields` (the default document holds them all). */
const ITEM_FIELDS = new Set(['id', 'title', 'handle', 'description', 'metadata', 'created_at', 'updated_at']);

/** The list arguments of the graph (inputs/), read from the query string, plus `fields`. */
const itemList = queryOf(webhooksItemListSchema).extend({ fields: fieldsParam });

/** webhooks's REST routes: the storefront reads of webhooks items (operations in ./operations). */
export const webhooksRoutes = [
  route({
    method: 'GET', path: '/store/webhooks-items', auth: 'publishable', query: itemList,
    operation: 'webhooks/StoreWebhooksItems', summary: 'Webhooks items, newest first (order, q, id, handle, limit, offset)',
    fields: { key: 'webhooks_items', allowed: ITEM_FIELDS },
    variables: ({ query: { fields: _f, ...rest } }) => rest,
    respond: (d) => listEnvelope('webhooks_items', d.webhooksItems),
  }),
  route({
    method: 'GET', path: '/store/webhooks-items/:id', auth: 'publishable', params: idParam, query: z.strictObject({ fields: fieldsParam }),
    operation: 'webhooks/StoreWebhooksItem', summary: 'One webhooks item by id or handle',
    fields: { key: 'webhooks_item', allowed: ITEM_FIELDS },
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => ({ webhooks_item: d.webhooksItem }),
  }),
];
