import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('ProductCollection', S)
@Directive('@key(fields: "id")')
export class CollectionType {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field() handle!: string;
  @Field(() => String, { nullable: true, description: 'always null: only products have external ids here' }) external_id!: null;
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
  @Field(() => String, { nullable: true }) deleted_at!: string | null;
}

@ObjectType('ProductCollectionList')
export class CollectionListType extends PaginatedList(CollectionType) {}
