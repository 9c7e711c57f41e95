import { z } from 'zod';
import { fieldsParam, idParam, listEnvelope, queryOf, route } from '@svc/kit';
import { searchItemListSchema } from '../inputs/search-item.input';

/** Top-level fields a client may name in `fields` (the default document holds them all). */
const ITEM_FIELDS = new Set(['id', 'title', 'handle', 'description', 'metadata', 'created_at', 'updated_at']);

/** The list arguments of the graph (inputs/), read from the query string, plus `fields`. */
const itemList = queryOf(searchItemListSchema).extend({ fields: fieldsParam });

/** search's REST routes: the storefront reads of search items (operations in ./operations). */
export const searchRoutes = [
  route({
    method: 'GET', path: '/store/search-items', auth: 'publishable', query: itemList,
    operation: 'search/StoreSearchItems', summary: 'Search items, newest first (order, q, id, handle, limit, offset)',
    fields: { key: 'search_items', allowed: ITEM_FIELDS },
    variables: ({ query: { fields: _f, ...rest } }) => rest,
    respond: (d) => listEnvelope('search_items', d.searchItems),
  }),
  route({
    method: 'GET', path: '/store/search-items/:id', auth: 'publishable', params: idParam, query: z.strictObject({ fields: fieldsParam }),
    operation: 'search/StoreSearchItem', summary: 'One search item by id or handle',
    fields: { key: 'search_item', allowed: ITEM_FIELDS },
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => ({ search_item: d.searchItem }),
  }),
];
