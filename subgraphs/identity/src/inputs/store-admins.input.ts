import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { ValidateWith } from '@svc/kit';
import { registerSchema } from './auth.input';

export const addStoreAdminSchema = z.strictObject({
  email: z.string({ message: 'email must be a string' }).max(320).email('email must be a valid email address'),
  /** only for an address that has no admin account yet: the new account's password */
  password: registerSchema.shape.password.nullish(),
});

@InputType('AddStoreAdminInput', { description: 'An admin to give access to the signed-in store' })
@ValidateWith(addStoreAdminSchema)
export class AddStoreAdminInput {
  @Field({ description: 'The email of an existing admin account (of another store), or of a new one' }) email!: string;
  @Field(() => String, {
    nullable: true,
    description: 'The password (8 to 200 characters) of a new admin account; must be left out for an existing one',
  })
  password?: string | null;
}
