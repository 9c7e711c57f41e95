import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { ValidateWith } from '@svc/kit';

export const allowedOriginsSchema = z.strictObject({
  allowed_origins: z.array(z.string().max(300).url('allowed_origins must be URLs such as https://shop.example.com')).max(50),
});

@InputType('AllowedOriginsInput')
@ValidateWith(allowedOriginsSchema)
export class AllowedOriginsInput {
  @Field(() => [String]) allowed_origins!: string[];
}
