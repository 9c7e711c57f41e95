import { z } from 'zod';
import { ArgsType, Field, InputType } from 'type-graphql';
import { PageArgs, ValidateWith, handleSchema, idList, orderSchema, pageSchema, plainText } from '@svc/kit';

/** the keys collections are ordered by (the service's allow-list) */
const COLLECTION_ORDERS = ['created_at', 'updated_at', 'title', 'handle'] as const;

export const collectionListSchema = z.strictObject({
  ...pageSchema,
  order: orderSchema(COLLECTION_ORDERS).optional(),
  q: z.string().max(200).optional(),
  id: idList.optional(),
  handle: idList.optional(),
});
export type CollectionListQuery = z.infer<typeof collectionListSchema>;

export const collectionSchema = z.strictObject({ title: plainText(z.string().min(1).max(300), 'title'), handle: handleSchema.nullish() });
export type CollectionData = z.infer<typeof collectionSchema>;

/** A change of a collection: only the fields given change. */
export const collectionUpdateSchema = z.strictObject({
  title: plainText(z.string().min(1).max(300), 'title').optional(),
  handle: handleSchema.optional(),
});
export type CollectionUpdateData = z.infer<typeof collectionUpdateSchema>;

@ArgsType()
@ValidateWith(collectionListSchema)
export class CollectionListArgs extends PageArgs {
  @Field({ nullable: true, description: 'created_at, updated_at, title or handle, prefixed with - for descending; default -created_at' }) order?: string;
  @Field({ nullable: true, description: 'Only collections whose title contains this text (case-insensitive)' }) q?: string;
  @Field(() => [String], { nullable: true, description: 'Only these collection ids' }) id?: string[];
  @Field(() => [String], { nullable: true, description: 'Only these handles' }) handle?: string[];
}

@InputType('CollectionInput', { description: 'A new product collection' })
@ValidateWith(collectionSchema)
export class CollectionInput {
  @Field({ description: "The collection's name" }) title!: string;
  @Field(() => String, { nullable: true, description: 'URL-safe unique name (lower-case words joined by dashes); default: made from the title' }) handle?:
    string | null;
}

@InputType('UpdateCollectionInput', { description: 'The fields of a product collection to change; absent fields stay as they are' })
@ValidateWith(collectionUpdateSchema)
export class UpdateCollectionInput {
  @Field({ nullable: true, description: "The collection's new name" }) title?: string;
  @Field({ nullable: true, description: 'The new URL-safe unique name (lower-case words joined by dashes)' }) handle?: string;
}
