import { Field, InputType } from 'type-graphql';
import { IsEmail, IsOptional, IsString, Length, MaxLength, MinLength } from 'class-validator';

@InputType('EmailPassInput')
export class EmailPassInput {
  @Field() @IsEmail({}, { message: 'email must be a valid email address' }) @MaxLength(320)
  email!: string;

  @Field() @IsString() @MaxLength(200)
  password!: string;
}

@InputType('RegisterInput')
export class RegisterInput {
  @Field() @IsEmail({}, { message: 'email must be a valid email address' }) @MaxLength(320)
  email!: string;

  @Field() @MinLength(8, { message: 'password must be at least 8 characters' }) @MaxLength(200)
  password!: string;
}

@InputType('CreateTenantInput')
export class CreateTenantInput {
  @Field() @Length(1, 200)
  name!: string;

  @Field() @IsEmail({}, { message: 'admin_email must be a valid email address' })
  admin_email!: string;

  @Field({ nullable: true }) @IsOptional() @MinLength(8)
  admin_password?: string;

  @Field(() => [String], { nullable: true }) @IsOptional()
  allowed_origins?: string[];
}
