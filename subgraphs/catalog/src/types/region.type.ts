import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('Country', { ...S, description: 'A country and the region it belongs to (a country is in at most one region)' })
class CountryType {
  @Field(() => ID, { description: "The id of the region's country entry (regc_…); iso_2 is the country code" }) id!: string;
  @Field({ description: 'ISO 3166-1 alpha-2 code, lower case (de)' }) iso_2!: string;
  @Field({ description: 'ISO 3166-1 alpha-3 code, lower case (deu)' }) iso_3!: string;
  @Field({ description: 'ISO 3166-1 numeric code (276)' }) num_code!: string;
  @Field({ description: "The country's name in upper case (GERMANY), as Medusa has it" }) name!: string;
  @Field({ description: "The country's name for display (Germany)" }) display_name!: string;
  @Field({ description: 'The region the country belongs to' }) region_id!: string;
  @Field(() => JSONScalar, { nullable: true, description: 'always null: countries have no metadata here' }) metadata!: null;
  @Field({ description: 'When the region was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the region was created (ISO 8601, UTC): countries are not edited on their own' }) updated_at!: string;
  @Field(() => String, { nullable: true, description: 'always null: countries are not soft-deleted' }) deleted_at!: null;
}

@ObjectType('Region', { ...S, description: 'A market of the store: a currency and the countries it sells to; prices and taxes depend on it' })
@Directive('@key(fields: "id")')
export class RegionType {
  @Field(() => ID, { description: 'The region id (reg_…)' }) id!: string;
  @Field({ description: "The region's name, e.g. Europe" }) name!: string;
  @Field({ description: "The region's currency, ISO 4217 lower case (eur)" }) currency_code!: string;
  @Field({ description: 'Whether taxes are calculated automatically on carts in the region' }) automatic_taxes!: boolean;
  @Field(() => [CountryType], { description: 'The countries of the region' }) countries!: CountryType[];
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data the store keeps on the region; null when none' }) metadata!: Record<
    string,
    unknown
  > | null;
  @Field({ description: 'When the region was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the region last changed (ISO 8601, UTC)' }) updated_at!: string;
  @Field(() => String, { nullable: true, description: 'always null: regions are not soft-deleted' }) deleted_at!: null;
}

@ObjectType('RegionList', { description: 'A page of regions' })
export class RegionListType extends PaginatedList(RegionType) {}
