import { z } from 'zod';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { PageArgs, ValidateWith, handleSchema, idList, orderSchema, pageSchema, plainText } from '@svc/kit';

/** the keys categories are ordered by (the service's allow-list) */
export const CATEGORY_ORDERS = ['name', 'handle', 'rank', 'created_at', 'updated_at'] as const;

export const categoryListSchema = z.strictObject({
  ...pageSchema,
  order: orderSchema(CATEGORY_ORDERS).optional(),
  q: z.string().max(200).optional(),
  id: idList.optional(),
  handle: idList.optional(),
  parent_category_id: z.string().max(100).optional(),
  include_descendants_tree: z.boolean().optional(),
});
export type CategoryListQuery = z.infer<typeof categoryListSchema>;

export const categorySchema = z.strictObject({
  name: plainText(z.string().min(1).max(300), 'name'),
  handle: handleSchema.nullish(),
  description: plainText(z.string().max(5000), 'description').nullish(),
  parent_category_id: z.string().max(100).nullish(),
  rank: z.number().int().min(0).nullish(),
});
export type CategoryData = z.infer<typeof categorySchema>;

/** A change of a category: only the fields given change; parent_category_id null moves it to the top level. */
export const categoryUpdateSchema = z.strictObject({
  name: plainText(z.string().min(1).max(300), 'name').optional(),
  handle: handleSchema.optional(),
  description: plainText(z.string().max(5000), 'description').nullish(),
  parent_category_id: z.string().max(100).nullish(),
  rank: z.number().int().min(0).optional(),
});
export type CategoryUpdateData = z.infer<typeof categoryUpdateSchema>;

@ArgsType()
@ValidateWith(categoryListSchema)
export class CategoryListArgs extends PageArgs {
  @Field({ nullable: true, description: 'name, handle, rank, created_at or updated_at, prefixed with - for descending; default: tree order' }) order?: string;
  @Field({ nullable: true, description: 'Only categories whose name or handle contains this text (case-insensitive)' }) q?: string;
  @Field(() => [String], { nullable: true, description: 'Only these category ids' }) id?: string[];
  @Field(() => [String], { nullable: true, description: 'Only these handles' }) handle?: string[];
  @Field({ nullable: true, description: '"null" lists the top level' }) parent_category_id?: string;
  @Field({ nullable: true, description: 'nest all descendants in category_children' }) include_descendants_tree?: boolean;
}

@InputType('CategoryInput', { description: 'A new product category' })
@ValidateWith(categorySchema)
export class CategoryInput {
  @Field({ description: "The category's name" }) name!: string;
  @Field(() => String, { nullable: true, description: 'URL-safe unique name (lower-case words joined by dashes); default: made from the name' }) handle?:
    string | null;
  @Field(() => String, { nullable: true, description: "The category's description" }) description?: string | null;
  @Field(() => String, { nullable: true, description: 'The parent category; null or absent: a top-level category' }) parent_category_id?: string | null;
  @Field(() => Int, { nullable: true, description: 'Position among its siblings, from 0; default 0' }) rank?: number | null;
}

@InputType('UpdateCategoryInput', { description: 'The fields of a product category to change; absent fields stay as they are' })
@ValidateWith(categoryUpdateSchema)
export class UpdateCategoryInput {
  @Field({ nullable: true, description: "The category's new name" }) name?: string;
  @Field({ nullable: true, description: 'The new URL-safe unique name (lower-case words joined by dashes)' }) handle?: string;
  @Field(() => String, { nullable: true, description: 'The new description; null empties it' }) description?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Moves the category under this parent (not under itself or one of its descendants: 409); null moves it to the top level',
  })
  parent_category_id?: string | null;
  @Field(() => Int, {
    nullable: true,
    description: 'Position among its (new) siblings, from 0; the siblings are renumbered 0, 1, 2 …; default: kept, or last when it moves',
  })
  rank?: number;
}
