import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('AuthToken')
export class AuthTokenType {
  @Field() token!: string;
}

@ObjectType('SuccessResult')
export class SuccessType {
  @Field() success!: boolean;
}

@ObjectType('AntispamChallenge')
export class AntispamChallengeType {
  @Field() algorithm!: string;
  @Field() challenge!: string;
  @Field(() => Int) maxnumber!: number;
  @Field() salt!: string;
  @Field() signature!: string;
}

@ObjectType('TenantCreated')
export class TenantCreatedType {
  @Field() tenant_id!: string;
  @Field() publishable_key!: string;
  @Field() agent_api_key!: string;
  @Field() admin_email!: string;
  @Field() admin_password!: string;
}

@ObjectType('EmailVerified', { simpleResolvers: true, description: 'A confirmed customer address' })
export class EmailVerifiedType {
  @Field() verified!: boolean;
  @Field() email!: string;
}
