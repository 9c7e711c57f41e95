import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('FormFieldOption', S)
export class FormFieldOptionType {
  @Field() value!: string;
  @Field() label!: string;
}

@ObjectType('FormField', { ...S, description: 'A field of a form with its validation rules (null: the rule is not set)' })
export class FormFieldType {
  @Field({ description: 'the key of the value in a submission' }) name!: string;
  @Field() label!: string;
  @Field({ description: 'text, email, number, select, checkbox, textarea, date or file (a media asset id)' }) type!: string;
  @Field({ description: 'checkbox: must be checked' }) required!: boolean;
  @Field(() => String, { nullable: true }) placeholder!: string | null;
  @Field(() => String, { nullable: true }) help_text!: string | null;
  @Field(() => Int, { nullable: true }) min_length!: number | null;
  @Field(() => Int, { nullable: true }) max_length!: number | null;
  @Field(() => Float, { nullable: true }) min!: number | null;
  @Field(() => Float, { nullable: true }) max!: number | null;
  @Field(() => String, { nullable: true, description: 'a regular expression the whole value must match' }) pattern!: string | null;
  @Field(() => [FormFieldOptionType], { nullable: true }) options!: FormFieldOptionType[] | null;
  @Field(() => String, { nullable: true }) min_date!: string | null;
  @Field(() => String, { nullable: true }) max_date!: string | null;
}

@ObjectType('Form', { ...S, description: 'A form as a storefront sees it (active forms only)' })
@Directive('@key(fields: "id")')
export class FormType {
  @Field(() => ID) id!: string;
  @Field() slug!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => [FormFieldType]) fields!: FormFieldType[];
  @Field(() => String, { nullable: true }) success_message!: string | null;
  @Field(() => String, { nullable: true, description: 'a relative path or an https URL' }) success_redirect!: string | null;
  @Field() is_popup!: boolean;
}

@ObjectType('AdminForm', { ...S, description: 'A form with its settings (admin)' })
export class AdminFormType {
  @Field(() => ID) id!: string;
  @Field() slug!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => [FormFieldType]) fields!: FormFieldType[];
  @Field(() => String, { nullable: true }) success_message!: string | null;
  @Field(() => String, { nullable: true }) success_redirect!: string | null;
  @Field() is_popup!: boolean;
  @Field({ description: 'active or inactive' }) status!: string;
  @Field(() => [String]) notification_recipients!: string[];
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('AdminFormList')
export class AdminFormListType extends PaginatedList(AdminFormType) {}

@ObjectType('FormSubmission', { ...S, description: 'A stored submission (admin)' })
export class SubmissionType {
  @Field(() => ID) id!: string;
  @Field() form_id!: string;
  @Field(() => JSONScalar, { description: 'field name -> value' }) data!: Record<string, unknown>;
  @Field(() => String, { nullable: true, description: "HMAC-SHA256 of the client's IP (hex)" }) ip_hash!: string | null;
  @Field(() => String, { nullable: true }) user_agent!: string | null;
  @Field(() => String, { nullable: true, description: 'when the notification mail was accepted by the mail server' }) notified_at!: string | null;
  @Field() created_at!: string;
}

@ObjectType('FormSubmissionList')
export class SubmissionListType extends PaginatedList(SubmissionType) {}

@ObjectType('FormSubmissionResult', { ...S, description: 'What the storefront shows after a submission' })
export class SubmissionResultType {
  @Field(() => ID) id!: string;
  @Field() form_id!: string;
  @Field(() => String, { nullable: true }) success_message!: string | null;
  @Field(() => String, { nullable: true }) success_redirect!: string | null;
  @Field() created_at!: string;
}

@ObjectType('FormVerifierSettings', { ...S, description: "The store's reCAPTCHA-style verifier (the secret is never returned)" })
export class VerifierType {
  @Field({ description: 'recaptcha, hcaptcha or turnstile' }) provider!: string;
  @Field() enabled!: boolean;
  @Field() has_secret!: boolean;
  @Field(() => String, { nullable: true }) verify_url!: string | null;
  @Field() effective_verify_url!: string;
  @Field(() => Float, { nullable: true }) min_score!: number | null;
  @Field() updated_at!: string;
}
