import { z } from 'zod';
import { checkedAfterAuth, route } from '@svc/kit';
import { dataExportTokenSchema } from '../inputs/privacy.input';

/** A privacy request as the store API answers it. */
const privacyRequest = z.object({
  id: z.string(),
  customer_id: z.string(),
  kind: z.enum(['export', 'erasure']),
  status: z.string(),
  requested_by: z.string(),
  results: z.record(z.string(), z.record(z.string(), z.unknown())).nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});

/**
 * Data export and erasure (issue 27): documented extensions of the store API (the service
 * description has no such endpoint), beside the customer's own routes.
 */
export const privacyRoutes = [
  route({
    method: 'POST',
    path: '/store/customers/me/data-export',
    auth: 'customer',
    body: z.strictObject({}),
    tag: 'customer',
    operation: 'identity/RequestMyDataExport',
    summary: 'Asks for an export of the signed-in customer’s data; a download link (valid 7 days) is mailed once every domain has answered',
    respond: (d) => ({ privacy_request: d.requestMyDataExport }),
    response: z.object({ privacy_request: privacyRequest }),
    errors: [409],
  }),
  route({
    method: 'POST',
    path: '/store/customers/me/erasure',
    auth: 'customer',
    body: z.strictObject({}),
    tag: 'customer',
    operation: 'identity/RequestMyErasure',
    summary:
      'Asks for the erasure of the signed-in customer’s personal data in every domain (orders stay for the books, pseudonymised); sign-in stops working once done. Asking again answers the same request',
    respond: (d) => ({ privacy_request: d.requestMyErasure }),
    response: z.object({ privacy_request: privacyRequest }),
  }),
  route({
    method: 'GET',
    path: '/store/customers/me/privacy-requests',
    auth: 'customer',
    tag: 'customer',
    operation: 'identity/MyPrivacyRequests',
    summary: 'The signed-in customer’s export and erasure requests, newest first',
    noStore: true,
    respond: (d) => ({ privacy_requests: d.myPrivacyRequests }),
    response: z.object({ privacy_requests: z.array(privacyRequest) }),
  }),
  route({
    method: 'GET',
    path: '/auth/customer/data-export',
    auth: 'none',
    // a key or token sent along is checked (and refused) before the token's own rule
    query: z.strictObject({ token: checkedAfterAuth(dataExportTokenSchema) }),
    tag: 'auth',
    operation: 'identity/DataExport',
    summary: 'The export mail’s link: the customer’s data as JSON, by domain (valid 7 days; the store comes from the token)',
    noStore: true,
    variables: ({ query }) => ({ token: query.token }),
    respond: (d) => d.dataExport.export,
    response: z.record(z.string(), z.unknown()),
    errors: [401],
  }),
];
