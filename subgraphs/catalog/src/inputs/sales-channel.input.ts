import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { ValidateWith, idList } from '@svc/kit';

const salesChannelSchema = z.strictObject({
  name: z.string().min(1).max(200).nullish(),
  description: z.string().max(1000).nullish(),
  is_disabled: z.boolean().nullish(),
});

@InputType('SalesChannelInput')
@ValidateWith(salesChannelSchema)
export class SalesChannelInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Boolean, { nullable: true }) is_disabled?: boolean | null;
}

const channelProductsSchema = z.strictObject({ add: idList.nullish(), remove: idList.nullish() });

@InputType('SalesChannelProductsInput')
@ValidateWith(channelProductsSchema)
export class SalesChannelProductsInput {
  @Field(() => [String], { nullable: true, description: 'product ids to sell in the channel' }) add?: string[] | null;
  @Field(() => [String], { nullable: true, description: 'product ids to take out of it' }) remove?: string[] | null;
}
