import { z } from 'zod';
import { fieldsParam, idParam, listEnvelope, queryOf, route } from '@svc/kit';
import { {{camel}}ItemListSchema } from '../inputs/{{name}}-item.input';

/** Top-level fields a client may name in `fields` (the default document holds them all). */
const ITEM_FIELDS = new Set(['id', 'title', 'handle', 'description', 'metadata', 'created_at', 'updated_at']);

/** The list arguments of the graph (inputs/), read from the query string, plus `fields`. */
const itemList = queryOf({{camel}}ItemListSchema).extend({ fields: fieldsParam });

/** {{name}}'s REST routes: the storefront reads of {{human}} items (operations in ./operations). */
export const {{camel}}Routes = [
  route({
    method: 'GET', path: '/store/{{name}}-items', auth: 'publishable', query: itemList,
    operation: '{{name}}/Store{{Name}}Items', summary: '{{Human}} items, newest first (order, q, id, handle, limit, offset)',
    fields: { key: '{{snake}}_items', allowed: ITEM_FIELDS },
    variables: ({ query: { fields: _f, ...rest } }) => rest,
    respond: (d) => listEnvelope('{{snake}}_items', d.{{camel}}Items),
  }),
  route({
    method: 'GET', path: '/store/{{name}}-items/:id', auth: 'publishable', params: idParam, query: z.strictObject({ fields: fieldsParam }),
    operation: '{{name}}/Store{{Name}}Item', summary: 'One {{human}} item by id or handle',
    fields: { key: '{{snake}}_item', allowed: ITEM_FIELDS },
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => ({ {{snake}}_item: d.{{camel}}Item }),
  }),
];
