import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { ValidateWith, idList } from '@svc/kit';

const salesChannelSchema = z.strictObject({
  name: z.string().min(1).max(200).nullish(),
  description: z.string().max(1000).nullish(),
  is_disabled: z.boolean().nullish(),
});

@InputType('SalesChannelInput', { description: "A sales channel's fields; on update absent fields stay" })
@ValidateWith(salesChannelSchema)
export class SalesChannelInput {
  @Field(() => String, { nullable: true, description: "The channel's name" }) name?: string | null;
  @Field(() => String, { nullable: true, description: 'What the channel is for' }) description?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Whether the channel is switched off' }) is_disabled?: boolean | null;
}

const channelProductsSchema = z.strictObject({ add: idList.nullish(), remove: idList.nullish() });

@InputType('SalesChannelProductsInput', { description: 'Products to add to and take out of a sales channel' })
@ValidateWith(channelProductsSchema)
export class SalesChannelProductsInput {
  @Field(() => [String], { nullable: true, description: 'product ids to sell in the channel' }) add?: string[] | null;
  @Field(() => [String], { nullable: true, description: 'product ids to take out of it' }) remove?: string[] | null;
}
