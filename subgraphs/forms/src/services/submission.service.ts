import { createHmac } from 'node:crypto';
import {
  DomainError,
  Errors,
  normalizePage,
  requireTenant,
  systemContext,
  type FieldError,
  type GraphClient,
  type StoreMailer,
  type Paginated,
  type RequestContext,
  type Store,
} from '@svc/kit';
import { Form, FormSubmission } from '../entities/form.entity';
import { formsEvents } from '../events';
import type { SubmissionListQuery, SubmitFormData } from '../inputs/form.input';
import { checkSubmission, displayValue } from './field-rules';
import type { FormService } from './form.service';
import type { VerifierService } from './verifier.service';
import { FormsFileAssetDocument } from '../ports/generated';
import { toSubmissionView, type SubmissionResultView, type SubmissionView } from './views';

/**
 * Submissions: a shopper submits (anti-spam token checked by the gateway, values by the form's
 * rules, the optional challenge by the tenant's verifier); admins list and delete them. The
 * notification mail is sent by the `notify-recipients` subscription, never in the request.
 */
export class SubmissionService {
  constructor(
    private readonly store: Store,
    private readonly forms: FormService,
    private readonly verifier: VerifierService,
    private readonly mailer: StoreMailer,
    private readonly ipKey: string,
    /** the supergraph: a `file` field's asset is looked up in the media domain (`ports/media.graphql`) */
    private readonly graph: () => GraphClient | undefined = () => undefined,
  ) {}

  /** The client IP as a keyed hash (HMAC-SHA256): comparable between submissions, not reversible by brute force without the key. */
  hashIp(ip: string): string {
    return createHmac('sha256', this.ipKey).update(`forms.ip:${ip}`).digest('hex');
  }

  async submit(ctx: RequestContext, input: SubmitFormData): Promise<SubmissionResultView> {
    const tenantId = requireTenant(ctx);
    if (!ctx.antispam.verified) throw new DomainError('permission_error', 'invalid_antispam_token', 'A valid anti-spam token is required');
    const form = await this.forms.active(ctx, (input.form ?? input.form_id)!);
    const { values, errors } = checkSubmission(form.fields, input.data);
    if (!errors.length) errors.push(...(await this.checkFiles(ctx, tenantId, form.fields, values)));
    if (errors.length) throw new DomainError('validation_error', errors[0].code, `Invalid submission: ${errors[0].message}`, errors);
    await this.verifier.verify(ctx, input.challenge_token);
    return this.store.transaction(ctx, async (em, tx) => {
      const sub = em.create(FormSubmission, {
        tenantId,
        form: em.getReference(Form, form.id),
        data: values,
        ipHash: ctx.clientIp ? this.hashIp(ctx.clientIp) : null,
        userAgent: ctx.userAgent?.slice(0, 500) ?? null,
      });
      formsEvents.emit(em, tx, 'form_submission.created', { id: sub.id, form_id: form.id, form_slug: form.slug });
      return {
        id: sub.id,
        form_id: form.id,
        success_message: form.successMessage,
        success_redirect: form.successRedirect,
        created_at: sub.createdAt.toISOString(),
      };
    });
  }

  /**
   * Every `file` value must name a media asset of this store: asked of the media domain as the
   * store itself, so another store's asset is as unknown as a made-up id.
   */
  private async checkFiles(
    ctx: RequestContext,
    tenantId: string,
    fields: Array<{ name: string; label: string; type: string }>,
    values: Record<string, unknown>,
  ): Promise<FieldError[]> {
    const files = fields.filter((f) => f.type === 'file' && typeof values[f.name] === 'string');
    if (!files.length) return [];
    const graph = this.graph();
    if (!graph) throw new DomainError('api_error', 'internal_error', 'The supergraph is not reachable from this process');
    const sys = systemContext(ctx.log, tenantId, ctx.requestId);
    const errors: FieldError[] = [];
    for (const f of files) {
      const id = values[f.name] as string;
      try {
        await graph.execute(sys, FormsFileAssetDocument, { id });
      } catch (err) {
        if (!(err instanceof DomainError && err.type === 'not_found')) throw err;
        errors.push({ field: `data.${f.name}`, code: 'unknown_media', message: `${f.label} must be a file uploaded to this store (no media "${id}")` });
      }
    }
    return errors;
  }

  /** Admin: a form's submissions, newest first (another tenant's form: 404). */
  async list(ctx: RequestContext, a: SubmissionListQuery): Promise<Paginated<SubmissionView>> {
    const page = normalizePage(a, 20);
    const em = this.store.em(ctx);
    if (!(await em.count(Form, { id: a.form_id }))) throw Errors.notFound('Form', a.form_id);
    const where = { form: a.form_id };
    const [rows, count]: [FormSubmission[], number] =
      page.limit > 0
        ? await em.findAndCount(FormSubmission, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset })
        : [[], await em.count(FormSubmission, where)];
    return { items: rows.map(toSubmissionView), count, ...page };
  }

  async delete(ctx: RequestContext, id: string): Promise<boolean> {
    return this.store.transaction(ctx, async (em, tx) => {
      const sub = await em.findOne(FormSubmission, { id });
      if (!sub) throw Errors.notFound('Form submission', id);
      formsEvents.emit(em, tx, 'form_submission.deleted', { id: sub.id, form_id: sub.form.id });
      em.remove(sub);
      return true;
    });
  }

  /**
   * The `form_submission.created` handler: mails the form's recipients (Reply-To: the first email
   * field's value) and records when the server accepted it. Runs in the subscription's transaction;
   * a refused mail throws and the job queue retries. Nothing to do when there are no recipients or
   * the submission is gone, or already notified (a redelivery after the mail was sent).
   */
  async notify(ctx: RequestContext, submissionId: string): Promise<void> {
    await this.store.transaction(ctx, async (em) => {
      const sub = await em.findOne(FormSubmission, { id: submissionId }, { populate: ['form'] });
      if (!sub || sub.notifiedAt) return;
      const form = sub.form;
      if (!form.notificationRecipients.length) return;
      const lines = form.fields.map((f) => `${f.label}: ${displayValue(f, sub.data[f.name])}`);
      const emailField = form.fields.find((f) => f.type === 'email' && typeof sub.data[f.name] === 'string');
      await this.mailer.send(ctx, {
        to: form.notificationRecipients,
        subject: `New submission: ${form.title}`,
        text: [
          `A new submission of the form "${form.title}" (${form.slug}) arrived.`,
          '',
          ...lines,
          '',
          `Submission ${sub.id}, ${sub.createdAt.toISOString()}`,
        ].join('\n'),
        replyTo: emailField ? String(sub.data[emailField.name]) : undefined,
      });
      sub.notifiedAt = new Date();
      await em.flush();
    });
  }
}
