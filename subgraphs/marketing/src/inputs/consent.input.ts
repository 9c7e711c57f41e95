import { z } from 'zod';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { JSONScalar, PageArgs, ValidateWith, checkedAfterAuth, pageSchema, urlSchema } from '@svc/kit';
import { CONSENT_SIGNALS } from '../entities/consent.entity';

/**
 * A session id is a secret the storefront makes: at least 22 characters of [A-Za-z0-9_-] (128
 * random bits as base64url; `crypto.randomUUID()` fits too). Anyone who knows it can read and
 * withdraw that session's consent, so it must not be guessable.
 */
export const sessionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,128}$/, 'session_id must be 22 to 128 characters of A-Z, a-z, 0-9, _ and - (an unguessable random id)');
/** checked with `sessionIdSchema` once the publishable key is (authentication comes first) */
export const sessionParams = z.strictObject({ sessionId: checkedAfterAuth(sessionIdSchema) });
const localeSchema = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'locale must look like en or de-AT');
export const localeQuery = z.strictObject({ locale: localeSchema.optional() });
const categoryKey = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'category keys are lowercase words (a-z, 0-9, _)');
/** IAB TCF v2 TC string: base64url segments joined by dots, stored and answered as given */
const tcfSchema = z
  .string()
  .max(8000)
  .regex(/^[A-Za-z0-9_.-]+$/, 'tcf_string must be a TCF TC string (base64url segments)');

export const consentSchema = z.strictObject({
  session_id: sessionIdSchema,
  categories: z.record(categoryKey, z.boolean()).refine((c) => Object.keys(c).length <= 20, 'at most 20 categories'),
  banner_version: z.number().int().min(1).max(1_000_000).nullish(),
  tcf_string: tcfSchema.nullish(),
});
export type ConsentData = z.infer<typeof consentSchema>;

const text = (max: number) => z.string().trim().min(1).max(max);
const localized = (max: number) =>
  z.record(localeSchema, text(max)).refine((m) => Object.keys(m).length >= 1 && Object.keys(m).length <= 30, 'one to 30 locales');
const link = urlSchema('a link', { relative: true }).nullish();

export const bannerSchema = z
  .strictObject({
    default_locale: localeSchema,
    categories: z
      .array(
        z.strictObject({
          key: categoryKey,
          required: z.boolean(),
          signals: z.array(z.enum(CONSENT_SIGNALS)).max(4),
          label: localized(100),
          description: localized(2000),
        }),
      )
      .min(1)
      .max(20),
    copy: z
      .record(localeSchema, z.strictObject({ title: text(200), body: text(5000), accept_all: text(100), reject_all: text(100), save: text(100) }))
      .refine((m) => Object.keys(m).length >= 1 && Object.keys(m).length <= 30, 'one to 30 locales'),
    privacy_policy_url: link,
    cookie_policy_url: link,
    imprint_url: link,
  })
  .superRefine((b, ctx) => {
    const keys = b.categories.map((c) => c.key);
    if (new Set(keys).size !== keys.length) ctx.addIssue({ code: 'custom', path: ['categories'], message: 'category keys must be distinct' });
    if (!b.categories.some((c) => c.required))
      ctx.addIssue({ code: 'custom', path: ['categories'], message: 'one category must be required (strictly necessary cookies)' });
    if (!b.copy[b.default_locale]) ctx.addIssue({ code: 'custom', path: ['copy'], message: 'copy must have the default locale' });
    for (const c of b.categories) {
      if (!c.label[b.default_locale] || !c.description[b.default_locale])
        ctx.addIssue({ code: 'custom', path: ['categories'], message: `category ${c.key} needs a label and description in the default locale` });
      if (c.required && c.signals.some((s) => s.startsWith('ad_')))
        ctx.addIssue({ code: 'custom', path: ['categories'], message: `the required category ${c.key} cannot grant advertising signals` });
    }
  });
export type BannerData = z.infer<typeof bannerSchema>;

export const auditListSchema = z.strictObject({
  ...pageSchema,
  session_id: sessionIdSchema.nullish(),
  from: z.string().datetime({ offset: true }).nullish(),
  to: z.string().datetime({ offset: true }).nullish(),
});
export type AuditListQuery = z.infer<typeof auditListSchema>;

/** @alias REST body of POST /store/cookie-consent: the same fields */
export const consentBody = consentSchema;

@InputType('CookieConsentInput', { description: "A session's cookie consent decision" })
@ValidateWith(consentSchema)
export class CookieConsentInput {
  @Field({
    description:
      "The storefront's session id: 22–128 characters of A-Z, a-z, 0-9, _ and -, at least 128 random bits (knowing it allows reading and withdrawing)",
  })
  session_id!: string;
  @Field(() => JSONScalar, { description: 'category key -> granted; required categories are granted, missing optional ones refused' }) categories!: Record<
    string,
    boolean
  >;
  @Field(() => Int, { nullable: true, description: 'The banner version the shopper saw (default: the current one); an older one is 409' }) banner_version?:
    number | null;
  @Field(() => String, { nullable: true, description: 'IAB TCF v2 TC string, stored and answered as given' }) tcf_string?: string | null;
}

@InputType('CookieBannerInput')
@ValidateWith(bannerSchema)
export class CookieBannerInput {
  @Field() default_locale!: string;
  @Field(() => JSONScalar, {
    description:
      '[{key, required, signals: [ad_storage|analytics_storage|ad_user_data|ad_personalization], label: {locale: text}, description: {locale: text}}]',
  })
  categories!: BannerData['categories'];
  @Field(() => JSONScalar, { description: '{locale: {title, body, accept_all, reject_all, save}}' }) copy!: BannerData['copy'];
  @Field(() => String, { nullable: true }) privacy_policy_url?: string | null;
  @Field(() => String, { nullable: true }) cookie_policy_url?: string | null;
  @Field(() => String, { nullable: true }) imprint_url?: string | null;
}

@ArgsType()
@ValidateWith(auditListSchema)
export class AuditListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'One session (hashed before the lookup)' }) session_id?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO time, inclusive' }) from?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO time, exclusive' }) to?: string | null;
}
