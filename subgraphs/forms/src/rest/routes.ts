import { z } from 'zod';
import { route } from '@svc/kit';
import { slugParam, submitFormBody } from '../inputs/form.input';

const noQuery = z.strictObject({});

/** forms's REST routes: the storefront reads forms and submits them (operations in ./operations). */
export const formsRoutes = [
  // before /store/forms/:slug, which would otherwise take "popup" for a slug
  route({
    method: 'GET',
    path: '/store/forms/popup',
    auth: 'publishable',
    query: noQuery,
    operation: 'forms/StorePopupForm',
    summary: 'The active popup form of the store: {form: null} when there is none',
    respond: (d) => ({ form: d.popupForm ?? null }),
  }),
  route({
    method: 'GET',
    path: '/store/forms/:slug',
    auth: 'publishable',
    params: slugParam,
    query: noQuery,
    operation: 'forms/StoreForm',
    summary: 'An active form by slug: fields with their validation rules, success message and redirect',
    variables: ({ params }) => ({ slug: params.slug }),
    respond: (d) => ({ form: d.form }),
  }),
  route({
    method: 'POST',
    path: '/store/form-submissions',
    auth: 'publishable',
    antispam: true,
    body: submitFormBody,
    errors: [502],
    operation: 'forms/SubmitForm',
    summary:
      'Submits a form (form: slug, or form_id; data: field values; challenge_token when the store configures a verifier): 400 with per-field errors, 403 without a valid anti-spam or challenge token',
    variables: ({ body: { antispam_token: _a, ...input } }) => ({ input }),
    respond: (d) => ({
      form_submission: { id: d.submitForm.id, form_id: d.submitForm.form_id, created_at: d.submitForm.created_at },
      success_message: d.submitForm.success_message,
      success_redirect: d.submitForm.success_redirect,
    }),
  }),
];
