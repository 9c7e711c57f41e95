import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { JSONScalar } from '@svc/kit';
import type { CurrencyPairView, CurrencyRateView, ExchangeRatesView, LocaleView, RateSourceView } from '../services/views';

const S = { simpleResolvers: true };

@ObjectType('Locale', { ...S, description: 'A locale the store offers: a BCP 47 tag, one of them the default' })
@Directive('@key(fields: "id")')
export class LocaleType implements LocaleView {
  @Field(() => ID, { description: 'The locale id (lcl_…)' }) id!: string;
  @Field({ description: 'BCP 47 tag (en, de-CH, ar)' }) code!: string;
  @Field({ description: "The language's name for a locale switcher, e.g. Deutsch (Schweiz)" }) name!: string;
  @Field({ description: "Whether this is the store's default locale (exactly one is): the content as stored, without overrides" }) is_default!: boolean;
  @Field({ description: 'Whether the script runs right to left (ar, he, fa …)' }) rtl!: boolean;
  @Field({ description: 'rtl or ltr' }) dir!: string;
  @Field(() => Int, { description: 'Position in the locale switcher, from 0' }) position!: number;
}

@ObjectType('CurrencyPair', { ...S, description: 'A configured pair (ISO 4217) and its manual override, when set' })
@Directive('@key(fields: "id")')
export class CurrencyPairType implements CurrencyPairView {
  @Field(() => ID, { description: 'The pair id (cpair_…)' }) id!: string;
  @Field({ description: 'The base currency (ISO 4217, upper case)' }) base!: string;
  @Field({ description: 'The quote currency (ISO 4217, upper case)' }) quote!: string;
  @Field(() => Float, { nullable: true, description: 'Units of quote per 1 base; wins over every feed' }) manual_rate!: number | null;
  @Field(() => String, { nullable: true, description: 'When the manual rate was set (ISO 8601, UTC); null without one' }) manual_set_at!: string | null;
  @Field({ description: 'When the pair was added (ISO 8601, UTC)' }) created_at!: string;
}

@ObjectType('CurrencyRate', { ...S, description: 'The active rate of a configured pair' })
export class CurrencyRateType implements CurrencyRateView {
  @Field({ description: 'The configured pair (cpair_…)' }) pair_id!: string;
  @Field({ description: 'The base currency (ISO 4217, upper case)' }) base!: string;
  @Field({ description: 'The quote currency (ISO 4217, upper case)' }) quote!: string;
  @Field(() => Float, { nullable: true, description: 'Units of quote per 1 base; null when no source ever knew the pair' }) rate!: number | null;
  @Field(() => String, { nullable: true, description: 'manual, ecb or json' }) source!: string | null;
  @Field(() => String, {
    nullable: true,
    description: "When the source's rate was fetched (ISO 8601, UTC); null for a manual rate or when no source knew the pair",
  })
  fetched_at!: string | null;
  @Field(() => String, { nullable: true, description: 'The day the feed states for its rates' }) rate_date!: string | null;
  @Field({ description: 'True when no source answers now and the last known rate is shown' }) stale!: boolean;
}

@ObjectType('ExchangeRate', { ...S, description: 'Units of a quote currency per 1 of the base' })
export class ExchangeRateType {
  @Field({ description: 'the quote currency (ISO 4217, upper case)' }) currency!: string;
  @Field(() => Float, { description: 'Units of the quote currency per 1 of the base (e.g. 1.08 USD per EUR)' }) rate!: number;
}

@ObjectType('ExchangeRates', { ...S, description: 'A feed snapshot for one base currency' })
export class ExchangeRatesType implements Omit<ExchangeRatesView, 'rates'> {
  @Field({ description: 'The base currency of the snapshot (ISO 4217, upper case)' }) base!: string;
  @Field({ description: 'The day the feed states for its rates (YYYY-MM-DD)' }) date!: string;
  @Field({ description: 'The feed the snapshot comes from: ecb or json' }) source!: string;
  @Field({ description: 'When the snapshot was fetched (ISO 8601, UTC)' }) fetched_at!: string;
  @Field({ description: 'True when no feed answers now and this is the last snapshot known' }) stale!: boolean;
  // rates (one ExchangeRate per quote currency) is resolved by ExchangeRatesResolver from the view's map
}

@ObjectType('RateSourceStatus', { ...S, description: 'What one rate feed last answered' })
export class RateSourceStatusType implements RateSourceView {
  @Field({ description: 'The feed: ecb or json' }) source!: string;
  @Field({ description: 'The URL the feed is read from' }) url!: string;
  @Field({ description: 'Whether the last attempt succeeded' }) ok!: boolean;
  @Field(() => String, { nullable: true, description: 'The base currency of the last snapshot (ISO 4217); null before the first' }) base!: string | null;
  @Field(() => String, { nullable: true, description: 'The day the feed stated for its last rates (YYYY-MM-DD); null before the first' }) rate_date!:
    string | null;
  @Field(() => Int, { description: 'How many quote currencies the last snapshot had' }) currencies!: number;
  @Field(() => String, { nullable: true, description: 'When the last snapshot was fetched (ISO 8601, UTC); null before the first' }) fetched_at!: string | null;
  @Field(() => String, { nullable: true, description: 'When the feed was last asked (ISO 8601, UTC); null before the first attempt' }) last_attempt_at!:
    string | null;
  @Field(() => String, { nullable: true, description: 'What went wrong at the last failed attempt; null when it succeeded' }) last_error!: string | null;
  @Field({ description: 'True when the last snapshot is too old to count' }) stale!: boolean;
}

@ObjectType('Translation', { ...S, description: "One resource's field overrides in one locale" })
export class TranslationType {
  @Field(() => String, { nullable: true, description: "The override row's id; null in storefront answers, which merge the locale's fallback chain" })
  id?: string;
  @Field({ description: 'product, product_variant, product_collection, product_category, page or blog_post' }) resource_type!: string;
  @Field({ description: 'The id of the translated resource' }) resource_id!: string;
  @Field({ description: 'The locale of the texts (BCP 47)' }) locale!: string;
  @Field(() => JSONScalar, { description: 'field -> text in this locale' }) fields!: Record<string, string>;
  @Field(() => String, { nullable: true, description: 'When the override last changed (ISO 8601, UTC); null in storefront answers' }) updated_at?: string;
}

@ObjectType('TranslationList', { ...S, description: 'A page of stored translation overrides' })
export class TranslationListType {
  @Field(() => [TranslationType], { description: 'The overrides of this page' }) items!: TranslationType[];
  @Field(() => Int, { description: 'How many match across all pages' }) count!: number;
  @Field(() => Int, { description: 'The page size applied' }) limit!: number;
  @Field(() => Int, { description: 'Items skipped before this page' }) offset!: number;
}

@ObjectType('StoreTranslations', { ...S, description: 'Overrides of one resource type in the served locale' })
export class StoreTranslationsType extends TranslationListType {
  @Field(() => String, { nullable: true, description: 'the locale served (the default when no overrides apply)' }) locale!: string | null;
}

@ObjectType('TranslationOverlayItem', { ...S, description: 'The merged overrides of one resource' })
class TranslationOverlayItemType {
  @Field({ description: 'product, product_variant, product_collection, product_category, page or blog_post' }) resource_type!: string;
  @Field({ description: 'The id of the resource' }) resource_id!: string;
  @Field(() => JSONScalar, { description: 'field -> text in the served locale (only fields with an override)' }) fields!: Record<string, string>;
}

@ObjectType('TranslationOverlay', { ...S, description: 'Merged overrides for resources about to be served (used by catalog and content)' })
export class TranslationOverlayType {
  @Field(() => String, { nullable: true, description: 'null: no overrides apply to the requested locale' }) locale!: string | null;
  @Field(() => [TranslationOverlayItemType], { description: 'One entry per resource that has overrides' }) items!: TranslationOverlayItemType[];
}
