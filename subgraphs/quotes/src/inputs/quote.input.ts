import { z } from 'zod';
import { ArgsType, Field, Float, InputType, Int } from 'type-graphql';
import { JSONScalar, ValidateWith, currencySchema, handleSchema, plainText } from '@svc/kit';
import { QUOTE_STATUSES } from '../entities/quote.entity';

/**
 * The constraints of quotes' arguments, written once: GraphQL validates with them
 * (`@ValidateWith`), the REST routes reuse them.
 */

const FIELD_TYPES = ['text', 'number', 'select', 'date', 'boolean'] as const;
const email = z.email().max(254);
/** a locale tag such as en, de, ar, pt-BR */
const localeSchema = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'locale is a language tag such as en, de or pt-BR');

const quoteFormFieldSchema = z
  .strictObject({
    key: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'key is lower case letters, digits and _ (at most 40), starting with a letter'),
    label: plainText(z.string().min(1).max(200), 'label'),
    type: z.enum(FIELD_TYPES, { message: `type must be one of ${FIELD_TYPES.join(', ')}` }),
    required: z.boolean().nullish(),
    options: z
      .array(plainText(z.string().min(1).max(200), 'option'))
      .max(50)
      .nullish(),
  })
  .refine((f) => f.type !== 'select' || (f.options?.length ?? 0) > 0, 'a select field names its options')
  .refine((f) => f.type === 'select' || !f.options?.length, 'only a select field has options');

export const saveQuoteSettingsSchema = z.strictObject({
  currency_code: currencySchema,
  validity_days: z.number().int().min(1).max(365),
  notification_email: email.nullish(),
  form_fields: z
    .array(quoteFormFieldSchema)
    .max(30)
    .refine((fs) => new Set(fs.map((f) => f.key)).size === fs.length, 'each key at most once')
    .nullish(),
});
export type SaveQuoteSettingsData = z.infer<typeof saveQuoteSettingsSchema>;

const rate = z.number().min(0).max(1_000_000_000);
export const saveQuoteServiceSchema = z.strictObject({
  handle: handleSchema,
  name: plainText(z.string().min(1).max(300), 'name'),
  description: plainText(z.string().max(2000), 'description').nullish(),
  unit: plainText(z.string().min(1).max(40), 'unit'),
  base_rate: rate,
  active: z.boolean().nullish(),
});
export type SaveQuoteServiceData = z.infer<typeof saveQuoteServiceSchema>;

export const saveQuoteLocationSchema = z.strictObject({
  handle: handleSchema,
  name: plainText(z.string().min(1).max(300), 'name'),
  modifier: z.number().gt(0).max(100),
});
export type SaveQuoteLocationData = z.infer<typeof saveQuoteLocationSchema>;

const quantity = z.number().int().min(1).max(10_000);
const ref = z.string().min(1).max(200);
const fieldValue = z.union([z.string().max(2000), z.number(), z.boolean()]);

const submissionShape = {
  name: plainText(z.string().trim().min(1).max(200), 'name'),
  email,
  company: plainText(z.string().max(200), 'company').nullish(),
  phone: z.string().max(50).nullish(),
  message: z.string().max(5000).nullish(),
  /** the language of the PDF and the mails (default: the request's locale, else en) */
  locale: localeSchema.nullish(),
  products: z
    .array(z.strictObject({ variant_id: ref, quantity }))
    .max(50)
    .nullish(),
  services: z
    .array(z.strictObject({ service_id: ref, location_id: ref, quantity }))
    .max(50)
    .nullish(),
  /** the store's custom fields: key -> value */
  fields: z
    .record(z.string().max(40), fieldValue)
    .refine((f) => Object.keys(f).length <= 50, 'at most 50 fields')
    .meta({ maxProperties: 50 })
    .nullish(),
};
const notEmpty = (q: { products?: unknown[] | null; services?: unknown[] | null }) => (q.products?.length ?? 0) + (q.services?.length ?? 0) > 0;
const notEmptyIssue = { message: 'a quote request names at least one product or service', path: ['products'] };

export const submitQuoteSchema = z.strictObject(submissionShape).refine(notEmpty, notEmptyIssue);
export type SubmitQuoteData = z.infer<typeof submitQuoteSchema>;
/** The REST body: the same, plus the anti-spam solution when it is not sent as the x-antispam-token header. */
export const submitQuoteBody = z.strictObject({ ...submissionShape, antispam_token: z.string().max(4096).optional() }).refine(notEmpty, notEmptyIssue);

/** A quote number, `Q-<year>-<6 digits>`. */
export const quoteNumberSchema = z.string().regex(/^Q-\d{4}-\d{6}$/, 'a quote number is Q-<year>-<6 digits>');
export const pdfQuerySchema = z.strictObject({ token: z.string().min(1).max(200).optional() });

export const quoteListSchema = z.strictObject({
  status: z.enum(QUOTE_STATUSES).nullish(),
  limit: z.number().int().min(0).max(100).nullish(),
  offset: z.number().int().min(0).nullish(),
});
export type QuoteListQuery = z.infer<typeof quoteListSchema>;
export const quoteStatusSchema = z.enum(QUOTE_STATUSES, { message: `status must be one of ${QUOTE_STATUSES.join(', ')}` });

@InputType('QuoteFormFieldInput')
class QuoteFormFieldInput {
  @Field({ description: 'lower case letters, digits and _' }) key!: string;
  @Field() label!: string;
  @Field(() => String, { description: 'text, number, select, date or boolean' }) type!: (typeof FIELD_TYPES)[number];
  @Field(() => Boolean, { nullable: true, description: 'Default false' }) required?: boolean | null;
  @Field(() => [String], { nullable: true, description: 'The choices of a select field' }) options?: string[] | null;
}

@InputType('SaveQuoteSettingsInput')
@ValidateWith(saveQuoteSettingsSchema)
export class SaveQuoteSettingsInput {
  @Field({ description: 'Currency of the ISG rates and the estimates' }) currency_code!: string;
  @Field(() => Int, { description: 'Days a quote is valid from its submission' }) validity_days!: number;
  @Field(() => String, { nullable: true, description: "Where the store's notification goes (else the brand's contact email)" })
  notification_email?: string | null;
  @Field(() => [QuoteFormFieldInput], { nullable: true, description: "The quote form's custom fields (replaces them; absent keeps them)" })
  form_fields?: QuoteFormFieldInput[] | null;
}

@InputType('SaveQuoteServiceInput')
@ValidateWith(saveQuoteServiceSchema)
export class SaveQuoteServiceInput {
  @Field({ description: 'Creates the service, or changes the one with this handle' }) handle!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field({ description: 'What the quantity counts: hour, day, visit…' }) unit!: string;
  @Field(() => Float, { description: 'Price per unit before the location modifier' }) base_rate!: number;
  @Field(() => Boolean, { nullable: true, description: 'Default true' }) active?: boolean | null;
}

@InputType('SaveQuoteLocationInput')
@ValidateWith(saveQuoteLocationSchema)
export class SaveQuoteLocationInput {
  @Field({ description: 'Creates the location, or changes the one with this handle' }) handle!: string;
  @Field() name!: string;
  @Field(() => Float, { description: 'Multiplies the base rates there (1.15 = +15 %)' }) modifier!: number;
}

@InputType('QuoteProductInput', { description: 'A product to quote' })
class QuoteProductInput {
  @Field({ description: "A variant of one of the store's published products" }) variant_id!: string;
  @Field(() => Int, { description: 'Units, 1 to 10,000' }) quantity!: number;
}

@InputType('QuoteServiceLineInput', { description: 'A service to quote at a location' })
class QuoteServiceLineInput {
  @Field({ description: 'Id or handle of a quotable service' }) service_id!: string;
  @Field({ description: 'Id or handle of an ISG location' }) location_id!: string;
  @Field(() => Int, { description: "Units of the service's unit" }) quantity!: number;
}

@InputType('SubmitQuoteInput', { description: "A quote request: contact details, at least one product or service line, the custom fields' answers" })
@ValidateWith(submitQuoteSchema)
export class SubmitQuoteInput {
  @Field({ description: "The requester's name" }) name!: string;
  @Field({ description: "The requester's email (the confirmation and the PDF link go there)" }) email!: string;
  @Field(() => String, { nullable: true, description: 'Company (optional)' }) company?: string | null;
  @Field(() => String, { nullable: true, description: 'Phone number (optional)' }) phone?: string | null;
  @Field(() => String, { nullable: true, description: 'A message to the store (optional)' }) message?: string | null;
  @Field(() => String, { nullable: true, description: "Language of the PDF and the mails (default: the request's locale, else en)" }) locale?: string | null;
  @Field(() => [QuoteProductInput], { nullable: true, description: 'Product lines (at most 50)' }) products?: QuoteProductInput[] | null;
  @Field(() => [QuoteServiceLineInput], { nullable: true, description: 'Service lines (at most 50)' }) services?: QuoteServiceLineInput[] | null;
  @Field(() => JSONScalar, { nullable: true, description: "The store's custom fields: key -> value" }) fields?: Record<
    string,
    string | number | boolean
  > | null;
}

@ArgsType()
@ValidateWith(quoteListSchema)
export class QuoteListArgs {
  @Field(() => String, { nullable: true }) status?: (typeof QUOTE_STATUSES)[number] | null;
  @Field(() => Int, { nullable: true }) limit?: number | null;
  @Field(() => Int, { nullable: true }) offset?: number | null;
}
