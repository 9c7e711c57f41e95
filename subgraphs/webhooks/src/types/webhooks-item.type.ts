import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';
import type { WebhooksItemView } from '../services/views';

const S = { simpleResolvers: true };

/** A webhooks item in the graph: an entity (`@key`), so other subgraphs can reference it by id. */
@ObjectType('WebhooksItem', S)
@Directive('@key(fields: "id")')
export class WebhooksItemType implements WebhooksItemView {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field() handle!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('WebhooksItemList')
export class WebhooksItemListType extends PaginatedList(WebhooksItemType) {}
