import { Field, InputType } from 'type-graphql';
import { IsEmail, IsOptional, Length, MaxLength } from 'class-validator';
import { JSONScalar } from '@svc/kit';

@InputType('UpdateCustomerInput')
export class UpdateCustomerInput {
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) first_name?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) last_name?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(50) phone?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) company_name?: string | null;
  @Field(() => JSONScalar, { nullable: true }) @IsOptional() metadata?: Record<string, unknown> | null;
}

@InputType('CreateCustomerInput')
export class CreateCustomerInput extends UpdateCustomerInput {
  @Field(() => String, { nullable: true }) @IsOptional() @IsEmail({}, { message: 'email must be a valid email address' })
  email?: string | null;
}

@InputType('CustomerAddressInput')
export class CustomerAddressInput {
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) address_name?: string | null;
  @Field(() => Boolean, { nullable: true }) @IsOptional() is_default_shipping?: boolean | null;
  @Field(() => Boolean, { nullable: true }) @IsOptional() is_default_billing?: boolean | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) company?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) first_name?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) last_name?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(300) address_1?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(300) address_2?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) city?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @Length(2, 2, { message: 'country_code must be a 2-letter ISO code' }) country_code?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) province?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(40) postal_code?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(50) phone?: string | null;
  @Field(() => JSONScalar, { nullable: true }) @IsOptional() metadata?: Record<string, unknown> | null;
}
