import { ArgsType, Field, Float, InputType, Int } from 'type-graphql';
import { ArrayMaxSize, IsIn, IsInt, IsNumber, IsOptional, IsUrl, Length, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { JSONScalar, PageArgs } from '@svc/kit';

const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CURRENCY = /^[a-z]{3}$/;

@ArgsType()
export class ProductListArgs extends PageArgs {
  @Field({ nullable: true }) @IsOptional() @MaxLength(200) order?: string;
  @Field({ nullable: true }) @IsOptional() @MaxLength(200) q?: string;
  @Field(() => [String], { nullable: true }) @IsOptional() @ArrayMaxSize(100) id?: string[];
  @Field(() => [String], { nullable: true }) @IsOptional() @ArrayMaxSize(100) handle?: string[];
  @Field(() => [String], { nullable: true }) @IsOptional() @ArrayMaxSize(100) collection_id?: string[];
  @Field(() => [String], { nullable: true }) @IsOptional() @ArrayMaxSize(100) category_id?: string[];
  @Field(() => [String], { nullable: true }) @IsOptional() @ArrayMaxSize(100) tag_id?: string[];
  @Field({ nullable: true, description: 'pricing context: variants get calculated_price for this region' }) @IsOptional() region_id?: string;
  @Field({ nullable: true, description: 'pricing context when region_id is absent: the region that contains this country' }) @IsOptional() @Matches(/^[a-zA-Z]{2}$/) country_code?: string;
  @Field({ nullable: true }) @IsOptional() @Matches(CURRENCY) currency_code?: string;
  @Field(() => Float, { nullable: true, description: 'lowest variant price, in the region currency' }) @IsOptional() @Min(0) min_price?: number;
  @Field(() => Float, { nullable: true }) @IsOptional() @Min(0) max_price?: number;
}

@InputType('PriceInput')
export class PriceInput {
  @Field() @Matches(CURRENCY, { message: 'currency_code must be a 3-letter lowercase ISO code' }) currency_code!: string;
  @Field(() => Float) @IsNumber({ maxDecimalPlaces: 4 }) @Min(0) @Max(1e12) amount!: number;
  @Field({ nullable: true }) @IsOptional() region_id?: string;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(1) min_quantity?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(1) max_quantity?: number;
}

@InputType('ProductOptionInput')
export class ProductOptionInput {
  @Field() @Length(1, 200) title!: string;
  @Field(() => [String]) @ArrayMaxSize(100) values!: string[];
}

@InputType('VariantInput')
export class VariantInput {
  @Field() @Length(1, 300) title!: string;
  @Field({ nullable: true }) @IsOptional() @Length(1, 100) sku?: string;
  @Field({ nullable: true }) @IsOptional() @MaxLength(100) barcode?: string;
  @Field(() => JSONScalar, { nullable: true, description: 'option title -> value, e.g. {"Size":"M"}' }) @IsOptional() options?: Record<string, string>;
  @Field(() => [PriceInput], { nullable: true }) @IsOptional() @ValidateNested({ each: true }) @ArrayMaxSize(100) prices?: PriceInput[];
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(0) inventory_quantity?: number;
  @Field({ nullable: true }) @IsOptional() manage_inventory?: boolean;
  @Field({ nullable: true }) @IsOptional() allow_backorder?: boolean;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(0) weight?: number;
  @Field(() => JSONScalar, { nullable: true }) @IsOptional() metadata?: Record<string, unknown>;
}

@InputType('UpdateVariantInput')
export class UpdateVariantInput {
  @Field({ nullable: true }) @IsOptional() @Length(1, 300) title?: string;
  @Field({ nullable: true }) @IsOptional() @Length(1, 100) sku?: string;
  @Field({ nullable: true }) @IsOptional() @MaxLength(100) barcode?: string;
  @Field({ nullable: true }) @IsOptional() manage_inventory?: boolean;
  @Field({ nullable: true }) @IsOptional() allow_backorder?: boolean;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(0) weight?: number;
  @Field(() => JSONScalar, { nullable: true }) @IsOptional() metadata?: Record<string, unknown>;
}

@InputType('UpdateProductInput')
export class UpdateProductInput {
  @Field({ nullable: true }) @IsOptional() @Length(1, 300) title?: string;
  @Field({ nullable: true }) @IsOptional() @Matches(HANDLE, { message: 'handle must be lowercase words joined by dashes' }) @MaxLength(200) handle?: string;
  @Field({ nullable: true }) @IsOptional() @MaxLength(300) subtitle?: string;
  @Field({ nullable: true }) @IsOptional() @MaxLength(20000) description?: string;
  @Field({ nullable: true }) @IsOptional() @IsIn(['draft', 'proposed', 'published', 'rejected']) status?: 'draft' | 'proposed' | 'published' | 'rejected';
  @Field({ nullable: true }) @IsOptional() @IsUrl({ require_tld: false }) thumbnail?: string;
  @Field({ nullable: true }) @IsOptional() collection_id?: string;
  @Field(() => [String], { nullable: true }) @IsOptional() @ArrayMaxSize(50) category_ids?: string[];
  @Field(() => [String], { nullable: true }) @IsOptional() @ArrayMaxSize(50) tags?: string[];
  @Field({ nullable: true }) @IsOptional() @MaxLength(200) type?: string;
  @Field({ nullable: true }) @IsOptional() @MaxLength(200) material?: string;
  @Field({ nullable: true }) @IsOptional() @Matches(/^[a-z]{2}$/) origin_country?: string;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(0) weight?: number;
  @Field(() => JSONScalar, { nullable: true }) @IsOptional() metadata?: Record<string, unknown>;
}

@InputType('CreateProductInput')
export class CreateProductInput extends UpdateProductInput {
  @Field() @Length(1, 300) declare title: string;
  @Field(() => [ProductOptionInput], { nullable: true }) @IsOptional() @ValidateNested({ each: true }) @ArrayMaxSize(10) options?: ProductOptionInput[];
  @Field(() => [VariantInput], { nullable: true }) @IsOptional() @ValidateNested({ each: true }) @ArrayMaxSize(200) variants?: VariantInput[];
  @Field(() => [String], { nullable: true }) @IsOptional() @ArrayMaxSize(30) images?: string[];
}

@InputType('RegionInput')
export class RegionInput {
  @Field() @Length(1, 200) name!: string;
  @Field() @Matches(CURRENCY) currency_code!: string;
  @Field(() => [String], { nullable: true, description: 'ISO 3166-1 alpha-2 codes' }) @IsOptional() @ArrayMaxSize(250) countries?: string[];
}

@InputType('CollectionInput')
export class CollectionInput {
  @Field() @Length(1, 300) title!: string;
  @Field({ nullable: true }) @IsOptional() @Matches(HANDLE) handle?: string;
}

@InputType('CategoryInput')
export class CategoryInput {
  @Field() @Length(1, 300) name!: string;
  @Field({ nullable: true }) @IsOptional() @Matches(HANDLE) handle?: string;
  @Field({ nullable: true }) @IsOptional() @MaxLength(5000) description?: string;
  @Field({ nullable: true }) @IsOptional() parent_category_id?: string;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(0) rank?: number;
}

@ArgsType()
export class TaxonomyListArgs extends PageArgs {
  @Field({ nullable: true }) @IsOptional() @MaxLength(200) order?: string;
  @Field({ nullable: true }) @IsOptional() @MaxLength(200) q?: string;
  @Field(() => [String], { nullable: true }) @IsOptional() @ArrayMaxSize(100) id?: string[];
  @Field(() => [String], { nullable: true }) @IsOptional() @ArrayMaxSize(100) handle?: string[];
  @Field({ nullable: true, description: 'categories only; "null" lists the top level' }) @IsOptional() parent_category_id?: string;
  @Field({ nullable: true, description: 'categories only: nest all descendants in category_children' }) @IsOptional() include_descendants_tree?: boolean;
}
