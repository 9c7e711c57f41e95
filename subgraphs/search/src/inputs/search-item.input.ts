import { z } from 'zod';
import { ArgsType, Field, InputType } from 'type-graphql';
import { JSONScalar, PageArgs, ValidateWith, handleSchema, idList, metadataSchema, pageSchema, type Metadata } from '@svc/kit';

/**
 * The constraints of search item arguments, written once: GraphQL validates with them
 * (`@ValidateWith`), the REST routes reuse them (`queryOf` reads the list schema from query strings).
 */

/** `order` of a list: a field, ascending, or descending with a leading `-` (default `-created_at`). */
export const ITEM_ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at', 'title', '-title', 'handle', '-handle'] as const;
export type SearchItemOrder = (typeof ITEM_ORDERS)[number];

export const searchItemListSchema = z.strictObject({
  ...pageSchema,
  order: z.enum(ITEM_ORDERS).optional(),
  q: z.string().max(200).optional(),
  id: idList.optional(),
  handle: idList.optional(),
});
export type SearchItemListQuery = z.infer<typeof searchItemListSchema>;

const title = z.string().min(1, 'title must not be empty').max(300);
const description = z.string().max(10_000).nullish();

export const createSearchItemSchema = z.strictObject({
  title,
  handle: handleSchema.nullish(),
  description,
  metadata: metadataSchema.nullish(),
});
export type CreateSearchItemData = z.infer<typeof createSearchItemSchema>;

/** Only the fields given change; `description` and `metadata` can be cleared with null. */
export const updateSearchItemSchema = z.strictObject({
  title: title.optional(),
  handle: handleSchema.optional(),
  description,
  metadata: metadataSchema.nullish(),
});
export type UpdateSearchItemData = z.infer<typeof updateSearchItemSchema>;

@ArgsType()
@ValidateWith(searchItemListSchema)
export class SearchItemListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: `One of ${ITEM_ORDERS.join(', ')}` }) order?: SearchItemOrder;
  @Field(() => String, { nullable: true, description: 'Words in the title' }) q?: string;
  @Field(() => [String], { nullable: true }) id?: string[];
  @Field(() => [String], { nullable: true }) handle?: string[];
}

@InputType('CreateSearchItemInput')
@ValidateWith(createSearchItemSchema)
export class CreateSearchItemInput {
  @Field() title!: string;
  @Field(() => String, { nullable: true, description: 'Unique in the store; made from the title when absent' }) handle?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
}

@InputType('UpdateSearchItemInput')
@ValidateWith(updateSearchItemSchema)
export class UpdateSearchItemInput {
  @Field(() => String, { nullable: true }) title?: string;
  @Field(() => String, { nullable: true }) handle?: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
}
