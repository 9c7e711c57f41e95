import { z } from 'zod';
import { ArgsType, Field, InputType } from 'type-graphql';
import { PageArgs, ValidateWith, handleSchema, pageSchema, urlSchema } from '@svc/kit';

/** The constraints of subscription arguments, written once (GraphQL `@ValidateWith`, REST bodies). */

const emailSchema = z
  .string()
  .trim()
  .max(320)
  .regex(/^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/, 'email must be an email address')
  .transform((v) => v.toLowerCase());

/** signed tokens of the links in mails: `<subscriber id>.<expiry?>.<signature>` (never longer than 200) */
const tokenSchema = z.string().min(1).max(200);
const firstName = z.string().trim().max(200).nullish();

export const subscribeSchema = z.strictObject({
  email: emailSchema,
  list_id: z.string().max(40).nullish(),
  list: handleSchema.nullish(),
  first_name: firstName,
});
export type SubscribeData = z.infer<typeof subscribeSchema>;

export const newsletterSchema = z.strictObject({ email: emailSchema, first_name: firstName });
export type NewsletterData = z.infer<typeof newsletterSchema>;

const reasonSchema = z.string().trim().max(1000);

/** @alias REST bodies (the anti-spam token may travel in the body) */
export const subscribeBody = subscribeSchema;
export const newsletterBody = newsletterSchema.extend({ antispam_token: z.string().max(4096).optional() });
export const confirmBody = z.strictObject({ token: tokenSchema });
/**
 * POST /store/email-unsubscribe: JSON `{token, reason}` from a storefront, or the RFC 8058
 * one-click POST of a mail provider (form `List-Unsubscribe=One-Click`, token in the URL).
 */
export const unsubscribeBody = z.strictObject({
  token: tokenSchema.optional(),
  reason: reasonSchema.optional(),
  'List-Unsubscribe': z.literal('One-Click').optional(),
});
/** `?token=`: a missing token is 400 `invalid_token`, checked after authentication like every route's credentials */
export const tokenQuery = z.strictObject({ token: tokenSchema.optional() });

export const listSchema = z.strictObject({
  handle: handleSchema,
  name: z.string().trim().min(1).max(300),
  description: z.string().max(5000).nullish(),
  double_opt_in: z.boolean().nullish(),
  is_newsletter: z.boolean().nullish(),
  confirmation_url: urlSchema('confirmation_url').nullish(),
});
export type ListData = z.infer<typeof listSchema>;

export const subscriberListSchema = z.strictObject({
  ...pageSchema,
  list_id: z.string().max(40),
  status: z.enum(['pending', 'subscribed', 'unsubscribed']).nullish(),
  q: z.string().trim().max(320).nullish(),
});
export type SubscriberListQuery = z.infer<typeof subscriberListSchema>;

@InputType('EmailSubscribeInput', { description: 'An address to put on a mailing list' })
@ValidateWith(subscribeSchema)
export class EmailSubscribeInput {
  @Field({ description: 'The address to subscribe' }) email!: string;
  @Field(() => String, { nullable: true, description: 'The list by id (else `list`, else the newsletter list)' }) list_id?: string | null;
  @Field(() => String, { nullable: true, description: 'The list by handle' }) list?: string | null;
  @Field(() => String, { nullable: true, description: 'First name (optional)' }) first_name?: string | null;
}

@InputType('NewsletterSignupInput', { description: "An address to put on the store's newsletter list" })
@ValidateWith(newsletterSchema)
export class NewsletterSignupInput {
  @Field({ description: 'The address to subscribe' }) email!: string;
  @Field(() => String, { nullable: true, description: 'First name (optional)' }) first_name?: string | null;
}

@InputType('MailingListInput')
@ValidateWith(listSchema)
export class MailingListInput {
  @Field() handle!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Default true: addresses are pending until confirmed' }) double_opt_in?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'The list POST /store/newsletter subscribes to (one per store)' }) is_newsletter?: boolean | null;
  @Field(() => String, { nullable: true, description: 'A storefront page the confirmation link points to (?token= appended); else the API confirm route' })
  confirmation_url?: string | null;
}

@ArgsType()
@ValidateWith(subscriberListSchema)
export class SubscriberListArgs extends PageArgs {
  @Field() list_id!: string;
  @Field(() => String, { nullable: true }) status?: 'pending' | 'subscribed' | 'unsubscribed' | null;
  @Field(() => String, { nullable: true, description: 'Part of the address or first name, any case' }) q?: string | null;
}
