import type { EntityManager } from '@mikro-orm/core';
import {
  DomainError,
  Errors,
  containsPattern,
  loaderFor,
  normalizePage,
  requireTenant,
  translateDbError,
  type Paginated,
  type RequestContext,
  type Store,
} from '@svc/kit';
import { Form, type FormFieldDef } from '../entities/form.entity';
import { formsEvents } from '../events';
import type { CreateFormData, FormFieldData, FormListQuery, UpdateFormData } from '../inputs/form.input';
import { toAdminFormView, toFormView, type AdminFormView, type FormView } from './views';

const POPUP_INDEX = 'form_one_active_popup';
const popupTaken = () =>
  new DomainError('conflict', 'popup_already_active', 'Another popup form is active in this store; deactivate it first (at most one active popup form)');

/** Stored shape of a field: every rule present, null when unset. */
export const toFieldDef = (f: FormFieldData): FormFieldDef => ({
  name: f.name,
  label: f.label,
  type: f.type,
  required: f.required ?? false,
  placeholder: f.placeholder ?? null,
  help_text: f.help_text ?? null,
  min_length: f.min_length ?? null,
  max_length: f.max_length ?? null,
  min: f.min ?? null,
  max: f.max ?? null,
  pattern: f.pattern ?? null,
  options: f.options ? f.options.map((o) => ({ value: o.value, label: o.label })) : null,
  min_date: f.min_date ?? null,
  max_date: f.max_date ?? null,
});

/**
 * Forms: admins manage them, storefronts read active ones by slug and the one active popup form.
 * The popup rule is the database's (partial unique index); the service checks first for a clear
 * answer, and a concurrent activation that passes the check meets the index: 409 either way.
 */
export class FormService {
  constructor(private readonly store: Store) {}

  // ---- storefront ----

  /** An active form by slug (or id); 404 when it does not exist, is inactive or is another tenant's. */
  async active(ctx: RequestContext, slugOrId: string): Promise<Form> {
    const form = await this.store.em(ctx).findOne(Form, { $or: [{ slug: slugOrId }, { id: slugOrId }], status: 'active' });
    if (!form) throw Errors.notFound('Form', slugOrId);
    return form;
  }

  async storeForm(ctx: RequestContext, slug: string): Promise<FormView> {
    return toFormView(await this.active(ctx, slug));
  }

  /** The tenant's active popup form, or null. */
  async popup(ctx: RequestContext): Promise<FormView | null> {
    const form = await this.store.em(ctx).findOne(Form, { isPopup: true, status: 'active' });
    return form ? toFormView(form) : null;
  }

  // ---- admin ----

  async list(ctx: RequestContext, a: FormListQuery): Promise<Paginated<AdminFormView>> {
    const page = normalizePage(a, 20);
    const where = {
      ...(a.status ? { status: a.status } : {}),
      ...(a.q ? { $or: [{ title: { $ilike: containsPattern(a.q) } }, { slug: { $ilike: containsPattern(a.q) } }] } : {}),
    };
    const em = this.store.em(ctx);
    const [rows, count]: [Form[], number] =
      page.limit > 0
        ? await em.findAndCount(Form, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset })
        : [[], await em.count(Form, where)];
    return { items: rows.map(toAdminFormView), count, ...page };
  }

  async get(ctx: RequestContext, id: string): Promise<AdminFormView> {
    const form = await this.store.em(ctx).findOne(Form, { $or: [{ id }, { slug: id }] });
    if (!form) throw Errors.notFound('Form', id);
    return toAdminFormView(form);
  }

  async create(ctx: RequestContext, input: CreateFormData): Promise<AdminFormView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      await this.assertSlugFree(em, input.slug);
      // checked before the insert is pending (a query would flush it first and meet the index)
      if (input.is_popup && (input.status ?? 'active') === 'active') await this.assertNoOtherPopup(em, '');
      const form = em.create(Form, {
        tenantId,
        slug: input.slug,
        title: input.title,
        description: input.description ?? null,
        fields: input.fields.map(toFieldDef),
        successMessage: input.success_message ?? null,
        successRedirect: input.success_redirect ?? null,
        notificationRecipients: input.notification_recipients ?? [],
        status: input.status ?? 'active',
        isPopup: input.is_popup ?? false,
      });
      formsEvents.emit(em, tx, 'form.created', { id: form.id, slug: form.slug });
      await this.flush(em);
      return toAdminFormView(form);
    });
  }

  async update(ctx: RequestContext, id: string, input: UpdateFormData): Promise<AdminFormView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const form = await this.load(em, id);
      const changed: string[] = [];
      const set = <K extends keyof Form>(key: K, field: string, value: Form[K] | undefined) => {
        if (value === undefined) return;
        if (JSON.stringify(form[key]) === JSON.stringify(value)) return;
        form[key] = value;
        changed.push(field);
      };
      if (input.slug !== undefined && input.slug !== form.slug) await this.assertSlugFree(em, input.slug);
      if (input.is_popup && !form.isPopup && form.status === 'active') await this.assertNoOtherPopup(em, form.id);
      set('slug', 'slug', input.slug);
      set('title', 'title', input.title);
      set('description', 'description', input.description);
      set('fields', 'fields', input.fields?.map(toFieldDef));
      set('successMessage', 'success_message', input.success_message);
      set('successRedirect', 'success_redirect', input.success_redirect);
      set('notificationRecipients', 'notification_recipients', input.notification_recipients === null ? [] : input.notification_recipients);
      set('isPopup', 'is_popup', input.is_popup);
      if (changed.length) {
        formsEvents.emit(em, tx, 'form.updated', { id: form.id, fields: changed });
        await this.flush(em);
      }
      return toAdminFormView(form);
    });
  }

  /** active / inactive; activating a popup form while another is active: 409 `popup_already_active`. */
  async setStatus(ctx: RequestContext, id: string, status: 'active' | 'inactive'): Promise<AdminFormView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const form = await this.load(em, id);
      if (form.status === status) return toAdminFormView(form);
      if (status === 'active' && form.isPopup) await this.assertNoOtherPopup(em, form.id);
      form.status = status;
      formsEvents.emit(em, tx, 'form.updated', { id: form.id, fields: ['status'] });
      await this.flush(em);
      return toAdminFormView(form);
    });
  }

  /** Deletes the form and its submissions. */
  async delete(ctx: RequestContext, id: string): Promise<boolean> {
    return this.store.transaction(ctx, async (em, tx) => {
      const form = await this.load(em, id);
      formsEvents.emit(em, tx, 'form.deleted', { id: form.id, slug: form.slug });
      em.remove(form);
      await this.flush(em);
      return true;
    });
  }

  /** Federation reference: the tenant's forms by id (null when absent). */
  byId(ctx: RequestContext, id: string): Promise<FormView | null> {
    return loaderFor<string, FormView>(ctx, 'forms.form', async (ids) => {
      const rows = await this.store.em(ctx).find(Form, { id: { $in: [...ids] } });
      return new Map(rows.map((r) => [r.id, toFormView(r)]));
    }).load(id);
  }

  private async load(em: EntityManager, id: string): Promise<Form> {
    const form = await em.findOne(Form, { id });
    if (!form) throw Errors.notFound('Form', id);
    return form;
  }

  private async assertSlugFree(em: EntityManager, slug: string): Promise<void> {
    if (await em.count(Form, { slug })) throw Errors.conflict('duplicate', `A form with slug "${slug}" already exists`);
  }

  private async assertNoOtherPopup(em: EntityManager, id: string): Promise<void> {
    if (await em.count(Form, { isPopup: true, status: 'active', id: { $ne: id } })) throw popupTaken();
  }

  /** Flushes in the unit of work, so that the popup index's refusal becomes its own 409. */
  private async flush(em: EntityManager): Promise<void> {
    try {
      await em.flush();
    } catch (err) {
      if (String((err as Error).message).includes(POPUP_INDEX)) throw popupTaken();
      throw translateDbError(err) ?? err;
    }
  }
}
