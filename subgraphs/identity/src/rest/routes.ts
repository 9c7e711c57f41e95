import { z } from 'zod';
import {
  Errors,
  checkedAfterAuth,
  MEDUSA_ADDRESS_KEYS,
  emptyReply,
  idParam,
  limitParam,
  offsetParam,
  route,
  wantsRelation,
  type FieldsOption,
  type StateRefusal,
} from '@svc/kit';
import { emailPassSchema, passwordResetRequestSchema, passwordResetSchema, registerSchema, verifyEmailSchema } from '../inputs/auth.input';
import { emailChangeConfirmSchema, emailChangeRequestSchema } from '../inputs/account.input';
import { addressSchema, createCustomerSchema, updateCustomerSchema } from '../inputs/customer.input';
import { socialCallbackSchema } from '../inputs/social.input';
import { BINDING_COOKIE } from '../services/social.service';
import { privacyRoutes } from './privacy-routes';

const fieldsOnly = z.strictObject({ fields: z.string().max(2000).optional() });
const customerFields: FieldsOption = {
  key: 'customer',
  allowed: new Set([
    'id',
    'email',
    'first_name',
    'last_name',
    'phone',
    'company_name',
    'has_account',
    'email_verified',
    'default_billing_address_id',
    'default_shipping_address_id',
    'addresses',
    'metadata',
    'created_at',
    'updated_at',
    'deleted_at',
    'orders',
  ]),
};

const ADDRESS_FIELDS = new Set<string>([...MEDUSA_ADDRESS_KEYS, 'address_name', 'is_default_shipping', 'is_default_billing']);

/** Medusa's update body: the new password (and, if sent, the account's address); the token comes as the bearer */
const passwordUpdateBody = passwordResetSchema.omit({ token: true });

/** Medusa's password reset for one actor: ask (201, whether the address exists or not) and set with the mailed token. */
const passwordResetRoutes = (actor: 'customer' | 'user') => {
  const who = actor === 'customer' ? 'customer' : 'admin';
  return [
    route({
      method: 'POST',
      path: `/auth/${actor}/emailpass/reset-password`,
      auth: actor === 'customer' ? 'publishable' : 'none',
      body: passwordResetRequestSchema,
      tag: 'auth',
      operation: 'identity/RequestPasswordReset',
      summary: `Asks for a ${who} password reset: 201 always; an account with that address gets a one-time token by mail (15 minutes)`,
      variables: ({ body }) => ({ actor: who, input: body }),
      respond: () => emptyReply(201),
      reply: { kind: 'empty', status: 201, description: 'Created: a mail goes out if the address has an account (never told)' },
    }),
    route({
      method: 'POST',
      path: `/auth/${actor}/emailpass/update`,
      auth: actor === 'customer' ? 'publishable' : 'none',
      body: passwordUpdateBody,
      tag: 'auth',
      operation: 'identity/ResetPassword',
      summary: `Sets a new ${who} password with the mailed reset token; every session of the account ends`,
      bearerCredential: { description: 'Authorization: Bearer <the reset token of the mail>. It works once, within 15 minutes.' },
      variables: ({ body, bearer }) => ({ actor: who, input: { ...body, token: bearer } }),
      respond: (d) => ({ success: d.resetPassword.success }),
      response: z.object({ success: z.boolean() }),
    }),
  ];
};

const authRoutes = [
  route({
    method: 'POST',
    path: '/auth/customer/emailpass',
    auth: 'publishable',
    body: emailPassSchema,
    tag: 'auth',
    operation: 'identity/LoginCustomer',
    summary: 'Customer sign-in; returns a customer JWT (24 h)',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ token: d.loginCustomer.token }),
  }),
  route({
    method: 'POST',
    path: '/auth/customer/emailpass/register',
    auth: 'publishable',
    body: registerSchema,
    tag: 'auth',
    operation: 'identity/RegisterCustomer',
    summary: 'Registers a customer (identity + profile); returns a customer JWT',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ token: d.registerCustomer.token }),
  }),
  route({
    method: 'POST',
    path: '/auth/user/emailpass',
    auth: 'none',
    body: emailPassSchema,
    tag: 'auth',
    operation: 'identity/LoginAdmin',
    summary: 'Admin sign-in; returns an admin JWT (12 h)',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ token: d.loginAdmin.token }),
  }),
  route({
    method: 'GET',
    path: '/auth/customer/verify-email',
    auth: 'none',
    // a key or token sent along is checked (and refused) before the token's own rule
    query: z.strictObject({ token: checkedAfterAuth(verifyEmailSchema.shape.token) }),
    tag: 'auth',
    operation: 'identity/VerifyEmail',
    summary: "The verification mail's link: confirms the customer's address (once, within 24 hours); the store comes from the token",
    noStore: true,
    variables: ({ query }) => ({ input: { token: query.token } }),
    respond: (d) => d.verifyEmail,
    response: z.object({ verified: z.boolean(), email: z.string() }),
  }),
  route({
    method: 'POST',
    path: '/auth/customer/verify-email',
    auth: 'publishable',
    body: verifyEmailSchema,
    tag: 'auth',
    operation: 'identity/VerifyEmail',
    summary: "Confirms the customer's address with the token of the verification mail (a storefront page posts it)",
    variables: ({ body }) => ({ input: body }),
    respond: (d) => d.verifyEmail,
    response: z.object({ verified: z.boolean(), email: z.string() }),
  }),
  route({
    method: 'POST',
    path: '/store/customers/me/verify-email',
    auth: 'customer',
    body: z.strictObject({}),
    tag: 'auth',
    operation: 'identity/RequestEmailVerification',
    summary: 'Mails the signed-in customer a new address verification link (409 already_verified; throttled)',
    respond: (d) => ({ success: d.requestEmailVerification.success }),
    response: z.object({ success: z.boolean() }),
  }),
  route({
    method: 'POST',
    path: '/store/customers/me/email-change',
    auth: 'customer',
    body: emailChangeRequestSchema,
    tag: 'auth',
    operation: 'identity/RequestEmailChange',
    summary:
      "Asks to change the signed-in customer's address (extension): with the password (401 invalid_credentials), or for a customer without one a sign-in at most 10 minutes old (403 reauthentication_required); a one-time code (1 hour) goes to the new address and a notice to the old; 409 email_taken; throttled",
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ success: d.requestEmailChange.success }),
    response: z.object({ success: z.boolean() }),
  }),
  route({
    method: 'POST',
    path: '/auth/customer/email-change/confirm',
    auth: 'publishable',
    body: emailChangeConfirmSchema,
    tag: 'auth',
    operation: 'identity/ConfirmEmailChange',
    summary:
      "Confirms a change of address with the code mailed to the new address (extension): the address becomes the customer's, verified, and signs in; 401 token_invalid, 409 email_taken",
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ email: d.confirmEmailChange.email }),
    response: z.object({ email: z.string() }),
  }),
  ...passwordResetRoutes('customer'),
  ...passwordResetRoutes('user'),
  route({
    method: 'POST',
    path: '/auth/token/refresh',
    auth: 'token',
    body: z.strictObject({}),
    tag: 'auth',
    operation: 'identity/RefreshToken',
    summary: 'A fresh token for the same session',
    respond: (d) => ({ token: d.refreshToken.token }),
  }),
  route({
    method: 'DELETE',
    path: '/auth/session',
    auth: 'token',
    tag: 'auth',
    operation: 'identity/Logout',
    summary: 'Revokes the session of the presented token',
    respond: (d) => ({ success: d.logout.success }),
  }),
  route({
    method: 'GET',
    path: '/store/anti-spam/challenge',
    auth: 'publishable',
    tag: 'auth',
    operation: 'identity/AntispamChallenge',
    // a new puzzle every time, each good for one solution: never shared by a cache
    noStore: true,
    summary: 'ALTCHA proof-of-work challenge for public POSTs (valid 10 minutes)',
    respond: (d) => d.antispamChallenge,
  }),
];

const customerRoutes = [
  route({
    method: 'POST',
    path: '/store/customers',
    auth: 'customer',
    query: fieldsOnly,
    tag: 'customers',
    body: createCustomerSchema,
    refusals: [{ code: 'invalid_field', field: 'email', when: 'the email is not the address the account was registered with' }],
    fields: customerFields,
    operation: 'identity/CreateCustomer',
    summary: 'Creates or completes the profile of the registered customer',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ customer: d.createCustomer }),
  }),
  route({
    method: 'GET',
    path: '/store/customers/me',
    auth: 'customer',
    query: fieldsOnly,
    tag: 'customers',
    fields: customerFields,
    operation: 'identity/Me',
    summary: 'The signed-in customer with addresses (and orders with fields=*orders: commerce adds them in the graph)',
    variables: ({ query }) => ({ with_orders: wantsRelation(query.fields, 'orders') }),
    respond: (d) => {
      const { orders, ...customer } = d.me;
      return { customer: orders ? { ...customer, orders: orders.items.map((o: { document: unknown }) => o.document) } : customer };
    },
  }),
  route({
    method: 'POST',
    path: '/store/customers/me',
    auth: 'customer',
    query: fieldsOnly,
    body: updateCustomerSchema,
    tag: 'customers',
    fields: customerFields,
    operation: 'identity/UpdateMe',
    summary: 'Updates profile fields',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ customer: d.updateMe }),
  }),
  route({
    method: 'POST',
    path: '/store/customers/me/addresses',
    auth: 'customer',
    query: fieldsOnly,
    body: addressSchema,
    tag: 'customers',
    fields: customerFields,
    operation: 'identity/AddMyAddress',
    summary: 'Adds a shipping address; answers the customer (Medusa shape)',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ customer: d.addMyAddress }),
  }),
  route({
    method: 'GET',
    path: '/store/customers/me/addresses',
    auth: 'customer',
    tag: 'customers',
    query: z.strictObject({
      limit: limitParam,
      offset: offsetParam,
      fields: z.string().max(2000).optional(),
      q: z.string().max(200).optional(),
      city: z.string().max(200).optional(),
      country_code: z.string().max(2).optional(),
      postal_code: z.string().max(40).optional(),
    }),
    fields: { key: 'addresses', allowed: ADDRESS_FIELDS },
    operation: 'identity/Me',
    summary: "The signed-in customer's addresses (q, city, country_code, postal_code filters)",
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
    method: 'GET',
    path: '/store/customers/me/addresses/:id',
    auth: 'customer',
    params: idParam,
    query: fieldsOnly,
    tag: 'customers',
    fields: { key: 'address', allowed: ADDRESS_FIELDS },
    operation: 'identity/Me',
    summary: "One of the signed-in customer's addresses (another customer's: 404)",
    respond: (d, { params }) => {
      const address = (d.me.addresses as Array<{ id: string }>).find((a) => a.id === params.id);
      if (!address) throw Errors.notFound('Address', params.id);
      return { address };
    },
  }),
  route({
    method: 'POST',
    path: '/store/customers/me/addresses/:id',
    auth: 'customer',
    params: idParam,
    query: fieldsOnly,
    body: addressSchema,
    tag: 'customers',
    fields: customerFields,
    operation: 'identity/UpdateMyAddress',
    summary: 'Changes the fields given of one of my addresses; answers the customer (Medusa shape)',
    variables: ({ params, body }) => ({ id: params.id, input: body }),
    respond: (d) => ({ customer: d.updateMyAddress }),
  }),
  route({
    method: 'DELETE',
    path: '/store/customers/me/addresses/:id',
    auth: 'customer',
    params: idParam,
    tag: 'customers',
    operation: 'identity/DeleteMyAddress',
    summary: 'Removes one of my addresses',
    variables: ({ params }) => ({ id: params.id }),
    respond: (d, { params }) => ({ id: params.id, object: 'address', deleted: true, parent: d.deleteMyAddress }),
  }),
];

/**
 * The portable form of `return_to` (checkReturnTo has the rule): a path of the storefront from `/`,
 * segments that are not dot segments, an optional query. The service also accepts, and normalises,
 * dot segments and percent-encoding; what it refuses never matches this.
 */
const RETURN_TO_PATTERN = '^/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*(?:/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*/?)?(?:\\?[A-Za-z0-9._~=&+-]*)?$';
const STATE_REFUSALS: StateRefusal[] = [
  { code: 'invalid_state_token', when: 'the sign-in state is unknown, was already used or has expired, or the binding is not the one start answered' },
];
const providerParam = z.strictObject({ provider: z.string().min(1).max(40) });
/** the binding: as a parameter (a storefront forwarding the answer) or the cookie start set (a browser on the API) */
const withBinding = <T extends { binding?: string }>(input: T, cookies: Record<string, string>): T =>
  input.binding || !cookies[BINDING_COOKIE] ? input : { ...input, binding: cookies[BINDING_COOKIE].slice(0, 100) };
const signInResult = (d: { completeSocialLogin: { token: string; customer_id: string; is_new_link: boolean; return_to: string } }) => {
  const { token, customer_id, is_new_link, return_to } = d.completeSocialLogin;
  return { token, customer_id, is_new_link, return_to };
};
const signInCookie = (d: { completeSocialLogin: { token: string; cookie: { name: string; domain: string | null; max_age: number } | null } }) => {
  const c = d.completeSocialLogin.cookie;
  return c ? [{ name: c.name, value: d.completeSocialLogin.token, maxAgeSeconds: c.max_age, domain: c.domain }] : [];
};

const socialRoutes = [
  route({
    method: 'GET',
    path: '/store/auth/social/:provider/start',
    auth: 'publishable',
    params: providerParam,
    tag: 'auth',
    query: z.strictObject({ return_to: z.string().max(2000).meta({ pattern: RETURN_TO_PATTERN }).optional() }),
    operation: 'identity/StartSocialLogin',
    summary:
      "Starts sign-in with google, apple, facebook, microsoft or github: answers the provider's authorization URL (PKCE, state and nonce kept 10 minutes). With a customer token it connects the provider to that customer instead",
    variables: ({ params, query }) => ({ provider: params.provider, return_to: query.return_to ?? null }),
    respond: (d) => ({
      authorization_url: d.startSocialLogin.authorization_url,
      binding: d.startSocialLogin.binding,
      expires_in: d.startSocialLogin.expires_in,
    }),
    // for a browser that talks to the API itself: the callback it lands on carries the binding back
    cookies: (d) => [
      {
        name: BINDING_COOKIE,
        value: d.startSocialLogin.binding,
        maxAgeSeconds: d.startSocialLogin.expires_in,
        path: '/api/store/auth/social/',
        sameSite: d.startSocialLogin.binding_same_site,
      },
    ],
  }),
  route({
    // the provider's redirect carries no publishable key: the store is the one the state was made for
    method: 'GET',
    path: '/store/auth/social/:provider/callback',
    auth: 'none',
    params: providerParam,
    query: socialCallbackSchema,
    tag: 'auth',
    errors: [401, 502],
    refusals: STATE_REFUSALS,
    operation: 'identity/CompleteSocialLogin',
    summary:
      'Completes a social sign-in with the code and state the provider sent back; answers a customer JWT for cookie svc_customer_token (set here too when the store enables it)',
    readsCookies: [BINDING_COOKIE],
    variables: ({ params, query, cookies }) => ({ provider: params.provider, input: withBinding(query, cookies) }),
    respond: signInResult,
    cookies: signInCookie,
  }),
  route({
    method: 'POST',
    path: '/store/auth/social/:provider/callback',
    auth: 'none',
    params: providerParam,
    body: socialCallbackSchema,
    tag: 'auth',
    errors: [401, 502],
    refusals: STATE_REFUSALS,
    accepts: ['application/x-www-form-urlencoded'],
    operation: 'identity/CompleteSocialLogin',
    summary: 'The form_post variant of the callback (Sign in with Apple POSTs code, state and user as a form); same answer',
    readsCookies: [BINDING_COOKIE],
    variables: ({ params, body, cookies }) => ({ provider: params.provider, input: withBinding(body, cookies) }),
    respond: signInResult,
    cookies: signInCookie,
  }),
  route({
    method: 'GET',
    path: '/store/auth/social/linked-accounts',
    auth: 'customer',
    tag: 'auth',
    operation: 'identity/MyLinkedAccounts',
    summary: "The signed-in customer's linked provider accounts (provider, avatar, email, last_login_at)",
    respond: (d) => ({ linked_accounts: d.myLinkedAccounts }),
  }),
  route({
    method: 'DELETE',
    path: '/store/auth/social/linked-accounts/:id',
    auth: 'customer',
    params: idParam,
    tag: 'auth',
    operation: 'identity/UnlinkMyAccount',
    summary: "Unlinks one of my provider accounts (another customer's: 404; the only sign-in method of a customer without a password: 409)",
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => ({ id: d.unlinkMyAccount.id, object: 'linked_account', deleted: true }),
  }),
];

/** identity's REST routes: sign-in (password and social), sessions, anti-spam challenges, the customer's own profile. */
export const identityRoutes = [...authRoutes, ...socialRoutes, ...customerRoutes, ...privacyRoutes];
