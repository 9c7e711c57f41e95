import { Field, Float, Int, ObjectType } from 'type-graphql';
import type { FacetValueView, PriceBucketView, SearchHitView, SearchResultView } from '../services/search.service';
import type { IndexStatusView, RebuildReport } from '../services/index.service';

const S = { simpleResolvers: true };

@ObjectType('SearchPrice', { ...S, description: 'The price range of a hit in one currency' })
class SearchPriceType {
  @Field({ description: 'ISO 4217 currency code, lower case (eur)' }) currency_code!: string;
  @Field(() => Float, { description: 'lowest variant price (major units)' }) min!: number;
  @Field(() => Float, { description: 'highest variant price (major units)' }) max!: number;
}

@ObjectType('SearchHighlight', { ...S, description: 'The matches of a hit marked for display (safe to insert as HTML)' })
class SearchHighlightType {
  @Field({ description: 'HTML: the title, matched words in <mark>, the rest escaped' }) title!: string;
  @Field({ description: 'HTML: up to two excerpts of summary and body around the matches' }) snippet!: string;
}

@ObjectType('SearchHit', { ...S, description: 'A document found: a product, blog post, page, tour or event' })
class SearchHitType implements SearchHitView {
  @Field({ description: 'the id in its own domain (prod_…, a post id …)' }) id!: string;
  @Field({ description: 'product, blog_post, page, tour or event' }) type!: string;
  @Field({ description: 'product handle or content slug' }) handle!: string;
  @Field({ description: "The document's title (in the hit's locale for content)" }) title!: string;
  @Field({ description: 'A short plain-text summary (products: subtitle, type, collection and categories; content: its excerpt)' }) summary!: string;
  @Field(() => String, { nullable: true, description: "URL of the document's image; null when it has none" }) thumbnail!: string | null;
  @Field(() => String, { nullable: true, description: 'the locale of the variant found (content); null for products' }) locale!: string | null;
  @Field(() => [String], { description: 'Handles (slugs) of its categories; labels are in the category facet' }) categories!: string[];
  @Field(() => String, { nullable: true, description: "Products: the collection's handle; null otherwise" }) collection!: string | null;
  @Field(() => String, { nullable: true, description: "Products: the product type's name; null otherwise" }) product_type!: string | null;
  @Field(() => [String], { description: 'Tag values (products) or the tags of a blog post; empty when none' }) tags!: string[];
  @Field(() => String, { nullable: true, description: "Tours: the destination's slug; null otherwise" }) destination!: string | null;
  @Field(() => Int, { nullable: true, description: 'tours: length in days' }) duration_days!: number | null;
  @Field(() => [SearchPriceType], { description: 'The lowest and highest variant price per currency (products and tours); empty for content' })
  prices!: SearchPriceType[];
  @Field(() => Float, { nullable: true, description: 'lowest price in the requested currency_code' }) price!: number | null;
  @Field(() => String, { nullable: true, description: 'Content: when it was published (ISO 8601, UTC); null for products and tours' }) published_at!:
    string | null;
  @Field(() => SearchHighlightType, { description: 'The title and an excerpt with the matched words marked' }) highlight!: SearchHighlightType;
  @Field({ description: 'found only through typo-corrected words' }) typo!: boolean;
}

@ObjectType('SearchFacetValue', { ...S, description: 'One value of a facet and how many matches (after the filters) have it' })
class SearchFacetValueType implements FacetValueView {
  @Field({ description: 'The filter value: a handle, slug or type name, as the matching search argument takes it' }) value!: string;
  @Field(() => String, { nullable: true, description: "The name to show (e.g. the category's name); null when the value is its own label" }) label!:
    string | null;
  @Field(() => Int, { description: 'How many hits have this value' }) count!: number;
}

@ObjectType('SearchPriceBucket', { ...S, description: 'A range of a numeric facet and how many hits fall in it' })
class SearchPriceBucketType implements PriceBucketView {
  @Field({ description: 'the filter value of this range, e.g. 25-50' }) key!: string;
  @Field(() => Float, { description: 'Lower bound, inclusive (major units for prices, days for durations)' }) min!: number;
  @Field(() => Float, { nullable: true, description: 'exclusive; null: no upper bound' }) max!: number | null;
  @Field(() => Int, { description: 'How many hits fall in the range' }) count!: number;
}

@ObjectType('SearchFacets', { ...S, description: 'The facet counts of a search: the matches after the filters, the 50 most frequent values per facet' })
class SearchFacetsType {
  @Field(() => [SearchFacetValueType], { description: 'Document types: product, blog_post, page, tour, event' }) type!: FacetValueView[];
  @Field(() => [SearchFacetValueType], { description: 'Categories by handle (product categories, blog and tour categories)' }) category!: FacetValueView[];
  @Field(() => [SearchFacetValueType], { description: 'Product collections by handle' }) collection!: FacetValueView[];
  @Field(() => [SearchFacetValueType], { description: 'Tour destinations by slug' }) destination!: FacetValueView[];
  @Field(() => [SearchPriceBucketType], { description: 'by lowest price in currency_code (empty without it)' }) price!: PriceBucketView[];
  @Field(() => [SearchPriceBucketType], { description: 'tours by length in days: 1-4 (1 to 3 days), 4-8, 8-15, 15- (max exclusive)' })
  duration!: PriceBucketView[];
}

@ObjectType('SearchResult', { ...S, description: 'A page of search hits with facets' })
export class SearchResultType implements SearchResultView {
  @Field(() => [SearchHitType], { description: 'The hits of this page, best match first' }) hits!: SearchHitView[];
  @Field(() => SearchFacetsType, { description: 'Counts per facet value over all hits (for filter menus)' }) facets!: SearchResultView['facets'];
  @Field(() => Int, { description: 'How many documents match across all pages' }) count!: number;
  @Field(() => Int, { description: 'Hits skipped before this page' }) offset!: number;
  @Field(() => Int, { description: 'The page size applied' }) limit!: number;
  @Field(() => [String], { description: 'the query words as searched (lower case, unaccented)' }) words!: string[];
  @Field(() => String, { nullable: true, description: 'The content locale searched and shown; null when the store has no locales' }) locale!: string | null;
}

@ObjectType('SearchIndexTypeCount', { ...S, description: 'How many documents of one type the index holds' })
class SearchIndexTypeCountType {
  @Field({ description: 'product, blog_post, page, tour or event' }) type!: string;
  @Field(() => Int, { description: 'Documents of that type' }) count!: number;
}

@ObjectType('SearchIndexStatus', { ...S, description: "The state of the store's search index" })
export class SearchIndexStatusType implements IndexStatusView {
  @Field(() => Int, { description: 'documents (a blog post in three locales is one)' }) documents!: number;
  @Field(() => [SearchIndexTypeCountType], { description: 'Documents per type' }) by_type!: SearchIndexTypeCountType[];
  @Field(() => Int, { description: 'words of the typo vocabulary' }) words!: number;
  @Field(() => String, { nullable: true, description: 'When a document was last indexed (ISO 8601, UTC); null for an empty index' }) last_indexed_at!:
    string | null;
  @Field(() => String, { nullable: true, description: 'When the last full rebuild finished (ISO 8601, UTC); null before the first' }) last_rebuilt_at!:
    string | null;
  @Field(() => String, { nullable: true, description: 'When the running rebuild started (ISO 8601, UTC); null when none runs' }) rebuild_started_at!:
    string | null;
}

@ObjectType('SearchRebuildReport', { ...S, description: 'What a full rebuild of the index indexed, per source' })
export class SearchRebuildReportType implements RebuildReport {
  @Field(() => Int, { description: 'Published products indexed' }) products!: number;
  @Field(() => Int, { description: 'Published blog posts indexed (one per post, whatever its locales)' }) blog_posts!: number;
  @Field(() => Int, { description: 'Published pages indexed' }) pages!: number;
  @Field(() => Int, { description: 'Published tours indexed' }) tours!: number;
  @Field(() => Int, { description: 'Events indexed' }) events!: number;
  @Field(() => [String], { description: 'sources left out, and why' }) skipped!: string[];
}
