import { z } from 'zod';
import { ArgsType, Field, Float, InputType, Int } from 'type-graphql';
import { JSONScalar, PageArgs, ValidateWith, handleSchema, pageSchema, plainText, isUrl, urlSchema } from '@svc/kit';
import { FIELD_TYPES, VERIFIER_PROVIDERS, type FieldType, type FormStatus, type VerifierProvider } from '../entities/form.entity';

/** The constraints of the forms domain's arguments, written once for GraphQL and REST. */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isCalendarDate = (v: string): boolean => {
  if (!DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const dateSchema = z.string().refine(isCalendarDate, 'dates are calendar dates written YYYY-MM-DD');
const LENGTH_TYPES: readonly FieldType[] = ['text', 'email', 'textarea'];
const compiles = (p: string) => {
  try {
    new RegExp(p, 'u');
    return true;
  } catch {
    return false;
  }
};

/**
 * Patterns run on the platform against shoppers' input: a quantified group containing a quantifier
 * (`(a+)+`, `(\\w*)*`, `(a|aa){2,}`) can backtrack exponentially, so such patterns are refused
 * when the form is saved (a heuristic that errs on the safe side).
 */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*(?:[+*?]|\{\d+,?\d*\}|\|)(?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d+,\d*\})/;

export const fieldOptionSchema = z.strictObject({
  value: z.string().min(1, 'option values must not be empty').max(200),
  label: plainText(z.string().min(1, 'option labels must not be empty').max(200), 'label'),
});

/** One field definition; rules that do not fit the field's type are refused. */
export const formFieldSchema = z
  .strictObject({
    name: z.string().regex(/^[a-z][a-z0-9_]{0,49}$/, 'field names are 1-50 lowercase letters, digits or _, starting with a letter'),
    label: plainText(z.string().min(1, 'label must not be empty').max(200), 'label'),
    type: z.enum(FIELD_TYPES, { message: `type must be one of ${FIELD_TYPES.join(', ')}` }),
    required: z.boolean().nullish(),
    placeholder: z.string().max(200).nullish(),
    help_text: z.string().max(500).nullish(),
    min_length: z.number().int().min(0).max(100_000).nullish(),
    max_length: z.number().int().min(1).max(100_000).nullish(),
    min: z.number().finite().nullish(),
    max: z.number().finite().nullish(),
    pattern: z
      .string()
      .min(1)
      .max(500)
      .refine(compiles, 'pattern must be a valid regular expression')
      .refine(
        (p) => !NESTED_QUANTIFIER.test(p) && !/\\[1-9]|\\k</.test(p),
        'pattern must not repeat a group that repeats itself, nor use backreferences (they can take exponential time on the platform)',
      )
      .nullish(),
    options: z.array(fieldOptionSchema).min(1, 'a select needs at least one option').max(100).nullish(),
    min_date: dateSchema.nullish(),
    max_date: dateSchema.nullish(),
  })
  .superRefine((f, c) => {
    const only = (key: keyof typeof f, types: readonly FieldType[]) => {
      if (f[key] !== null && f[key] !== undefined && !types.includes(f.type))
        c.addIssue({ code: 'custom', path: [key], message: `${key} applies to ${types.join(', ')} fields only` });
    };
    only('min_length', LENGTH_TYPES);
    only('max_length', LENGTH_TYPES);
    only('pattern', LENGTH_TYPES);
    only('min', ['number']);
    only('max', ['number']);
    only('options', ['select']);
    only('min_date', ['date']);
    only('max_date', ['date']);
    if (f.type === 'select' && !f.options?.length) c.addIssue({ code: 'custom', path: ['options'], message: 'a select field needs options' });
    if (f.options && new Set(f.options.map((o) => o.value)).size !== f.options.length)
      c.addIssue({ code: 'custom', path: ['options'], message: 'option values must be unique' });
    if (f.min_length != null && f.max_length != null && f.min_length > f.max_length)
      c.addIssue({ code: 'custom', path: ['min_length'], message: 'min_length must not exceed max_length' });
    if (f.min != null && f.max != null && f.min > f.max) c.addIssue({ code: 'custom', path: ['min'], message: 'min must not exceed max' });
    if (f.min_date && f.max_date && f.min_date > f.max_date) c.addIssue({ code: 'custom', path: ['min_date'], message: 'min_date must not be after max_date' });
  });
export type FormFieldData = z.infer<typeof formFieldSchema>;

const fieldsSchema = z
  .array(formFieldSchema)
  .min(1, 'a form needs at least one field')
  .max(50, 'a form has at most 50 fields')
  .refine((fs) => new Set(fs.map((f) => f.name)).size === fs.length, 'field names must be unique within a form');

/** Where the shopper goes after submitting: a path of the storefront (`/thanks`, not `//…`) or an https URL. */
export const successRedirectSchema = z
  .string()
  .max(2000)
  .refine(
    (v) => isUrl(v, { relative: true, httpsOnly: true }),
    "success_redirect must be a relative path such as /thank-you or an https URL (the kit's URL rule)",
  );

const emailSchema = z
  .string()
  .max(254)
  .regex(/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/, 'not an email address');
const STATUSES = ['active', 'inactive'] as const;
const recipients = z.array(emailSchema).max(20, 'at most 20 notification recipients');

export const createFormSchema = z.strictObject({
  slug: handleSchema,
  title: plainText(z.string().min(1, 'title must not be empty').max(300), 'title'),
  description: z.string().max(10_000).nullish(),
  fields: fieldsSchema,
  success_message: z.string().max(1000).nullish(),
  success_redirect: successRedirectSchema.nullish(),
  notification_recipients: recipients.nullish(),
  status: z.enum(STATUSES, { message: 'status must be active or inactive' }).nullish(),
  is_popup: z.boolean().nullish(),
});
export type CreateFormData = z.infer<typeof createFormSchema>;

/** Only the fields given change; nullable ones are cleared with null. `fields` replaces the whole list. */
export const updateFormSchema = z.strictObject({
  slug: handleSchema.optional(),
  title: plainText(z.string().min(1, 'title must not be empty').max(300), 'title').optional(),
  description: z.string().max(10_000).nullish(),
  fields: fieldsSchema.optional(),
  success_message: z.string().max(1000).nullish(),
  success_redirect: successRedirectSchema.nullish(),
  notification_recipients: recipients.nullish(),
  is_popup: z.boolean().optional(),
});
export type UpdateFormData = z.infer<typeof updateFormSchema>;

export const formListSchema = z.strictObject({
  ...pageSchema,
  status: z.enum(STATUSES, { message: 'status must be active or inactive' }).optional(),
  q: z.string().max(200).optional(),
});
export type FormListQuery = z.infer<typeof formListSchema>;

export const submissionListSchema = z.strictObject({ ...pageSchema, form_id: z.string().min(1).max(200) });
export type SubmissionListQuery = z.infer<typeof submissionListSchema>;

/** The slug in a store path. */
export const slugParam = z.strictObject({ slug: z.string().min(1).max(200) });

const submissionShape = {
  form: z.string().min(1).max(200).optional(),
  form_id: z.string().min(1).max(200).optional(),
  data: z
    .record(z.string().max(100), z.unknown(), { message: 'data must be an object of field values' })
    .refine((d) => Object.keys(d).length <= 100, 'data holds at most 100 fields'),
  challenge_token: z.string().min(1).max(4096).optional(),
};
const oneForm = (b: { form?: string; form_id?: string }) => (b.form === undefined) !== (b.form_id === undefined);
const oneFormIssue = { message: 'name the form with exactly one of form (its slug) or form_id', path: ['form'] };

/**
 * A submission: the form by `form` (slug) or `form_id`, and `data` (field name -> value). The values
 * are checked against the form's own rules by the service (they depend on the form).
 */
export const submitFormSchema = z.strictObject(submissionShape).refine(oneForm, oneFormIssue);
export type SubmitFormData = z.infer<typeof submitFormSchema>;
/** The REST body: the same, plus the anti-spam solution when it is not sent as the x-antispam-token header. */
export const submitFormBody = z.strictObject({ ...submissionShape, antispam_token: z.string().max(4096).optional() }).refine(oneForm, oneFormIssue);

/** The tenant's challenge verifier. `secret` is required when it is first configured. */
export const configureVerifierSchema = z.strictObject({
  provider: z.enum(VERIFIER_PROVIDERS, { message: `provider must be one of ${VERIFIER_PROVIDERS.join(', ')}` }),
  secret: z.string().min(1).max(500).nullish(),
  verify_url: urlSchema('verify_url').nullish(),
  min_score: z.number().min(0).max(1).nullish(),
  enabled: z.boolean().nullish(),
});
export type ConfigureVerifierData = z.infer<typeof configureVerifierSchema>;

// ---- GraphQL inputs ----

@InputType('FormFieldOptionInput', { description: 'A choice of a select field' })
export class FormFieldOptionInput {
  @Field({ description: 'The value a submission sends' }) value!: string;
  @Field({ description: 'The text shown' }) label!: string;
}

@InputType('FormFieldInput', { description: 'A field of a form and its validation rules' })
export class FormFieldInput {
  @Field({ description: 'the key of the value in a submission: lowercase letters, digits and _' }) name!: string;
  @Field({ description: 'The label shown' }) label!: string;
  @Field(() => String, { description: FIELD_TYPES.join(', ') }) type!: FieldType;
  @Field(() => Boolean, { nullable: true, description: 'Whether a value is required (checkbox: must be checked); default false' }) required?: boolean | null;
  @Field(() => String, { nullable: true, description: 'Hint text shown inside the empty input' }) placeholder?: string | null;
  @Field(() => String, { nullable: true, description: 'Explanation shown with the field' }) help_text?: string | null;
  @Field(() => Int, { nullable: true, description: 'Text fields: the fewest characters accepted' }) min_length?: number | null;
  @Field(() => Int, { nullable: true, description: 'Text fields: the most characters accepted' }) max_length?: number | null;
  @Field(() => Float, { nullable: true, description: 'Number fields: the smallest value accepted' }) min?: number | null;
  @Field(() => Float, { nullable: true, description: 'Number fields: the largest value accepted' }) max?: number | null;
  @Field(() => String, { nullable: true, description: 'A regular expression the whole value must match' }) pattern?: string | null;
  @Field(() => [FormFieldOptionInput], { nullable: true, description: 'Select fields: the choices, in order' }) options?: FormFieldOptionInput[] | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' }) min_date?: string | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' }) max_date?: string | null;
}

@InputType('CreateFormInput', { description: 'A new form' })
@ValidateWith(createFormSchema)
export class CreateFormInput {
  @Field({ description: "The form's unique name in the store (lowercase letters, digits and -)" }) slug!: string;
  @Field({ description: "The form's title" }) title!: string;
  @Field(() => String, { nullable: true, description: 'An introduction shown above the fields' }) description?: string | null;
  @Field(() => [FormFieldInput], { description: 'The fields, in display order' }) fields!: FormFieldInput[];
  @Field(() => String, { nullable: true, description: 'What to show after a successful submission' }) success_message?: string | null;
  @Field(() => String, { nullable: true, description: 'a relative path (/thank-you) or an https URL' }) success_redirect?: string | null;
  @Field(() => [String], { nullable: true, description: 'Email addresses notified of each submission' }) notification_recipients?: string[] | null;
  @Field(() => String, { nullable: true, description: 'active (default) or inactive' }) status?: FormStatus | null;
  @Field(() => Boolean, { nullable: true, description: "Whether the form is the store's popup; default false" }) is_popup?: boolean | null;
}

@InputType('UpdateFormInput', { description: 'Changes to a form; absent fields stay, null clears' })
@ValidateWith(updateFormSchema)
export class UpdateFormInput {
  @Field(() => String, { nullable: true, description: "The form's unique name in the store" }) slug?: string;
  @Field(() => String, { nullable: true, description: "The form's title" }) title?: string;
  @Field(() => String, { nullable: true, description: 'An introduction shown above the fields; null clears' }) description?: string | null;
  @Field(() => [FormFieldInput], { nullable: true, description: 'replaces all fields' }) fields?: FormFieldInput[];
  @Field(() => String, { nullable: true, description: 'What to show after a successful submission; null clears' }) success_message?: string | null;
  @Field(() => String, { nullable: true, description: 'A relative path (/thank-you) or an https URL; null clears' }) success_redirect?: string | null;
  @Field(() => [String], { nullable: true, description: 'Email addresses notified of each submission' }) notification_recipients?: string[] | null;
  @Field(() => Boolean, { nullable: true, description: "Whether the form is the store's popup" }) is_popup?: boolean;
}

@ArgsType()
@ValidateWith(formListSchema)
export class FormListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'active or inactive' }) status?: FormStatus;
  @Field(() => String, { nullable: true, description: 'words in the title or slug' }) q?: string;
}

@ArgsType()
@ValidateWith(submissionListSchema)
export class SubmissionListArgs extends PageArgs {
  @Field({ description: 'The form id' }) form_id!: string;
}

@InputType('FormSubmissionInput', { description: "A visitor's submission of a form" })
@ValidateWith(submitFormSchema)
export class FormSubmissionInput {
  @Field(() => String, { nullable: true, description: 'the form slug (or form_id)' }) form?: string;
  @Field(() => String, { nullable: true, description: 'The form id (or give form)' }) form_id?: string;
  @Field(() => JSONScalar, { description: 'field name -> value' }) data!: Record<string, unknown>;
  @Field(() => String, { nullable: true, description: 'reCAPTCHA / hCaptcha / Turnstile response, when the store configures a verifier' })
  challenge_token?: string;
}

@InputType('FormVerifierInput', { description: "The store's challenge verifier settings" })
@ValidateWith(configureVerifierSchema)
export class FormVerifierInput {
  @Field(() => String, { description: VERIFIER_PROVIDERS.join(', ') }) provider!: VerifierProvider;
  @Field(() => String, { nullable: true, description: 'the secret key; kept encrypted, never returned' }) secret?: string | null;
  @Field(() => String, { nullable: true, description: "overrides the provider's siteverify URL" }) verify_url?: string | null;
  @Field(() => Float, { nullable: true, description: 'reCAPTCHA v3: the lowest score accepted (0 to 1)' }) min_score?: number | null;
  @Field(() => Boolean, {
    nullable: true,
    description: 'Whether submissions must carry a valid challenge_token; absent: unchanged (true when first configured)',
  })
  enabled?: boolean | null;
}
