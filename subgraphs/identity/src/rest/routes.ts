import { z } from 'zod';
import { route, type FieldsOption } from '@svc/kit';

const emailPass = z.strictObject({
  email: z.string({ message: 'email must be a string' }).max(320),
  password: z.string({ message: 'password must be a string' }).max(200),
});

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

const authRoutes = [
  route({
    method: 'POST', path: '/auth/customer/emailpass', auth: 'publishable', body: emailPass, tag: 'auth',
    operation: 'identity/LoginCustomer', summary: 'Customer sign-in; returns a customer JWT (24 h)',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ token: d.loginCustomer.token }),
  }),
  route({
    method: 'POST', path: '/auth/customer/emailpass/register', auth: 'publishable', body: emailPass, tag: 'auth',
    operation: 'identity/RegisterCustomer', summary: 'Registers a customer (identity + profile); returns a customer JWT',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ token: d.registerCustomer.token }),
  }),
  route({
    method: 'POST', path: '/auth/user/emailpass', auth: 'none', body: emailPass, tag: 'auth',
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
    body: z.strictObject({ email: z.string().email().max(320).optional(), ...profile }),
    fields: customerFields,
    operation: 'identity/CreateCustomer', summary: 'Creates or completes the profile of the registered customer',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ customer: d.createCustomer }),
  }),
  route({
    method: 'GET', path: '/store/customers/me', auth: 'customer', query: fieldsOnly, tag: 'customers',
    fields: customerFields,
    operation: 'identity/Me', summary: 'The signed-in customer with addresses',
    respond: (d) => ({ customer: d.me }),
  }),
  route({
    method: 'POST', path: '/store/customers/me', auth: 'customer', query: fieldsOnly, body: z.strictObject(profile), tag: 'customers',
    fields: customerFields,
    operation: 'identity/UpdateMe', summary: 'Updates profile fields',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ customer: d.updateMe }),
  }),
  route({
    method: 'POST', path: '/store/customers/me/addresses', auth: 'customer', query: fieldsOnly, body: address, tag: 'customers',
    fields: customerFields,
    operation: 'identity/AddMyAddress', summary: 'Adds a shipping address; answers the customer (Medusa shape)',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ customer: d.addMyAddress }),
  }),
];

/** identity's REST routes: sign-in, sessions, anti-spam challenges, the customer's own profile. */
export const identityRoutes = [...authRoutes, ...customerRoutes];
