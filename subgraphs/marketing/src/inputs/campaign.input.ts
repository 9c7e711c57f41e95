import { z } from 'zod';
import { ArgsType, Field, InputType } from 'type-graphql';
import { PageArgs, ValidateWith, checkedAfterAuth, pageSchema, plainText, urlSchema } from '@svc/kit';

export const ID_RE = /^[a-z]{2,6}_[0-9A-HJKMNP-TV-Z]{26}$/;
const ULID = '[0-9A-HJKMNP-TV-Z]{26}';
/**
 * Path ids of the tracking routes: a campaign and a subscriber id. The open pixel reads any
 * segments and records only well-formed ids; the click route checks them once a key, if sent, is
 * checked (as on every route): a malformed one is 400.
 */
export const trackIds = z.strictObject({
  campaignId: z.string().regex(new RegExp(`^camp_${ULID}$`), 'campaignId must be a campaign id (camp_…)'),
  subscriberId: z.string().regex(new RegExp(`^msub_${ULID}$`), 'subscriberId must be a subscriber id (msub_…)'),
});
export const trackParams = z.strictObject({
  campaignId: checkedAfterAuth(trackIds.shape.campaignId),
  subscriberId: checkedAfterAuth(trackIds.shape.subscriberId),
});
/** `url` is required (checked after authentication, like the ids) */
export const clickQuery = z.strictObject({ url: checkedAfterAuth(urlSchema('url')), sig: z.string().max(100).optional() });

const link = urlSchema('a link');

export const campaignSchema = z.strictObject({
  list_id: z.string().max(40),
  name: plainText(z.string().trim().min(1).max(300), 'name'),
  subject: plainText(z.string().trim().min(1).max(300), 'subject'),
  html: z.string().min(1).max(500_000),
  text: z.string().min(1).max(200_000),
  links: z.array(link).max(200).nullish(),
});
export type CampaignData = z.infer<typeof campaignSchema>;

export const outboxSchema = z.strictObject({
  ...pageSchema,
  status: z.enum(['queued', 'sent', 'stored', 'failed']).nullish(),
  campaign_id: z.string().max(40).nullish(),
});
export type OutboxQuery = z.infer<typeof outboxSchema>;

const pem = z
  .string()
  .max(10_000)
  .regex(/-----BEGIN (RSA )?PRIVATE KEY-----/, 'dkim_private_key must be a PEM private key');
export const senderSchema = z.strictObject({
  from_address: z.string().trim().max(400).nullish(),
  reply_to: z.string().trim().max(320).nullish(),
  dkim_domain: z
    .string()
    .trim()
    .max(253)
    .regex(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/i, 'dkim_domain must be a domain name')
    .nullish(),
  dkim_selector: z
    .string()
    .trim()
    .max(63)
    .regex(/^[a-z0-9][a-z0-9._-]*$/i, 'dkim_selector must be a DNS label')
    .nullish(),
  dkim_private_key: pem.or(z.literal('')).nullish(),
});
export type SenderData = z.infer<typeof senderSchema>;

@InputType('CampaignInput')
@ValidateWith(campaignSchema)
export class CampaignInput {
  @Field() list_id!: string;
  @Field() name!: string;
  @Field() subject!: string;
  @Field({ description: 'HTML body; http(s) links in it are registered and tracked; {{unsubscribe_url}} is replaced per recipient' }) html!: string;
  @Field({ description: 'Plain-text body; registered links in it are tracked too' }) text!: string;
  @Field(() => [String], { nullable: true, description: 'More destinations to register (absolute http(s) URLs)' }) links?: string[] | null;
}

@ArgsType()
@ValidateWith(outboxSchema)
export class OutboxArgs extends PageArgs {
  @Field(() => String, { nullable: true }) status?: 'queued' | 'sent' | 'stored' | 'failed' | null;
  @Field(() => String, { nullable: true }) campaign_id?: string | null;
}

@InputType('SenderSettingsInput')
@ValidateWith(senderSchema)
export class SenderSettingsInput {
  @Field(() => String, { nullable: true, description: 'From of marketing mail ("Shop <news@shop.example>"); default MAIL_FROM' }) from_address?: string | null;
  @Field(() => String, { nullable: true }) reply_to?: string | null;
  @Field(() => String, { nullable: true, description: 'DKIM d= domain (align it with the From domain for DMARC)' }) dkim_domain?: string | null;
  @Field(() => String, { nullable: true, description: 'DKIM selector: the public key is published at <selector>._domainkey.<domain>' }) dkim_selector?:
    string | null;
  @Field(() => String, { nullable: true, description: 'PEM private key; stored encrypted, never answered; "" removes DKIM' }) dkim_private_key?: string | null;
}
