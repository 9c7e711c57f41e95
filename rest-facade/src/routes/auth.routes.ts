import { z } from 'zod';
import { route } from '../engine';

const emailPass = z.strictObject({
  email: z.string({ message: 'email must be a string' }).max(320),
  password: z.string({ message: 'password must be a string' }).max(200),
});

export const authRoutes = [
  route({
    method: 'POST', path: '/auth/customer/emailpass', auth: 'publishable', body: emailPass,
    operation: 'auth/LoginCustomer', summary: 'Customer sign-in; returns a customer JWT (24 h)',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ token: d.loginCustomer.token }),
  }),
  route({
    method: 'POST', path: '/auth/customer/emailpass/register', auth: 'publishable', body: emailPass,
    operation: 'auth/RegisterCustomer', summary: 'Registers a customer (identity + profile); returns a customer JWT',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ token: d.registerCustomer.token }),
  }),
  route({
    method: 'POST', path: '/auth/user/emailpass', auth: 'none', body: emailPass,
    operation: 'auth/LoginAdmin', summary: 'Admin sign-in; returns an admin JWT (12 h)',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ token: d.loginAdmin.token }),
  }),
  route({
    method: 'POST', path: '/auth/token/refresh', auth: 'token', body: z.strictObject({}),
    operation: 'auth/RefreshToken', summary: 'A fresh token for the same session',
    respond: (d) => ({ token: d.refreshToken.token }),
  }),
  route({
    method: 'DELETE', path: '/auth/session', auth: 'token',
    operation: 'auth/Logout', summary: 'Revokes the session of the presented token',
    respond: (d) => ({ success: d.logout.success }),
  }),
  route({
    method: 'GET', path: '/store/anti-spam/challenge', auth: 'publishable',
    operation: 'auth/AntispamChallenge', summary: 'ALTCHA proof-of-work challenge for public POSTs (valid 10 minutes)',
    respond: (d) => d.antispamChallenge,
  }),
];
