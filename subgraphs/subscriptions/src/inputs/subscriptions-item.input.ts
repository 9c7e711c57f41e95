import { z } from 'zod';
import { ArgsType, Field, InputType } from 'type-graphql';
import { JSONScalar, PageArgs, ValidateWith, handleSchema, idList, metadataSchema, pageSchema, type Metadata } from '@svc/kit';

/**
 * The constraints of subscriptions item arguments, written once: GraphQL validates with them
 * (`@ValidateWith`), the REST routes reuse them (`queryOf` reads the list schema from query strings).
 */

/** `order` of a list: a field, ascending, or descending with a leading `-` (default `-created_at`). */
export const ITEM_ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at', 'title', '-title', 'handle', '-handle'] as const;
export type SubscriptionsItemOrder = (typeof ITEM_ORDERS)[number];

export const subscriptionsItemListSchema = z.strictObject({
  ...pageSchema,
  order: z.enum(ITEM_ORDERS).optional(),
  q: z.string().max(200).optional(),
  id: idList.optional(),
  handle: idList.optional(),
});
export type SubscriptionsItemListQuery = z.infer<typeof subscriptionsItemListSchema>;

const title = z.string().min(1, 'title must not be empty').max(300);
const description = z.string().max(10_000).nullish();

export const createSubscriptionsItemSchema = z.strictObject({
  title,
  handle: handleSchema.nullish(),
  description,
  metadata: metadataSchema.nullish(),
});
export type CreateSubscriptionsItemData = z.infer<typeof createSubscriptionsItemSchema>;

/** Only the fields given change; `description` and `metadata` can be cleared with null. */
export const updateSubscriptionsItemSchema = z.strictObject({
  title: title.optional(),
  handle: handleSchema.optional(),
  description,
  metadata: metadataSchema.nullish(),
});
export type UpdateSubscriptionsItemData = z.infer<typeof updateSubscriptionsItemSchema>;

@ArgsType()
@ValidateWith(subscriptionsItemListSchema)
export class SubscriptionsItemListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: `One of ${ITEM_ORDERS.join(', ')}` }) order?: SubscriptionsItemOrder;
  @Field(() => String, { nullable: true, description: 'Words in the title' }) q?: string;
  @Field(() => [String], { nullable: true }) id?: string[];
  @Field(() => [String], { nullable: true }) handle?: string[];
}

@InputType('CreateSubscriptionsItemInput')
@ValidateWith(createSubscriptionsItemSchema)
export class CreateSubscriptionsItemInput {
  @Field() title!: string;
  @Field(() => String, { nullable: true, description: 'Unique in the store; made from the title when absent' }) handle?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
}

@InputType('UpdateSubscriptionsItemInput')
@ValidateWith(updateSubscriptionsItemSchema)
export class UpdateSubscriptionsItemInput {
  @Field(() => String, { nullable: true }) title?: string;
  @Field(() => String, { nullable: true }) handle?: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
}
