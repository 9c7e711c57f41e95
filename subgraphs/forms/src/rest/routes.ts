import { z } from 'zod';
import { fieldsParam, idParam, listEnvelope, queryOf, route } from '@svc/kit';
import { formsItemListSchema } from '../inputs/forms-item.input';

/** Top-level fields a client may name in `fields` (the default document holds them all). */
const ITEM_FIELDS = new Set(['id', 'title', 'handle', 'description', 'metadata', 'created_at', 'updated_at']);

/** The list arguments of the graph (inputs/), read from the query string, plus `fields`. */
const itemList = queryOf(formsItemListSchema).extend({ fields: fieldsParam });

/** forms's REST routes: the storefront reads of forms items (operations in ./operations). */
export const formsRoutes = [
  route({
    method: 'GET', path: '/store/forms-items', auth: 'publishable', query: itemList,
    operation: 'forms/StoreFormsItems', summary: 'Forms items, newest first (order, q, id, handle, limit, offset)',
    fields: { key: 'forms_items', allowed: ITEM_FIELDS },
    variables: ({ query: { fields: _f, ...rest } }) => rest,
    respond: (d) => listEnvelope('forms_items', d.formsItems),
  }),
  route({
    method: 'GET', path: '/store/forms-items/:id', auth: 'publishable', params: idParam, query: z.strictObject({ fields: fieldsParam }),
    operation: 'forms/StoreFormsItem', summary: 'One forms item by id or handle',
    fields: { key: 'forms_item', allowed: ITEM_FIELDS },
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => ({ forms_item: d.formsItem }),
  }),
];
