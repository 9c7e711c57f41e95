import { Field, Float, Int, ObjectType } from 'type-graphql';
import type { FacetValueView, PriceBucketView, SearchHitView, SearchResultView } from '../services/search.service';
import type { IndexStatusView, RebuildReport } from '../services/index.service';

const S = { simpleResolvers: true };

@ObjectType('SearchPrice', S)
class SearchPriceType {
  @Field() currency_code!: string;
  @Field(() => Float, { description: 'lowest variant price (major units)' }) min!: number;
  @Field(() => Float, { description: 'highest variant price (major units)' }) max!: number;
}

@ObjectType('SearchHighlight', S)
class SearchHighlightType {
  @Field({ description: 'HTML: the title, matched words in <mark>, the rest escaped' }) title!: string;
  @Field({ description: 'HTML: up to two excerpts of summary and body around the matches' }) snippet!: string;
}

@ObjectType('SearchHit', { ...S, description: 'A document found: a product, blog post, page or tour' })
class SearchHitType implements SearchHitView {
  @Field({ description: 'the id in its own domain (prod_…, a post id …)' }) id!: string;
  @Field({ description: 'product, blog_post, page or tour' }) type!: string;
  @Field({ description: 'product handle or content slug' }) handle!: string;
  @Field() title!: string;
  @Field() summary!: string;
  @Field(() => String, { nullable: true }) thumbnail!: string | null;
  @Field(() => String, { nullable: true, description: 'the locale of the variant found (content); null for products' }) locale!: string | null;
  @Field(() => [String]) categories!: string[];
  @Field(() => String, { nullable: true }) collection!: string | null;
  @Field(() => String, { nullable: true }) product_type!: string | null;
  @Field(() => [String]) tags!: string[];
  @Field(() => String, { nullable: true }) destination!: string | null;
  @Field(() => Int, { nullable: true, description: 'tours: length in days' }) duration_days!: number | null;
  @Field(() => [SearchPriceType]) prices!: SearchPriceType[];
  @Field(() => Float, { nullable: true, description: 'lowest price in the requested currency_code' }) price!: number | null;
  @Field(() => String, { nullable: true }) published_at!: string | null;
  @Field(() => SearchHighlightType) highlight!: SearchHighlightType;
  @Field({ description: 'found only through typo-corrected words' }) typo!: boolean;
}

@ObjectType('SearchFacetValue', S)
class SearchFacetValueType implements FacetValueView {
  @Field() value!: string;
  @Field(() => String, { nullable: true }) label!: string | null;
  @Field(() => Int) count!: number;
}

@ObjectType('SearchPriceBucket', S)
class SearchPriceBucketType implements PriceBucketView {
  @Field({ description: 'the filter value of this range, e.g. 25-50' }) key!: string;
  @Field(() => Float) min!: number;
  @Field(() => Float, { nullable: true, description: 'exclusive; null: no upper bound' }) max!: number | null;
  @Field(() => Int) count!: number;
}

@ObjectType('SearchFacets', S)
class SearchFacetsType {
  @Field(() => [SearchFacetValueType]) type!: FacetValueView[];
  @Field(() => [SearchFacetValueType]) category!: FacetValueView[];
  @Field(() => [SearchFacetValueType]) collection!: FacetValueView[];
  @Field(() => [SearchFacetValueType]) destination!: FacetValueView[];
  @Field(() => [SearchPriceBucketType], { description: 'by lowest price in currency_code (empty without it)' }) price!: PriceBucketView[];
  @Field(() => [SearchPriceBucketType], { description: 'tours by length in days: 1-4 (1 to 3 days), 4-8, 8-15, 15- (max exclusive)' })
  duration!: PriceBucketView[];
}

@ObjectType('SearchResult', S)
export class SearchResultType implements SearchResultView {
  @Field(() => [SearchHitType]) hits!: SearchHitView[];
  @Field(() => SearchFacetsType) facets!: SearchResultView['facets'];
  @Field(() => Int) count!: number;
  @Field(() => Int) offset!: number;
  @Field(() => Int) limit!: number;
  @Field(() => [String], { description: 'the query words as searched (lower case, unaccented)' }) words!: string[];
  @Field(() => String, { nullable: true }) locale!: string | null;
}

@ObjectType('SearchIndexTypeCount', S)
class SearchIndexTypeCountType {
  @Field() type!: string;
  @Field(() => Int) count!: number;
}

@ObjectType('SearchIndexStatus', S)
export class SearchIndexStatusType implements IndexStatusView {
  @Field(() => Int, { description: 'documents (a blog post in three locales is one)' }) documents!: number;
  @Field(() => [SearchIndexTypeCountType]) by_type!: SearchIndexTypeCountType[];
  @Field(() => Int, { description: 'words of the typo vocabulary' }) words!: number;
  @Field(() => String, { nullable: true }) last_indexed_at!: string | null;
  @Field(() => String, { nullable: true }) last_rebuilt_at!: string | null;
  @Field(() => String, { nullable: true }) rebuild_started_at!: string | null;
}

@ObjectType('SearchRebuildReport', S)
export class SearchRebuildReportType implements RebuildReport {
  @Field(() => Int) products!: number;
  @Field(() => Int) blog_posts!: number;
  @Field(() => Int) pages!: number;
  @Field(() => Int) tours!: number;
  @Field(() => Int) events!: number;
  @Field(() => [String], { description: 'sources left out, and why' }) skipped!: string[];
}
