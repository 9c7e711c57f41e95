import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { Form, FormSubmission, FormVerifier } from './entities/form.entity';
import { FormResolver } from './resolvers/form.resolver';
import { formReference } from './resolvers/form.reference';
import { createFormsServices, type FormsServices } from './services';
import { formsEvents } from './events';
import { formsRoutes } from './rest/routes';
import { seedDemoForms } from './seed/demo-seed';
import { migrations } from './migrations';
import { formsPrivacy } from './privacy';

/**
 * forms: forms with typed fields and validation rules, the one active popup form, submissions
 * (anti-spam, optional reCAPTCHA-style challenge), notification mails through the platform mailer.
 */
export const domain = defineDomain<FormsServices>({
  name: 'forms',
  privacy: formsPrivacy,
  dbSchema: 'forms',
  entities: [Form, FormSubmission, FormVerifier],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  // writes that never change a public read (kit read-changes.ts): submissions: no public read shows them
  readCacheIgnores: ['form_submission', 'form_verifier'],
  resolvers: [FormResolver],
  createServices: createFormsServices,
  references: (s) => ({ Form: formReference(s) }),
  events: formsEvents,
  subscriptions: [
    // the notification mail leaves the request: a slow mail server slows nobody, a failure is retried
    formsEvents.on<FormsServices, 'form_submission.created'>('form_submission.created', 'notify-recipients', (e, ctx, s) =>
      s.submissions.notify(ctx, e.data.id),
    ),
  ],
  routes: formsRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  ports: path.join(__dirname, 'ports'),
  seed: seedDemoForms,
  stop: async (s) => s.mailer.close(),
});

export type { FormsServices };
export type { FormView, AdminFormView, SubmissionView } from './services/views';
export { formsEvents };
export { demoForms, demoSubmissions } from './seed/demo-seed';
export { checkSubmission, MEDIA_ID } from './services/field-rules';
