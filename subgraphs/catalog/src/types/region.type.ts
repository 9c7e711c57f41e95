import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('Country', S)
class CountryType {
  @Field(() => ID) id!: string;
  @Field() iso_2!: string;
  @Field() iso_3!: string;
  @Field() num_code!: string;
  @Field() name!: string;
  @Field() display_name!: string;
  @Field() region_id!: string;
  @Field(() => JSONScalar, { nullable: true, description: 'always null: countries have no metadata here' }) metadata!: null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
  @Field(() => String, { nullable: true, description: 'always null: countries are not soft-deleted' }) deleted_at!: null;
}

@ObjectType('Region', S)
@Directive('@key(fields: "id")')
export class RegionType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() currency_code!: string;
  @Field() automatic_taxes!: boolean;
  @Field(() => [CountryType]) countries!: CountryType[];
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
  @Field(() => String, { nullable: true, description: 'always null: regions are not soft-deleted' }) deleted_at!: null;
}

@ObjectType('RegionList')
export class RegionListType extends PaginatedList(RegionType) {}
