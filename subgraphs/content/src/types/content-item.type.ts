import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';
import type { ContentItemView } from '../services/views';

const S = { simpleResolvers: true };

/** A content item in the graph: an entity (`@key`), so other subgraphs can reference it by id. */
@ObjectType('ContentItem', S)
@Directive('@key(fields: "id")')
export class ContentItemType implements ContentItemView {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field() handle!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('ContentItemList')
export class ContentItemListType extends PaginatedList(ContentItemType) {}
