import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { LinkedAccountView, SocialProviderView } from '../services/social.service';

@ObjectType('SocialProvider', { simpleResolvers: true, description: "One of the five sign-in providers and the store's settings for it" })
export class SocialProviderType implements SocialProviderView {
  @Field({ description: 'google, apple, facebook, microsoft or github' }) provider!: string;
  @Field({ description: "The provider's name for display, e.g. Google" }) title!: string;
  @Field({ description: 'Whether the store has settings for the provider' }) configured!: boolean;
  @Field({ description: 'Whether customers can sign in with it' }) enabled!: boolean;
  @Field(() => String, { nullable: true, description: 'The OAuth client id at the provider; null when not configured' }) client_id!: string | null;
  @Field({ description: 'Whether a client secret is stored (it is never answered)' }) has_client_secret!: boolean;
  @Field(() => [String], { description: 'The OAuth scopes asked for' }) scopes!: string[];
  @Field(() => String, { nullable: true, description: "OpenID issuer used for discovery; null: the provider's real one" }) issuer!: string | null;
  @Field(() => String, { nullable: true, description: "Override of the provider's authorization endpoint; null: the default" }) authorization_url!:
    string | null;
  @Field(() => String, { nullable: true, description: "Override of the provider's token endpoint; null: the default" }) token_url!: string | null;
  @Field(() => String, { nullable: true, description: "Override of the provider's user info endpoint; null: the default" }) userinfo_url!: string | null;
  @Field({ description: 'register this redirect URI at the provider' }) redirect_uri!: string;
  @Field({ description: 'query, or form_post (Apple)' }) response_mode!: string;
  @Field(() => String, { nullable: true, description: 'Apple: the developer team id; null for other providers' }) apple_team_id!: string | null;
  @Field(() => String, { nullable: true, description: 'Apple: the id of the key that signs the client secret; null for other providers' }) apple_key_id!:
    string | null;
  @Field({ description: 'Apple: whether the signing key is stored (it is never answered)' }) has_apple_private_key!: boolean;
  @Field(() => String, { nullable: true, description: 'When the settings last changed (ISO 8601, UTC); null when not configured' }) updated_at!: string | null;
}

@ObjectType('LinkedAccount', { simpleResolvers: true, description: 'A provider account a customer signs in with' })
export class LinkedAccountType implements LinkedAccountView {
  @Field(() => ID, { description: 'The link id (slink_…)' }) id!: string;
  @Field({ description: 'The provider: google, apple, facebook, microsoft or github' }) provider!: string;
  @Field({ description: 'The customer the account signs in as' }) customer_id!: string;
  @Field(() => String, { nullable: true, description: 'The email the provider reported; null when it gave none' }) email!: string | null;
  @Field({ description: 'Whether the provider vouched for that email' }) email_verified!: boolean;
  @Field(() => String, { nullable: true, description: 'The name the provider reported; null when it gave none' }) display_name!: string | null;
  @Field(() => String, { nullable: true, description: "URL of the provider's profile picture; null when none" }) avatar_url!: string | null;
  @Field({ description: 'The last sign-in with this account (ISO 8601, UTC)' }) last_login_at!: string;
  @Field({ description: 'When the account was linked (ISO 8601, UTC)' }) created_at!: string;
}

@ObjectType('SocialStart', {
  simpleResolvers: true,
  description: 'Where to send the browser to sign in with a provider, and the secret that binds the callback to this browser',
})
export class SocialStartType {
  @Field({ description: 'send the browser here' }) authorization_url!: string;
  @Field({ description: 'present it at the callback (binding parameter, or the svc_social_binding cookie the REST start sets)' }) binding!: string;
  @Field({ description: 'SameSite of that cookie: none for form_post providers (Apple)' }) binding_same_site!: string;
  @Field(() => Int, { description: 'seconds the sign-in may take' }) expires_in!: number;
}

@ObjectType('SocialCookie', { simpleResolvers: true, description: 'the cookie the REST callback sets when the store enables it' })
export class SocialCookieType {
  @Field({ description: "The cookie's name (svc_customer_token)" }) name!: string;
  @Field(() => String, { nullable: true, description: "The cookie's Domain attribute; null: the host of the callback only" }) domain!: string | null;
  @Field(() => Int, { description: "The cookie's Max-Age in seconds (the token's lifetime)" }) max_age!: number;
}

@ObjectType('SocialSignIn', { simpleResolvers: true, description: "A finished social sign-in: the customer's token and where to go next" })
export class SocialSignInType {
  @Field({ description: 'customer JWT: the storefront keeps it as cookie svc_customer_token' }) token!: string;
  @Field({ description: 'The customer who signed in (created by this sign-in when new)' }) customer_id!: string;
  @Field({ description: 'a provider account was linked by this sign-in' }) is_new_link!: boolean;
  @Field({ description: "The storefront path to send the customer to (the start's return_to, normalised; default /)" }) return_to!: string;
  @Field(() => SocialCookieType, { nullable: true, description: 'The cookie the REST callback sets with the token; null unless the store enables it' })
  cookie!: SocialCookieType | null;
}
