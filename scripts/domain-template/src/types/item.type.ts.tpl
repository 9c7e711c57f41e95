import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';
import type { {{Name}}ItemView } from '../services/views';

const S = { simpleResolvers: true };

/** A {{human}} item in the graph: an entity (`@key`), so other subgraphs can reference it by id. */
@ObjectType('{{Name}}Item', S)
@Directive('@key(fields: "id")')
export class {{Name}}ItemType implements {{Name}}ItemView {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field() handle!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('{{Name}}ItemList')
export class {{Name}}ItemListType extends PaginatedList({{Name}}ItemType) {}
