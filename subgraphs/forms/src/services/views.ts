import type { Form, FormFieldDef, FormSubmission, FormVerifier } from '../entities/form.entity';

/** What a storefront sees of a form (no recipients, no status: only active forms are shown). */
export interface FormView {
  id: string;
  slug: string;
  title: string;
  description: string | null;
  fields: FormFieldDef[];
  success_message: string | null;
  success_redirect: string | null;
  is_popup: boolean;
}

/** What an admin sees of a form. */
export interface AdminFormView extends FormView {
  status: string;
  notification_recipients: string[];
  created_at: string;
  updated_at: string;
}

export interface SubmissionView {
  id: string;
  form_id: string;
  data: Record<string, unknown>;
  ip_hash: string | null;
  user_agent: string | null;
  notified_at: string | null;
  created_at: string;
}

/** The storefront's answer to a submission. */
export interface SubmissionResultView {
  id: string;
  form_id: string;
  success_message: string | null;
  success_redirect: string | null;
  created_at: string;
}

export interface VerifierView {
  provider: string;
  enabled: boolean;
  has_secret: boolean;
  verify_url: string | null;
  /** the URL used: the override, else the provider's own */
  effective_verify_url: string;
  min_score: number | null;
  updated_at: string;
}

export const toFormView = (f: Form): FormView => ({
  id: f.id,
  slug: f.slug,
  title: f.title,
  description: f.description,
  fields: f.fields,
  success_message: f.successMessage,
  success_redirect: f.successRedirect,
  is_popup: f.isPopup,
});

export const toAdminFormView = (f: Form): AdminFormView => ({
  ...toFormView(f),
  status: f.status,
  notification_recipients: f.notificationRecipients,
  created_at: f.createdAt.toISOString(),
  updated_at: f.updatedAt.toISOString(),
});

export const toSubmissionView = (s: FormSubmission): SubmissionView => ({
  id: s.id,
  form_id: s.form.id,
  data: s.data,
  ip_hash: s.ipHash,
  user_agent: s.userAgent,
  notified_at: s.notifiedAt?.toISOString() ?? null,
  created_at: s.createdAt.toISOString(),
});

export const VERIFY_URLS: Record<string, string> = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
};

export const toVerifierView = (v: FormVerifier): VerifierView => ({
  provider: v.provider,
  enabled: v.enabled,
  has_secret: !!v.secretSealed,
  verify_url: v.verifyUrl,
  effective_verify_url: v.verifyUrl ?? VERIFY_URLS[v.provider],
  min_score: v.minScore,
  updated_at: v.updatedAt.toISOString(),
});
