import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { ValidateWith } from '@svc/kit';
import { AD_CHANNELS } from './metrics.service';

const secret = z
  .string()
  .min(1)
  .max(2000)
  .regex(/^[\x21-\x7e]+$/, 'a token has no spaces');

/** An advertising account of the store: Meta (`act_…` or its digits) or Google Ads (a customer id, dashes allowed). */
export const adChannelSchema = z
  .strictObject({
    channel: z.enum(AD_CHANNELS),
    account_id: z.string().min(1).max(40),
    access_token: secret.optional(),
    login_customer_id: z
      .string()
      .regex(/^\d{3}-?\d{3}-?\d{4}$/, 'login_customer_id is a Google Ads customer id (10 digits)')
      .transform((s) => s.replace(/-/g, ''))
      .optional(),
    refresh_token: secret.optional(),
  })
  .superRefine((v, ctx) => {
    const ok = v.channel === 'meta' ? /^(act_)?\d{1,30}$/.test(v.account_id) : /^\d{3}-?\d{3}-?\d{4}$/.test(v.account_id);
    if (!ok)
      ctx.addIssue({
        code: 'custom',
        path: ['account_id'],
        message: v.channel === 'meta' ? 'account_id is a Meta ad account id (act_ and digits)' : 'account_id is a Google Ads customer id (10 digits)',
      });
    if (v.channel === 'meta' && (v.refresh_token || v.login_customer_id))
      ctx.addIssue({ code: 'custom', path: ['refresh_token'], message: 'refresh_token and login_customer_id are for google_ads' });
    if (v.channel === 'google_ads' && v.access_token) ctx.addIssue({ code: 'custom', path: ['access_token'], message: 'access_token is for meta' });
  })
  .transform((v) => ({ ...v, account_id: v.channel === 'meta' ? v.account_id.replace(/^act_/, '') : v.account_id.replace(/-/g, '') }));

export const adChannelIdSchema = z.enum(AD_CHANNELS);

/** GET /admin/ai/marketing/metrics/dashboard */
export const dashboardQuery = z.strictObject({
  from: z.iso.date({ message: 'from is a day, YYYY-MM-DD' }),
  to: z.iso.date({ message: 'to is a day, YYYY-MM-DD' }),
});
export const dayArg = z.iso.date({ message: 'a day, YYYY-MM-DD' });

@InputType('AssistantAdChannelInput')
@ValidateWith(adChannelSchema)
export class AssistantAdChannelInput {
  @Field({ description: 'meta or google_ads' }) channel!: string;
  @Field({ description: 'Meta: the ad account id (act_…); Google Ads: the customer id' }) account_id!: string;
  @Field(() => String, { nullable: true, description: 'Meta: a token with ads_read (absent: the store’s Meta connection); stored sealed' })
  access_token?: string;
  @Field(() => String, { nullable: true, description: 'Google Ads: the manager account the customer is reached through' }) login_customer_id?: string;
  @Field(() => String, { nullable: true, description: 'Google Ads: the OAuth refresh token (stored sealed; absent: keep the saved one)' })
  refresh_token?: string;
}
