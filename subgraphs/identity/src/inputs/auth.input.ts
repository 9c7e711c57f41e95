import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { ValidateWith } from '@svc/kit';

/** The constraints of identity's sign-in inputs, written once: GraphQL validates with them, REST routes reuse them. */
const email = z.string({ message: 'email must be a string' }).max(320).email('email must be a valid email address');
export const emailPassSchema = z.strictObject({ email, password: z.string({ message: 'password must be a string' }).max(200) });
export const registerSchema = z.strictObject({
  email,
  password: z.string({ message: 'password must be a string' }).min(8, 'password must be at least 8 characters').max(200),
});
export const passwordResetRequestSchema = z.strictObject({
  identifier: z.string({ message: 'identifier must be a string' }).max(320).email('identifier must be the email address of the account'),
});
export const passwordResetSchema = z.strictObject({
  /** any bearer a client sends reaches the check (a wrong one is 401 token_invalid, never 400); 16 KB is the header limit */
  token: z.string({ message: 'token must be a string' }).max(16_384),
  password: registerSchema.shape.password,
  /** Medusa's update body may carry the address: when given it must be the token's */
  email: z.string().max(320).email('email must be a valid email address').nullish(),
});
export const verifyEmailSchema = z.strictObject({
  /** any token a client sends reaches the check (a wrong one is 401 token_invalid, never 400) */
  token: z.string({ message: 'token must be a string' }).min(1, 'token is required').max(16_384),
});
export const createTenantSchema = z.strictObject({
  name: z.string().min(1).max(200),
  admin_email: z.string().max(320).email('admin_email must be a valid email address'),
  admin_password: z.string().min(8).max(200).nullish(),
  allowed_origins: z.array(z.string().max(300).url('allowed_origins must be URLs')).max(50).nullish(),
});

@InputType('EmailPassInput', { description: 'Credentials of a password sign-in' })
@ValidateWith(emailPassSchema)
export class EmailPassInput {
  @Field({ description: "The account's email address (case-insensitive)" }) email!: string;
  @Field({ description: "The account's password" }) password!: string;
}

@InputType('RegisterInput', { description: 'A new customer account with a password' })
@ValidateWith(registerSchema)
export class RegisterInput {
  @Field({ description: "The customer's email address (case-insensitive, unique in the store)" }) email!: string;
  @Field({ description: 'The password (8 to 200 characters)' }) password!: string;
}

@InputType('CreateTenantInput', { description: 'A new tenant (store) and its first admin' })
@ValidateWith(createTenantSchema)
export class CreateTenantInput {
  @Field({ description: "The store's name" }) name!: string;
  @Field({ description: "The first admin's email" }) admin_email!: string;
  @Field(() => String, { nullable: true, description: "The first admin's password; null generates one" }) admin_password?: string | null;
  @Field(() => [String], { nullable: true, description: 'Browser origins allowed to call the API (CORS), e.g. https://shop.example.com' }) allowed_origins?:
    string[] | null;
}

@InputType('PasswordResetRequestInput', { description: 'Whose password to reset' })
@ValidateWith(passwordResetRequestSchema)
export class PasswordResetRequestInput {
  @Field({ description: "the account's email address" }) identifier!: string;
}

@InputType('PasswordResetInput', { description: 'A new password with the token of the reset mail' })
@ValidateWith(passwordResetSchema)
export class PasswordResetInput {
  @Field({ description: 'the one-time token of the reset mail' }) token!: string;
  @Field({ description: 'the new password (8 to 200 characters)' }) password!: string;
  @Field(() => String, { nullable: true, description: "when given, it must be the account's address" }) email?: string | null;
}

@InputType('VerifyEmailInput', { description: 'The token of a verification mail' })
@ValidateWith(verifyEmailSchema)
export class VerifyEmailInput {
  @Field({ description: 'the token of the verification mail' }) token!: string;
}
