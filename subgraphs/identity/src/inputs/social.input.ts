import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { ValidateWith, urlSchema } from '@svc/kit';
import { SOCIAL_PROVIDERS } from '../social/providers';

const url = urlSchema('a provider URL', { max: 500 });
const scope = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'a scope is one token without spaces or quotes');

/** A provider's settings; the constraints are written once and serve GraphQL and the command. */
export const configureSocialProviderSchema = z.strictObject({
  provider: z.enum(SOCIAL_PROVIDERS, { message: `provider must be one of ${SOCIAL_PROVIDERS.join(', ')}` }),
  enabled: z.boolean().nullish(),
  client_id: z.string().min(1).max(500).nullish(),
  client_secret: z.string().max(4000).nullish(),
  scopes: z.array(scope).max(20).nullish(),
  issuer: url.nullish(),
  authorization_url: url.nullish(),
  token_url: url.nullish(),
  userinfo_url: url.nullish(),
  redirect_uri: url.nullish(),
  apple_team_id: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'apple_team_id is the 10-character Team ID')
    .nullish(),
  apple_key_id: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'apple_key_id is the 10-character Key ID')
    .nullish(),
  apple_private_key: z.string().max(4000).nullish(),
});
export type ConfigureSocialProviderData = z.infer<typeof configureSocialProviderSchema>;

@InputType('ConfigureSocialProviderInput', { description: 'Fields not given keep their value; null clears an override' })
@ValidateWith(configureSocialProviderSchema)
export class ConfigureSocialProviderInput {
  @Field(() => String, { description: SOCIAL_PROVIDERS.join(' | ') }) provider!: ConfigureSocialProviderData['provider'];
  @Field(() => Boolean, { nullable: true, description: 'Whether customers can sign in with it' }) enabled?: boolean | null;
  @Field(() => String, { nullable: true, description: 'The OAuth client id at the provider' }) client_id?: string | null;
  @Field(() => String, { nullable: true, description: 'kept encrypted; never answered' }) client_secret?: string | null;
  @Field(() => [String], { nullable: true, description: "null or []: the provider's default scopes" }) scopes?: string[] | null;
  @Field(() => String, { nullable: true, description: 'OpenID issuer for discovery (Google, Microsoft, Apple), when not the real one' }) issuer?: string | null;
  @Field(() => String, { nullable: true, description: 'Override of the authorization endpoint (OAuth providers without discovery)' }) authorization_url?:
    string | null;
  @Field(() => String, { nullable: true, description: 'Override of the token endpoint' }) token_url?: string | null;
  @Field(() => String, { nullable: true, description: 'Override of the user info endpoint' }) userinfo_url?: string | null;
  @Field(() => String, { nullable: true, description: "where the provider sends the browser back (default: this platform's callback route)" }) redirect_uri?:
    string | null;
  @Field(() => String, { nullable: true, description: 'Apple: the developer team id' }) apple_team_id?: string | null;
  @Field(() => String, { nullable: true, description: 'Apple: the id of the key that signs the client secret' }) apple_key_id?: string | null;
  @Field(() => String, { nullable: true, description: 'PEM of the .p8 key that signs the client secret; kept encrypted' }) apple_private_key?: string | null;
}

export const socialCallbackSchema = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  user: z.string().max(4000).optional(),
  /** the binding secret `start` answered (or the svc_social_binding cookie) */
  binding: z.string().max(100).optional(),
});

@InputType('SocialCallbackInput', { description: "What the provider's redirect carried (query or form_post body)" })
@ValidateWith(socialCallbackSchema)
export class SocialCallbackInput {
  @Field(() => String, { nullable: true, description: 'The authorization code; absent when the provider answered an error' }) code?: string;
  @Field(() => String, { nullable: true, description: 'The state of the start, unchanged' }) state?: string;
  @Field(() => String, { nullable: true, description: 'The issuer the provider names (RFC 9207), checked when present' }) iss?: string;
  @Field(() => String, { nullable: true, description: "The provider's error code (e.g. access_denied when the customer cancelled)" }) error?: string;
  @Field(() => String, { nullable: true, description: "The provider's explanation of the error" }) error_description?: string;
  @Field(() => String, { nullable: true, description: 'Apple: the user JSON of the first sign-in' }) user?: string;
  @Field(() => String, { nullable: true, description: 'the binding secret start answered: proves the caller started this sign-in' }) binding?: string;
}
