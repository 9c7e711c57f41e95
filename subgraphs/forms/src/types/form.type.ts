import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('FormFieldOption', { ...S, description: 'A choice of a select field' })
export class FormFieldOptionType {
  @Field({ description: 'The value a submission sends when this choice is taken' }) value!: string;
  @Field({ description: 'The text shown for the choice' }) label!: string;
}

@ObjectType('FormField', { ...S, description: 'A field of a form with its validation rules (null: the rule is not set)' })
export class FormFieldType {
  @Field({ description: 'the key of the value in a submission' }) name!: string;
  @Field({ description: "The field's label as shown" }) label!: string;
  @Field({ description: 'text, email, number, select, checkbox, textarea, date or file (a media asset id)' }) type!: string;
  @Field({ description: 'checkbox: must be checked' }) required!: boolean;
  @Field(() => String, { nullable: true, description: 'Hint text shown inside the empty input; null when none' }) placeholder!: string | null;
  @Field(() => String, { nullable: true, description: 'Explanation shown with the field; null when none' }) help_text!: string | null;
  @Field(() => Int, { nullable: true, description: 'Text fields: the fewest characters accepted; null: no minimum' }) min_length!: number | null;
  @Field(() => Int, { nullable: true, description: 'Text fields: the most characters accepted; null: no maximum' }) max_length!: number | null;
  @Field(() => Float, { nullable: true, description: 'Number fields: the smallest value accepted; null: no minimum' }) min!: number | null;
  @Field(() => Float, { nullable: true, description: 'Number fields: the largest value accepted; null: no maximum' }) max!: number | null;
  @Field(() => String, { nullable: true, description: 'a regular expression the whole value must match' }) pattern!: string | null;
  @Field(() => [FormFieldOptionType], { nullable: true, description: 'Select fields: the choices, in order; null for other types' }) options!:
    FormFieldOptionType[] | null;
  @Field(() => String, { nullable: true, description: 'Date fields: the earliest date accepted (YYYY-MM-DD); null: no limit' }) min_date!: string | null;
  @Field(() => String, { nullable: true, description: 'Date fields: the latest date accepted (YYYY-MM-DD); null: no limit' }) max_date!: string | null;
}

@ObjectType('Form', { ...S, description: 'A form as a storefront sees it (active forms only)' })
@Directive('@key(fields: "id")')
export class FormType {
  @Field(() => ID, { description: 'The form id (form_…)' }) id!: string;
  @Field({ description: "The form's unique name in the store, e.g. contact; what storefronts ask for" }) slug!: string;
  @Field({ description: "The form's title" }) title!: string;
  @Field(() => String, { nullable: true, description: 'An introduction shown above the fields; null when none' }) description!: string | null;
  @Field(() => [FormFieldType], { description: 'The fields, in display order' }) fields!: FormFieldType[];
  @Field(() => String, { nullable: true, description: "What to show after a successful submission; null: the storefront's own text" }) success_message!:
    string | null;
  @Field(() => String, { nullable: true, description: 'a relative path or an https URL' }) success_redirect!: string | null;
  @Field({ description: "Whether the form is shown as the store's popup (at most one active popup form)" }) is_popup!: boolean;
}

@ObjectType('AdminForm', { ...S, description: 'A form with its settings (admin)' })
export class AdminFormType {
  @Field(() => ID, { description: 'The form id (form_…)' }) id!: string;
  @Field({ description: "The form's unique name in the store, e.g. contact" }) slug!: string;
  @Field({ description: "The form's title" }) title!: string;
  @Field(() => String, { nullable: true, description: 'An introduction shown above the fields; null when none' }) description!: string | null;
  @Field(() => [FormFieldType], { description: 'The fields, in display order' }) fields!: FormFieldType[];
  @Field(() => String, { nullable: true, description: "What to show after a successful submission; null: the storefront's own text" }) success_message!:
    string | null;
  @Field(() => String, { nullable: true, description: 'Where to send the visitor after a submission: a relative path or an https URL; null: stay' })
  success_redirect!: string | null;
  @Field({ description: "Whether the form is shown as the store's popup" }) is_popup!: boolean;
  @Field({ description: 'active or inactive' }) status!: string;
  @Field(() => [String], { description: 'Email addresses notified of each submission' }) notification_recipients!: string[];
  @Field({ description: 'When the form was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the form last changed (ISO 8601, UTC)' }) updated_at!: string;
}

@ObjectType('AdminFormList', { description: 'A page of forms' })
export class AdminFormListType extends PaginatedList(AdminFormType) {}

@ObjectType('FormSubmission', { ...S, description: 'A stored submission (admin)' })
export class SubmissionType {
  @Field(() => ID, { description: 'The submission id (fsub_…)' }) id!: string;
  @Field({ description: 'The form submitted' }) form_id!: string;
  @Field(() => JSONScalar, { description: 'field name -> value' }) data!: Record<string, unknown>;
  @Field(() => String, { nullable: true, description: "HMAC-SHA256 of the client's IP (hex)" }) ip_hash!: string | null;
  @Field(() => String, { nullable: true, description: "The submitting browser's User-Agent; null when it sent none" }) user_agent!: string | null;
  @Field(() => String, { nullable: true, description: 'when the notification mail was accepted by the mail server' }) notified_at!: string | null;
  @Field({ description: 'When the form was submitted (ISO 8601, UTC)' }) created_at!: string;
}

@ObjectType('FormSubmissionList', { description: 'A page of form submissions' })
export class SubmissionListType extends PaginatedList(SubmissionType) {}

@ObjectType('FormSubmissionResult', { ...S, description: 'What the storefront shows after a submission' })
export class SubmissionResultType {
  @Field(() => ID, { description: 'The submission id (fsub_…)' }) id!: string;
  @Field({ description: 'The form submitted' }) form_id!: string;
  @Field(() => String, { nullable: true, description: "The form's message to show; null: the storefront's own text" }) success_message!: string | null;
  @Field(() => String, { nullable: true, description: 'Where to send the visitor next (a relative path or an https URL); null: stay' }) success_redirect!:
    string | null;
  @Field({ description: 'When the submission was stored (ISO 8601, UTC)' }) created_at!: string;
}

@ObjectType('FormVerifierSettings', { ...S, description: "The store's reCAPTCHA-style verifier (the secret is never returned)" })
export class VerifierType {
  @Field({ description: 'recaptcha, hcaptcha or turnstile' }) provider!: string;
  @Field({ description: 'Whether submissions must carry a valid challenge_token' }) enabled!: boolean;
  @Field({ description: 'Whether the secret key is stored (it is never returned)' }) has_secret!: boolean;
  @Field(() => String, { nullable: true, description: "The configured siteverify URL override; null: the provider's own" }) verify_url!: string | null;
  @Field({ description: 'The siteverify URL tokens are checked against' }) effective_verify_url!: string;
  @Field(() => Float, { nullable: true, description: 'reCAPTCHA v3: the lowest score accepted (0 to 1); null: any' }) min_score!: number | null;
  @Field({ description: 'When the settings last changed (ISO 8601, UTC)' }) updated_at!: string;
}
