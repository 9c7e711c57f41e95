import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { ValidateWith } from '@svc/kit';

export const emailChangeRequestSchema = z.strictObject({
  email: z.string({ message: 'email must be a string' }).max(320).email('email must be a valid email address'),
  /** the current password; a customer without one signs in again instead (at most 10 minutes before) */
  password: z.string({ message: 'password must be a string' }).max(200).nullish(),
});

export const emailChangeConfirmSchema = z.strictObject({
  /** any code a client sends reaches the check (a wrong one is 401 token_invalid, never 400) */
  token: z.string({ message: 'token must be a string' }).min(1, 'token is required').max(16_384),
});

@InputType('EmailChangeRequestInput', { description: 'A new email address for the signed-in customer, proved with the current password' })
@ValidateWith(emailChangeRequestSchema)
export class EmailChangeRequestInput {
  @Field({ description: 'the new address: the confirmation code goes there' }) email!: string;
  @Field(() => String, { nullable: true, description: 'the current password (a customer without one: a sign-in at most 10 minutes old instead)' })
  password?: string | null;
}

@InputType('EmailChangeConfirmInput', { description: 'The code mailed to the new address' })
@ValidateWith(emailChangeConfirmSchema)
export class EmailChangeConfirmInput {
  @Field({ description: 'the code of the mail to the new address' }) token!: string;
}
