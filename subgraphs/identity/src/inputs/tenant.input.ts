import { z } from 'zod';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { ValidateWith, httpUrlSchema, plainText } from '@svc/kit';

export const storeSettingsSchema = z.strictObject({
  allowed_origins: z.array(z.string().max(300).url('allowed_origins must be URLs such as https://shop.example.com')).max(50).nullish(),
  storefront_servers: z.array(z.string().max(60)).max(50).nullish(),
  /** ALTCHA maxnumber: 1,000 (trivial) to 100,000,000 (slow phones suffer); null = the platform default */
  antispam_max_number: z.number().int().min(1000).max(100_000_000).nullish(),
  social_login_cookie: z.boolean().nullish(),
  social_login_cookie_domain: z
    .string()
    .max(200)
    .regex(/^\.?[a-z0-9-]+(\.[a-z0-9-]+)+$/i, 'social_login_cookie_domain is a domain such as .example.com')
    .nullish(),
  /** the storefront page the password reset mail links to: `{token}` and `{email}` are filled in, else `token` and `email` are added to its query */
  password_reset_url: httpUrlSchema('password_reset_url', 500).nullish(),
  /** the storefront page the address verification mail links to, filled in like password_reset_url */
  email_verification_url: httpUrlSchema('email_verification_url', 500).nullish(),
  /** a signed-in customer may complete a cart only once their address is verified */
  require_email_verification: z.boolean().nullish(),
});
export type StoreSettingsData = z.infer<typeof storeSettingsSchema>;

@InputType('StoreSettingsInput', { description: "Changes to the store's settings; absent fields stay" })
@ValidateWith(storeSettingsSchema)
export class StoreSettingsInput {
  @Field(() => [String], { nullable: true, description: 'storefront origins allowed by CORS (replaces the list)' }) allowed_origins?: string[] | null;
  @Field(() => [String], { nullable: true, description: "addresses or CIDR ranges of the store's own storefront servers (replaces the list)" })
  storefront_servers?: string[] | null;
  @Field(() => Int, { nullable: true, description: 'anti-spam difficulty (ALTCHA maxnumber); null resets to the platform default' }) antispam_max_number?:
    number | null;
  @Field(() => Boolean, { nullable: true, description: 'the social callback also sets svc_customer_token as an HttpOnly, Secure, SameSite=Lax cookie' })
  social_login_cookie?: boolean | null;
  @Field(() => String, { nullable: true, description: "that cookie's Domain (e.g. .example.com); null: the API host only" }) social_login_cookie_domain?:
    string | null;
  @Field(() => String, {
    nullable: true,
    description:
      'the storefront page the password reset mail links to: {token} and {email} are filled in (URI-encoded), else token and email are added to its query; null: the mail carries the token alone',
  })
  password_reset_url?: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      "the storefront page the address verification mail links to (filled in like password_reset_url; the page posts the token to /auth/customer/verify-email); null: the platform's own link",
  })
  email_verification_url?: string | null;
  @Field(() => Boolean, {
    nullable: true,
    description: 'a signed-in customer completes a cart only with a verified address (403 email_not_verified); guests are not affected',
  })
  require_email_verification?: boolean | null;
}

export const analystKeySchema = z.strictObject({ title: plainText(z.string().min(1).max(200), 'title').optional() });

@ArgsType()
@ValidateWith(analystKeySchema)
export class AnalystKeyArgs {
  @Field({ nullable: true, description: 'a label for listings (default "Analyst")' }) title?: string;
}
