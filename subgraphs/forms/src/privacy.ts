import { deleteRows, exportRows, mentions, type PrivacyDefinition } from '@svc/kit';
import type { FormsServices } from './services';

/** forms' part of privacy requests: the submissions that carry the customer's address or id (the person's own messages) are deleted. */
export const formsPrivacy: PrivacyDefinition<FormsServices> = {
  store: (s) => s.store,
  async export(ctx, s, subject) {
    const m = mentions(subject, ['data']);
    return { form_submissions: await exportRows(s.store, ctx, 'form_submission', ['id', 'form_id', 'data', 'created_at'], m.where, m.params) };
  },
  async erase(ctx, s, subject) {
    const m = mentions(subject, ['data']);
    return { form_submission: await deleteRows(s.store, ctx, 'form_submission', m.where, m.params) };
  },
};
