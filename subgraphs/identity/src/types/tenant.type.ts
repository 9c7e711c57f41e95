import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { StoreSettingsView } from '../services/tenant.service';

@ObjectType('StoreSettings', { simpleResolvers: true, description: "The signed-in admin's store" })
export class StoreSettingsType implements StoreSettingsView {
  @Field(() => ID, { description: 'The tenant id' }) id!: string;
  @Field({ description: "The store's name" }) name!: string;
  @Field({ description: "The store's unique handle on the platform" }) handle!: string;
  @Field(() => [String], { description: 'storefront origins allowed to call the store API from a browser (CORS)' }) allowed_origins!: string[];
  @Field(() => [String], { description: "the store's own storefront servers: they may pass the shopper's address in X-Forwarded-For" })
  storefront_servers!: string[];
  @Field(() => Int, { description: 'anti-spam difficulty in force (ALTCHA maxnumber)' }) antispam_max_number!: number;
  @Field({ description: 'the social callback also sets the svc_customer_token cookie' }) social_login_cookie!: boolean;
  @Field(() => String, { nullable: true, description: 'The Domain of the social sign-in cookie; null: the API host only' }) social_login_cookie_domain!:
    string | null;
  @Field(() => String, { nullable: true, description: 'the storefront page the password reset mail links to ({token}, {email})' })
  password_reset_url!: string | null;
  @Field(() => String, { nullable: true, description: 'the storefront page the address verification mail links to ({token}, {email})' })
  email_verification_url!: string | null;
  @Field({ description: 'a signed-in customer completes a cart only with a verified address' }) require_email_verification!: boolean;
}

@ObjectType('PublishableKey', { simpleResolvers: true, description: "A storefront's publishable API key (not a secret) and the sales channels it sees" })
export class PublishableKeyType {
  @Field(() => ID, { description: "The key's id (apk_…), for revoking it" }) id!: string;
  @Field({ description: 'A label for listings' }) title!: string;
  @Field({ description: 'The publishable key itself (pk_…), sent as x-publishable-api-key' }) token!: string;
  @Field(() => [String], { description: "the catalog's sales channels of this key (none: every product)" }) sales_channel_ids!: string[];
  @Field({ description: 'When the key was created (ISO 8601, UTC)' }) created_at!: string;
}

@ObjectType('ApiKeyCreated', { simpleResolvers: true, description: 'A new API key: the key itself is shown only in this answer' })
export class ApiKeyCreatedType {
  @Field(() => ID, { description: "The key's id, for revoking it" }) id!: string;
  @Field({ description: 'A label for listings' }) title!: string;
  @Field({ description: 'agent or analyst' }) scope!: string;
  @Field({ description: 'the secret key (Authorization: Bearer <key>); stored only as a digest' }) key!: string;
  @Field({ description: "The key's first characters, to recognise it later" }) redacted!: string;
}
