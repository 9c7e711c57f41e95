import { z } from 'zod';
import { fieldsParam, idParam, listEnvelope, queryOf, route } from '@svc/kit';
import { subscriptionsItemListSchema } from '../inputs/subscriptions-item.input';

/** Top-level fields a client may name in `fields` (the default document holds them all). */
const ITEM_FIELDS = new Set(['id', 'title', 'handle', 'description', 'metadata', 'created_at', 'updated_at']);

/** The list arguments of the graph (inputs/), read from the query string, plus `fields`. */
const itemList = queryOf(subscriptionsItemListSchema).extend({ fields: fieldsParam });

/** subscriptions's REST routes: the storefront reads of subscriptions items (operations in ./operations). */
export const subscriptionsRoutes = [
  route({
    method: 'GET',
    path: '/store/subscriptions-items',
    auth: 'publishable',
    query: itemList,
    operation: 'subscriptions/StoreSubscriptionsItems',
    summary: 'Subscriptions items, newest first (order, q, id, handle, limit, offset)',
    fields: { key: 'subscriptions_items', allowed: ITEM_FIELDS },
    variables: ({ query: { fields: _f, ...rest } }) => rest,
    respond: (d) => listEnvelope('subscriptions_items', d.subscriptionsItems),
  }),
  route({
    method: 'GET',
    path: '/store/subscriptions-items/:id',
    auth: 'publishable',
    params: idParam,
    query: z.strictObject({ fields: fieldsParam }),
    operation: 'subscriptions/StoreSubscriptionsItem',
    summary: 'One subscriptions item by id or handle',
    fields: { key: 'subscriptions_item', allowed: ITEM_FIELDS },
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => ({ subscriptions_item: d.subscriptionsItem }),
  }),
];
