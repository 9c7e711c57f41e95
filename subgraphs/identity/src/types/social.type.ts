import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { LinkedAccountView, SocialProviderView } from '../services/social.service';

@ObjectType('SocialProvider', { simpleResolvers: true, description: "One of the five sign-in providers and the store's settings for it" })
export class SocialProviderType implements SocialProviderView {
  @Field() provider!: string;
  @Field() title!: string;
  @Field() configured!: boolean;
  @Field() enabled!: boolean;
  @Field(() => String, { nullable: true }) client_id!: string | null;
  @Field() has_client_secret!: boolean;
  @Field(() => [String]) scopes!: string[];
  @Field(() => String, { nullable: true }) issuer!: string | null;
  @Field(() => String, { nullable: true }) authorization_url!: string | null;
  @Field(() => String, { nullable: true }) token_url!: string | null;
  @Field(() => String, { nullable: true }) userinfo_url!: string | null;
  @Field({ description: 'register this redirect URI at the provider' }) redirect_uri!: string;
  @Field({ description: 'query, or form_post (Apple)' }) response_mode!: string;
  @Field(() => String, { nullable: true }) apple_team_id!: string | null;
  @Field(() => String, { nullable: true }) apple_key_id!: string | null;
  @Field() has_apple_private_key!: boolean;
  @Field(() => String, { nullable: true }) updated_at!: string | null;
}

@ObjectType('LinkedAccount', { simpleResolvers: true, description: 'A provider account a customer signs in with' })
export class LinkedAccountType implements LinkedAccountView {
  @Field(() => ID) id!: string;
  @Field() provider!: string;
  @Field() customer_id!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field() email_verified!: boolean;
  @Field(() => String, { nullable: true }) display_name!: string | null;
  @Field(() => String, { nullable: true }) avatar_url!: string | null;
  @Field() last_login_at!: string;
  @Field() created_at!: string;
}

@ObjectType('SocialStart', { simpleResolvers: true })
export class SocialStartType {
  @Field({ description: 'send the browser here' }) authorization_url!: string;
  @Field({ description: 'present it at the callback (binding parameter, or the svc_social_binding cookie the REST start sets)' }) binding!: string;
  @Field({ description: 'SameSite of that cookie: none for form_post providers (Apple)' }) binding_same_site!: string;
  @Field(() => Int, { description: 'seconds the sign-in may take' }) expires_in!: number;
}

@ObjectType('SocialCookie', { simpleResolvers: true, description: 'the cookie the REST callback sets when the store enables it' })
export class SocialCookieType {
  @Field() name!: string;
  @Field(() => String, { nullable: true }) domain!: string | null;
  @Field(() => Int) max_age!: number;
}

@ObjectType('SocialSignIn', { simpleResolvers: true })
export class SocialSignInType {
  @Field({ description: 'customer JWT: the storefront keeps it as cookie svc_customer_token' }) token!: string;
  @Field() customer_id!: string;
  @Field({ description: 'a provider account was linked by this sign-in' }) is_new_link!: boolean;
  @Field() return_to!: string;
  @Field(() => SocialCookieType, { nullable: true }) cookie!: SocialCookieType | null;
}
