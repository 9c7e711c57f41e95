import { Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

export type FormStatus = 'active' | 'inactive';
export const FIELD_TYPES = ['text', 'email', 'number', 'select', 'checkbox', 'textarea', 'date', 'file'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** One field of a form and its validation rules (kept with the form: the form is the aggregate). */
export interface FormFieldDef {
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  placeholder: string | null;
  help_text: string | null;
  /** text, email, textarea: length bounds in characters */
  min_length: number | null;
  max_length: number | null;
  /** number: value bounds */
  min: number | null;
  max: number | null;
  /** text, email, textarea: a regular expression the whole value must match */
  pattern: string | null;
  /** select: the allowed values */
  options: Array<{ value: string; label: string }> | null;
  /** date: allowed range, inclusive (YYYY-MM-DD) */
  min_date: string | null;
  max_date: string | null;
}

/**
 * A form of a tenant: its fields with their rules, what the shopper sees after submitting, who is
 * notified. At most one active popup form per tenant: the partial unique index
 * `form_one_active_popup (tenant_id) where is_popup and status = 'active'` (migration) decides races.
 */
@Entity({ tableName: 'form' })
@Unique({ properties: ['tenantId', 'slug'] })
@Check({ name: 'form_status_check', expression: "status in ('active', 'inactive')" })
export class Form extends TenantOwned {
  [OptionalProps]?: 'id' | 'description' | 'successMessage' | 'successRedirect' | 'notificationRecipients' | 'status' | 'isPopup' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('form');
  @Property({ type: 'string', length: 200 }) slug!: string;
  @Property({ type: 'string', length: 300 }) title!: string;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  @Property({ type: 'json' }) fields!: FormFieldDef[];
  @Property({ type: 'string', length: 1000, nullable: true }) successMessage: string | null = null;
  @Property({ type: 'string', length: 2000, nullable: true }) successRedirect: string | null = null;
  @Property({ type: 'json' }) notificationRecipients: string[] = [];
  @Property({ type: 'string', length: 20, default: 'active' }) status: FormStatus = 'active';
  @Property({ type: 'boolean', default: false }) isPopup: boolean = false;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/** A shopper's submission: the validated values, the client's IP as a keyed hash, its user agent. */
@Entity({ tableName: 'form_submission' })
@Index({ properties: ['tenantId', 'form', 'createdAt'] })
@Index({ properties: ['form'] })
export class FormSubmission extends TenantOwned {
  [OptionalProps]?: 'id' | 'ipHash' | 'userAgent' | 'notifiedAt' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('fsub');
  @ManyToOne(() => Form, { deleteRule: 'cascade' }) form!: Form;
  @Property({ type: 'json' }) data!: Record<string, unknown>;
  /** HMAC-SHA256 of the client IP under the platform's secrets key (hex); null when unknown */
  @Property({ type: 'string', length: 64, nullable: true }) ipHash: string | null = null;
  @Property({ type: 'string', length: 500, nullable: true }) userAgent: string | null = null;
  /** when the notification mail was accepted by the mail server */
  @Property({ type: 'datetime', nullable: true }) notifiedAt: Date | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
}

export const VERIFIER_PROVIDERS = ['recaptcha', 'hcaptcha', 'turnstile'] as const;
export type VerifierProvider = (typeof VERIFIER_PROVIDERS)[number];

/** The tenant's reCAPTCHA-style verifier of `challenge_token` (one per tenant); the secret is sealed. */
@Entity({ tableName: 'form_verifier' })
@Unique({ properties: ['tenantId'] })
@Check({ name: 'form_verifier_provider_check', expression: "provider in ('recaptcha', 'hcaptcha', 'turnstile')" })
export class FormVerifier extends TenantOwned {
  [OptionalProps]?: 'id' | 'verifyUrl' | 'minScore' | 'enabled' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('fver');
  @Property({ type: 'string', length: 20 }) provider!: VerifierProvider;
  @Property({ type: 'text' }) secretSealed!: string;
  @Property({ type: 'string', length: 2000, nullable: true }) verifyUrl: string | null = null;
  @Property({ type: 'double', nullable: true }) minScore: number | null = null;
  @Property({ type: 'boolean', default: true }) enabled: boolean = true;
  @Property({ type: 'datetime' }) updatedAt: Date = new Date();
}
