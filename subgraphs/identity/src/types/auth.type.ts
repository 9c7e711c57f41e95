import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('AuthToken', { description: 'A signed session token (JWT) to send as Authorization: Bearer' })
export class AuthTokenType {
  @Field({ description: 'The JWT; valid 24 hours for a customer, 12 hours for an admin (refreshToken renews it, logout revokes it)' }) token!: string;
}

@ObjectType('SuccessResult', { description: 'The answer of an action that returns nothing else' })
export class SuccessType {
  @Field({ description: 'Always true: failures answer an error instead' }) success!: boolean;
}

@ObjectType('AntispamChallenge', {
  description:
    'An ALTCHA proof-of-work challenge: the client finds the number whose SHA hash of salt + number equals challenge and sends the solution with a public POST',
})
export class AntispamChallengeType {
  @Field({ description: 'The hash algorithm, e.g. SHA-256' }) algorithm!: string;
  @Field({ description: 'The hash to reproduce (hex)' }) challenge!: string;
  @Field(() => Int, { description: 'The largest number to try' }) maxnumber!: number;
  @Field({ description: 'The salt to prepend to the number (carries the expiry)' }) salt!: string;
  @Field({ description: "The server's HMAC of the challenge: send it back unchanged with the solution" }) signature!: string;
}

@ObjectType('TenantCreated', { description: 'A new tenant (store) with its keys and first admin; answered once, secrets are not shown again' })
export class TenantCreatedType {
  @Field({ description: "The new tenant's id" }) tenant_id!: string;
  @Field({ description: 'The storefront key (x-publishable-api-key)' }) publishable_key!: string;
  @Field({ description: 'The secret key for the agent API (/v1/*)' }) agent_api_key!: string;
  @Field({ description: "The first admin's email" }) admin_email!: string;
  @Field({ description: "The first admin's password (the given one, or a generated one)" }) admin_password!: string;
}

@ObjectType('EmailVerified', { simpleResolvers: true, description: 'A confirmed customer address' })
export class EmailVerifiedType {
  @Field({ description: 'Always true: the address is verified now' }) verified!: boolean;
  @Field({ description: 'The verified address' }) email!: string;
}
