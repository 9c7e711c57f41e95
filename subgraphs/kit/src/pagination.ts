import { ArgsType, Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { Errors } from './errors';

export const MAX_LIMIT = 100;

@ArgsType()
export class PageArgs {
  @Field(() => Int, {
    nullable: true,
    description: `Page size: at most ${MAX_LIMIT} (larger values are clamped); the default depends on the list (usually 20)`,
  })
  limit?: number;

  @Field(() => Int, { nullable: true, description: 'Items to skip before the page starts; default 0' })
  offset?: number;
}

export interface Page {
  limit: number;
  offset: number;
}

/** Applies the default, clamps to MAX_LIMIT and refuses negatives (the applied values are echoed). */
export function normalizePage(args: PageArgs | undefined, defaultLimit = 20): Page {
  const limit = args?.limit ?? defaultLimit;
  const offset = args?.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 0) throw Errors.invalidField('limit', 'limit must be a non-negative integer');
  if (!Number.isInteger(offset) || offset < 0) throw Errors.invalidField('offset', 'offset must be a non-negative integer');
  return { limit: Math.min(limit, MAX_LIMIT), offset };
}

export interface Paginated<T> extends Page {
  items: T[];
  count: number;
}

/** One list shape for the whole graph: `{ items, count, offset, limit }` (the abstract base is never emitted itself). */
export function PaginatedList<T extends object>(itemType: ClassType<T>) {
  @ObjectType()
  abstract class PaginatedListClass {
    @Field(() => [itemType], { description: 'The items of this page, in the order asked for' })
    items!: T[];

    @Field(() => Int, { description: 'How many items match across all pages' })
    count!: number;

    @Field(() => Int, { description: 'Items skipped before this page (the offset applied)' })
    offset!: number;

    @Field(() => Int, { description: 'The page size applied (after the default and the maximum)' })
    limit!: number;
  }
  return PaginatedListClass;
}
