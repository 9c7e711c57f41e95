import { z } from 'zod';
import { binaryReply, checkedAfterAuth, route } from '@svc/kit';
import { pdfQuerySchema, quoteNumberSchema, submitQuoteBody } from '../inputs/quote.input';

const noQuery = z.strictObject({});

/** quotes' REST routes: the storefront reads the ISG configuration and the services, submits a request and downloads its PDF. */
export const quotesRoutes = [
  route({
    method: 'GET',
    path: '/store/quote-requests/isg-config',
    auth: 'publishable',
    query: noQuery,
    operation: 'quotes/StoreIsgConfig',
    summary:
      "The ISG pricing configuration: currency, the active services with their base rates, the locations with their modifiers, and the quote form's custom fields",
    respond: (d) => ({ isg_config: d.isgConfig }),
  }),
  route({
    method: 'GET',
    path: '/store/quote-services',
    auth: 'publishable',
    query: noQuery,
    operation: 'quotes/StoreQuoteServices',
    summary: 'The active quotable services (for the dropdown), by name',
    respond: (d) => ({ quote_services: d.quoteServices, count: d.quoteServices.length }),
  }),
  route({
    method: 'POST',
    path: '/store/quote-requests',
    auth: 'publishable',
    antispam: true,
    body: submitQuoteBody,
    operation: 'quotes/SubmitQuoteRequest',
    summary:
      "Submits a quote request: products (variant_id, quantity), services (service_id, location_id, quantity) and the store's custom fields (fields); answers the quote (number Q-<year>-<6 digits>, priced lines, estimate, valid_until) and pdf_url; 400 with per-field errors, 403 without a valid anti-spam token",
    refusals: [
      { code: 'unknown_variant', field: 'products.<i>.variant_id', when: 'the variant is not one of the store’s published products' },
      { code: 'no_price', field: 'products.<i>.variant_id', when: 'the variant has no price in the quote currency' },
      { code: 'unknown_service', field: 'services.<i>.service_id', when: 'no active quotable service has this id or handle' },
      { code: 'unknown_location', field: 'services.<i>.location_id', when: 'no ISG location has this id or handle' },
      { code: 'missing_field', field: 'fields.<key>', when: 'a required custom field of the quote form is absent' },
      { code: 'unknown_field', field: 'fields.<key>', when: 'the quote form has no such field' },
      { code: 'invalid_type', field: 'fields.<key>', when: 'the value is not of the field’s type (text, number, boolean)' },
      { code: 'invalid_option', field: 'fields.<key>', when: 'a select field’s value is not one of its options' },
      { code: 'invalid_date', field: 'fields.<key>', when: 'a date field’s value is not a date YYYY-MM-DD' },
    ],
    variables: ({ body: { antispam_token: _a, ...input } }) => ({ input }),
    respond: (d) => ({ quote: d.submitQuoteRequest.quote, pdf_url: d.submitQuoteRequest.pdf_url }),
  }),
  route({
    method: 'GET',
    path: '/store/quote-requests/:quote_number/pdf',
    auth: 'publishable',
    params: z.strictObject({ quote_number: checkedAfterAuth(quoteNumberSchema) }),
    query: pdfQuerySchema,
    operation: 'quotes/StoreQuotePdf',
    summary:
      "The quote's PDF: with the token of the submission's pdf_url, or the owner's customer token; 404 otherwise (also for a quote of another store or customer)",
    reply: { kind: 'binary', contentType: 'application/pdf', description: 'The quote as a PDF' },
    variables: ({ params, query }) => ({ number: params.quote_number, token: query.token ?? null }),
    respond: (d) => binaryReply('application/pdf', Buffer.from(d.quotePdf.content_base64, 'base64')),
  }),
];
