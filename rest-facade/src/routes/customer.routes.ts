import { z } from 'zod';
import { route, type FieldsOption } from '../engine';

const nullableText = (max: number) => z.string().max(max).nullable().optional();
const metadata = z.record(z.string(), z.unknown()).nullable().optional();

const profile = {
  first_name: nullableText(200),
  last_name: nullableText(200),
  phone: nullableText(50),
  company_name: nullableText(200),
  metadata,
};

const address = z.strictObject({
  address_name: nullableText(200),
  is_default_shipping: z.boolean().optional(),
  is_default_billing: z.boolean().optional(),
  company: nullableText(200),
  first_name: nullableText(200),
  last_name: nullableText(200),
  address_1: nullableText(300),
  address_2: nullableText(300),
  city: nullableText(200),
  country_code: z.string().regex(/^[a-zA-Z]{2}$/, 'country_code must be a 2-letter ISO code').nullable().optional(),
  province: nullableText(200),
  postal_code: nullableText(40),
  phone: nullableText(50),
  metadata,
});

const fieldsOnly = z.strictObject({ fields: z.string().max(2000).optional() });
const customerFields: FieldsOption = {
  key: 'customer',
  allowed: new Set([
    'id', 'email', 'first_name', 'last_name', 'phone', 'company_name', 'has_account', 'default_billing_address_id',
    'default_shipping_address_id', 'addresses', 'metadata', 'created_at', 'updated_at', 'deleted_at',
  ]),
};

export const customerRoutes = [
  route({
    method: 'POST', path: '/store/customers', auth: 'customer', query: fieldsOnly,
    body: z.strictObject({ email: z.string().email().max(320).optional(), ...profile }),
    fields: customerFields,
    operation: 'customer/CreateCustomer', summary: 'Creates or completes the profile of the registered customer',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ customer: d.createCustomer }),
  }),
  route({
    method: 'GET', path: '/store/customers/me', auth: 'customer', query: fieldsOnly,
    fields: customerFields,
    operation: 'customer/Me', summary: 'The signed-in customer with addresses',
    respond: (d) => ({ customer: d.me }),
  }),
  route({
    method: 'POST', path: '/store/customers/me', auth: 'customer', query: fieldsOnly, body: z.strictObject(profile),
    fields: customerFields,
    operation: 'customer/UpdateMe', summary: 'Updates profile fields',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ customer: d.updateMe }),
  }),
  route({
    method: 'POST', path: '/store/customers/me/addresses', auth: 'customer', query: fieldsOnly, body: address,
    fields: customerFields,
    operation: 'customer/AddMyAddress', summary: 'Adds a shipping address; answers the customer (Medusa shape)',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ customer: d.addMyAddress }),
  }),
];
