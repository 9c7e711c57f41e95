import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';
import type { SubscriptionsItemView } from '../services/views';

const S = { simpleResolvers: true };

/** A subscriptions item in the graph: an entity (`@key`), so other subgraphs can reference it by id. */
@ObjectType('SubscriptionsItem', S)
@Directive('@key(fields: "id")')
export class SubscriptionsItemType implements SubscriptionsItemView {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field() handle!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('SubscriptionsItemList')
export class SubscriptionsItemListType extends PaginatedList(SubscriptionsItemType) {}
