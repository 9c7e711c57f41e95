import { Field, Int, ObjectType } from 'type-graphql';

const S = { simpleResolvers: true };

@ObjectType('AssistantSocialImage', { ...S, description: 'A suggested image: a product image or one of the store’s media' })
class AssistantSocialImageType {
  @Field() url!: string;
  @Field({ description: 'product or media' }) source!: string;
  @Field({ description: 'The product’s or the media asset’s id' }) id!: string;
  @Field(() => String, { nullable: true }) alt!: string | null;
}

@ObjectType('AssistantSocialDraft', { ...S, description: 'A social post drafted from a brief' })
export class AssistantSocialDraftType {
  @Field() network!: string;
  @Field() locale!: string;
  @Field({ description: 'The text without hashtags' }) caption!: string;
  @Field(() => [String]) hashtags!: string[];
  @Field({ description: 'Caption and hashtags as they would be posted, within the network’s length' }) text!: string;
  @Field(() => AssistantSocialImageType, { nullable: true }) image!: AssistantSocialImageType | null;
  @Field(() => String, { nullable: true }) product_id!: string | null;
  @Field({ description: 'Written from templates and the store’s data (no language model, or its breaker open)' }) offline!: boolean;
  @Field() tier!: string;
  @Field(() => Int, { description: 'Credits the draft spent' }) credits!: number;
}

@ObjectType('AssistantSocialAccount', { ...S, description: 'A social account the store connected (its tokens are never shown)' })
export class AssistantSocialAccountType {
  @Field() id!: string;
  @Field({ description: 'facebook, instagram or mastodon' }) network!: string;
  @Field({ description: 'The page id, Instagram user id, or Mastodon host/account id' }) external_id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true, description: 'An Instagram account: the connected Facebook Page it belongs to' }) parent_id!: string | null;
  @Field(() => String, { nullable: true, description: 'When the user token runs out (it is refreshed before)' }) token_expires_at!: string | null;
  @Field() created_at!: string;
}

@ObjectType('AssistantSocialAuthorization', { ...S, description: 'Where to send the admin to connect Meta' })
export class AssistantSocialAuthorizationType {
  @Field({ description: 'Meta’s OAuth dialog' }) url!: string;
  @Field({ description: 'Give it back with the code (valid 15 minutes, this store only)' }) state!: string;
  @Field() expires_at!: string;
}

@ObjectType('AssistantSocialResult', { ...S, description: 'What one account did with a post' })
class AssistantSocialResultType {
  @Field() account_id!: string;
  @Field(() => String, { nullable: true }) network!: string | null;
  @Field({ description: 'published or failed' }) status!: string;
  @Field(() => String, { nullable: true, description: 'The post’s id at the network' }) external_id!: string | null;
  @Field(() => String, { nullable: true, description: 'Why it failed' }) error!: string | null;
}

@ObjectType('AssistantSocialPost', { ...S, description: 'A post published or scheduled, with its result per account' })
export class AssistantSocialPostType {
  @Field() id!: string;
  @Field({ description: 'scheduled, publishing, published, partial (some accounts failed), failed or cancelled' }) status!: string;
  @Field({ description: 'The text as posted (hashtags included)' }) caption!: string;
  @Field(() => String, { nullable: true }) image_url!: string | null;
  @Field(() => String, { nullable: true }) link!: string | null;
  @Field(() => [String]) accounts!: string[];
  @Field(() => String, { nullable: true }) scheduled_at!: string | null;
  @Field(() => [AssistantSocialResultType]) results!: AssistantSocialResultType[];
  @Field() created_at!: string;
  @Field() updated_at!: string;
}
