import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { ValidateWith, httpUrlSchema } from '@svc/kit';
import { NETWORKS } from './draft';

/** The constraints of the social arguments, written once: GraphQL validates with them, the REST routes reuse them. */

export const ADMIN_LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'tr', 'ar'] as const;

const idSchema = (field: string) =>
  z
    .string()
    .min(1)
    .max(40)
    .regex(/^[a-z]+_[0-9A-Za-z]+$/, `${field} is an id (prefix_…)`);

export const draftSchema = z.strictObject({
  brief: z.string().max(2000, 'brief must be at most 2000 characters').regex(/\S/, 'brief must not be empty'),
  network: z.enum(NETWORKS).optional(),
  product_id: idSchema('product_id').optional(),
  locale: z.enum(ADMIN_LOCALES).optional(),
});

const hashtagSchema = z
  .string()
  .max(60)
  .regex(/^#[\p{L}\p{N}_]+$/u, 'a hashtag is # followed by letters, digits or underscores');

const publishFields = {
  caption: z.string().max(5000, 'caption must be at most 5000 characters').regex(/\S/, 'caption must not be empty'),
  hashtags: z.array(hashtagSchema).max(30).optional(),
  image_url: httpUrlSchema('image_url', 2000).optional(),
  link: httpUrlSchema('link', 2000).optional(),
  accounts: z
    .array(idSchema('accounts[]'))
    .min(1, 'name at least one account')
    .max(20)
    .refine((a) => new Set(a).size === a.length, 'each account may be named once'),
};

export const publishSchema = z.strictObject(publishFields);
type PublishArgs = z.infer<typeof publishSchema>;

export const atSchema = z.iso.datetime({ offset: true, message: 'at is an ISO 8601 date and time with its offset' });

/** A draft as `…/social/draft` answered it, given back to publish. */
const draftBody = z.strictObject({
  caption: publishFields.caption,
  hashtags: publishFields.hashtags,
  image: z
    .strictObject({ url: httpUrlSchema('draft.image.url', 2000) })
    .passthrough()
    .nullish(),
});

const publishBodyShape = {
  caption: publishFields.caption.optional(),
  hashtags: publishFields.hashtags,
  image_url: publishFields.image_url,
  link: publishFields.link,
  draft: draftBody.optional(),
  accounts: publishFields.accounts,
};

const oneOf = (b: { caption?: unknown; draft?: unknown }) => (b.caption === undefined) !== (b.draft === undefined);
const ONE_OF = { message: 'give caption or draft (one of the two)', path: ['caption'] };

/** POST /admin/ai/marketing/social/publish: the caption (or the draft) and the accounts. */
export const publishBody = z
  .strictObject(publishBodyShape)
  .refine(oneOf, ONE_OF)
  .meta({
    oneOf: [
      { required: ['caption'], not: { required: ['draft'] } },
      { required: ['draft'], not: { required: ['caption'] } },
    ],
  });

/** POST /admin/ai/marketing/social/schedule: as publish, and `at`. */
export const scheduleBody = z
  .strictObject({ ...publishBodyShape, at: atSchema })
  .refine(oneOf, ONE_OF)
  .meta({
    oneOf: [
      { required: ['caption'], not: { required: ['draft'] } },
      { required: ['draft'], not: { required: ['caption'] } },
    ],
  });

/** The publish arguments of a REST body (a draft unfolded into caption, hashtags and image). */
export function publishArgsOf(b: z.infer<typeof publishBody>): PublishArgs {
  const caption = b.draft?.caption ?? b.caption!;
  const hashtags = b.draft?.hashtags ?? b.hashtags;
  const image = b.image_url ?? b.draft?.image?.url ?? undefined;
  return { caption, accounts: b.accounts, ...(hashtags ? { hashtags } : {}), ...(image ? { image_url: image } : {}), ...(b.link ? { link: b.link } : {}) };
}

export const redirectUriSchema = httpUrlSchema('redirect_uri', 2000);
export const connectNetworkSchema = z.enum(['meta', 'mastodon']);
export const instanceSchema = httpUrlSchema('instance', 500);
export const oauthCodeSchema = z.string().min(1).max(2000);
export const oauthStateSchema = z.string().min(1).max(4000);
export const socialIdSchema = idSchema('id');
export const postStatusSchema = z.enum(['scheduled', 'publishing', 'published', 'partial', 'failed', 'cancelled']);

@InputType('AssistantSocialDraftInput')
@ValidateWith(draftSchema)
export class AssistantSocialDraftInput {
  @Field({ description: 'What the post is about (1–2,000 characters)' }) brief!: string;
  @Field(() => String, { nullable: true, description: 'facebook, instagram (default) or mastodon: its length and hashtag count' })
  network?: (typeof NETWORKS)[number];
  @Field(() => String, { nullable: true, description: 'A product of the store the post is about (its words and images)' }) product_id?: string;
  @Field(() => String, { nullable: true, description: 'One of the 11 admin locales (default en)' }) locale?: (typeof ADMIN_LOCALES)[number];
}

@InputType('AssistantSocialPublishInput')
@ValidateWith(publishSchema)
export class AssistantSocialPublishInput {
  @Field({ description: 'The text (up to 5,000 characters; each network’s own limit applies)' }) caption!: string;
  @Field(() => [String], { nullable: true, description: 'Hashtags appended after a blank line' }) hashtags?: string[];
  @Field(() => String, { nullable: true, description: 'A public image URL (required for Instagram)' }) image_url?: string;
  @Field(() => String, { nullable: true, description: 'A link (Facebook feed posts without an image)' }) link?: string;
  @Field(() => [String], { description: 'Connected account ids (assistantSocialAccounts)' }) accounts!: string[];
}
