import { z } from 'zod';
import { fieldsParam, idParam, listEnvelope, queryOf, route } from '@svc/kit';
import { commerceItemListSchema } from '../inputs/commerce-item.input';

/** Top-level fields a client may name in `fields` (the default document holds them all). */
const ITEM_FIELDS = new Set(['id', 'title', 'handle', 'description', 'metadata', 'created_at', 'updated_at']);

/** The list arguments of the graph (inputs/), read from the query string, plus `fields`. */
const itemList = queryOf(commerceItemListSchema).extend({ fields: fieldsParam });

/** commerce's REST routes: the storefront reads of commerce items (operations in ./operations). */
export const commerceRoutes = [
  route({
    method: 'GET', path: '/store/commerce-items', auth: 'publishable', query: itemList,
    operation: 'commerce/StoreCommerceItems', summary: 'Commerce items, newest first (order, q, id, handle, limit, offset)',
    fields: { key: 'commerce_items', allowed: ITEM_FIELDS },
    variables: ({ query: { fields: _f, ...rest } }) => rest,
    respond: (d) => listEnvelope('commerce_items', d.commerceItems),
  }),
  route({
    method: 'GET', path: '/store/commerce-items/:id', auth: 'publishable', params: idParam, query: z.strictObject({ fields: fieldsParam }),
    operation: 'commerce/StoreCommerceItem', summary: 'One commerce item by id or handle',
    fields: { key: 'commerce_item', allowed: ITEM_FIELDS },
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => ({ commerce_item: d.commerceItem }),
  }),
];
