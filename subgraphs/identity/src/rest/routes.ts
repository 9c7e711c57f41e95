import { z } from 'zod';
import { Errors, idParam, limitParam, offsetParam, route, wantsRelation, type FieldsOption } from '@svc/kit';
import { emailPassSchema, registerSchema } from '../inputs/auth.input';
import { addressSchema, createCustomerSchema, updateCustomerSchema } from '../inputs/customer.input';

const fieldsOnly = z.strictObject({ fields: z.string().max(2000).optional() });
const customerFields: FieldsOption = {
  key: 'customer',
  allowed: new Set([
    'id', 'email', 'first_name', 'last_name', 'phone', 'company_name', 'has_account', 'default_billing_address_id',
    'default_shipping_address_id', 'addresses', 'metadata', 'created_at', 'updated_at', 'deleted_at', 'orders',
  ]),
};

const ADDRESS_FIELDS = new Set([
  'id', 'address_name', 'is_default_shipping', 'is_default_billing', 'customer_id', 'company', 'first_name', 'last_name', 'address_1',
  'address_2', 'city', 'country_code', 'province', 'postal_code', 'phone', 'metadata', 'created_at', 'updated_at',
]);

const authRoutes = [
  route({
    method: 'POST', path: '/auth/customer/emailpass', auth: 'publishable', body: emailPassSchema, tag: 'auth',
    operation: 'identity/LoginCustomer', summary: 'Customer sign-in; returns a customer JWT (24 h)',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ token: d.loginCustomer.token }),
  }),
  route({
    method: 'POST', path: '/auth/customer/emailpass/register', auth: 'publishable', body: registerSchema, tag: 'auth',
    operation: 'identity/RegisterCustomer', summary: 'Registers a customer (identity + profile); returns a customer JWT',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ token: d.registerCustomer.token }),
  }),
  route({
    method: 'POST', path: '/auth/user/emailpass', auth: 'none', body: emailPassSchema, tag: 'auth',
    operation: 'identity/LoginAdmin', summary: 'Admin sign-in; returns an admin JWT (12 h)',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ token: d.loginAdmin.token }),
  }),
  route({
    method: 'POST', path: '/auth/token/refresh', auth: 'token', body: z.strictObject({}), tag: 'auth',
    operation: 'identity/RefreshToken', summary: 'A fresh token for the same session',
    respond: (d) => ({ token: d.refreshToken.token }),
  }),
  route({
    method: 'DELETE', path: '/auth/session', auth: 'token', tag: 'auth',
    operation: 'identity/Logout', summary: 'Revokes the session of the presented token',
    respond: (d) => ({ success: d.logout.success }),
  }),
  route({
    method: 'GET', path: '/store/anti-spam/challenge', auth: 'publishable', tag: 'auth',
    operation: 'identity/AntispamChallenge', summary: 'ALTCHA proof-of-work challenge for public POSTs (valid 10 minutes)',
    respond: (d) => d.antispamChallenge,
  }),
];

const customerRoutes = [
  route({
    method: 'POST', path: '/store/customers', auth: 'customer', query: fieldsOnly, tag: 'customers',
    body: createCustomerSchema,
    fields: customerFields,
    operation: 'identity/CreateCustomer', summary: 'Creates or completes the profile of the registered customer',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ customer: d.createCustomer }),
  }),
  route({
    method: 'GET', path: '/store/customers/me', auth: 'customer', query: fieldsOnly, tag: 'customers',
    fields: customerFields,
    operation: 'identity/Me', summary: 'The signed-in customer with addresses (and orders with fields=*orders: commerce adds them in the graph)',
    variables: ({ query }) => ({ with_orders: wantsRelation(query.fields, 'orders') }),
    respond: (d) => {
      const { orders, ...customer } = d.me;
      return { customer: orders ? { ...customer, orders: orders.items.map((o: { document: unknown }) => o.document) } : customer };
    },
  }),
  route({
    method: 'POST', path: '/store/customers/me', auth: 'customer', query: fieldsOnly, body: updateCustomerSchema, tag: 'customers',
    fields: customerFields,
    operation: 'identity/UpdateMe', summary: 'Updates profile fields',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ customer: d.updateMe }),
  }),
  route({
    method: 'POST', path: '/store/customers/me/addresses', auth: 'customer', query: fieldsOnly, body: addressSchema, tag: 'customers',
    fields: customerFields,
    operation: 'identity/AddMyAddress', summary: 'Adds a shipping address; answers the customer (Medusa shape)',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ customer: d.addMyAddress }),
  }),
  route({
    method: 'GET', path: '/store/customers/me/addresses', auth: 'customer', tag: 'customers',
    query: z.strictObject({
      limit: limitParam, offset: offsetParam, fields: z.string().max(2000).optional(), q: z.string().max(200).optional(),
      city: z.string().max(200).optional(), country_code: z.string().max(2).optional(), postal_code: z.string().max(40).optional(),
    }),
    fields: { key: 'addresses', allowed: ADDRESS_FIELDS },
    operation: 'identity/Me', summary: "The signed-in customer's addresses (q, city, country_code, postal_code filters)",
    respond: (d, { query }) => {
      const match = (a: Record<string, string | null>) =>
        (!query.city || a.city?.toLowerCase() === query.city.toLowerCase()) &&
        (!query.country_code || a.country_code === query.country_code.toLowerCase()) &&
        (!query.postal_code || a.postal_code === query.postal_code) &&
        (!query.q || Object.values(a).some((v) => typeof v === 'string' && v.toLowerCase().includes(query.q!.toLowerCase())));
      const all = (d.me.addresses as Array<Record<string, string | null>>).filter(match);
      const offset = query.offset ?? 0;
      const limit = query.limit ?? 50;
      return { addresses: all.slice(offset, offset + limit), count: all.length, offset, limit };
    },
  }),
  route({
    method: 'GET', path: '/store/customers/me/addresses/:id', auth: 'customer', params: idParam, query: fieldsOnly, tag: 'customers',
    fields: { key: 'address', allowed: ADDRESS_FIELDS },
    operation: 'identity/Me', summary: "One of the signed-in customer's addresses (another customer's: 404)",
    respond: (d, { params }) => {
      const address = (d.me.addresses as Array<{ id: string }>).find((a) => a.id === params.id);
      if (!address) throw Errors.notFound('Address', params.id);
      return { address };
    },
  }),
  route({
    method: 'POST', path: '/store/customers/me/addresses/:id', auth: 'customer', params: idParam, query: fieldsOnly, body: addressSchema, tag: 'customers',
    fields: customerFields,
    operation: 'identity/UpdateMyAddress', summary: 'Changes the fields given of one of my addresses; answers the customer (Medusa shape)',
    variables: ({ params, body }) => ({ id: params.id, input: body }),
    respond: (d) => ({ customer: d.updateMyAddress }),
  }),
  route({
    method: 'DELETE', path: '/store/customers/me/addresses/:id', auth: 'customer', params: idParam, tag: 'customers',
    operation: 'identity/DeleteMyAddress', summary: 'Removes one of my addresses',
    variables: ({ params }) => ({ id: params.id }),
    respond: (d, { params }) => ({ id: params.id, object: 'address', deleted: true, parent: d.deleteMyAddress }),
  }),
];

/** identity's REST routes: sign-in, sessions, anti-spam challenges, the customer's own profile. */
export const identityRoutes = [...authRoutes, ...customerRoutes];
