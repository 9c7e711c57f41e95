import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { JSONScalar } from '@svc/kit';
import type { CurrencyPairView, CurrencyRateView, ExchangeRatesView, LocaleView, RateSourceView } from '../services/views';

const S = { simpleResolvers: true };

@ObjectType('Locale', { ...S, description: 'A locale the store offers: a BCP 47 tag, one of them the default' })
@Directive('@key(fields: "id")')
export class LocaleType implements LocaleView {
  @Field(() => ID) id!: string;
  @Field({ description: 'BCP 47 tag (en, de-CH, ar)' }) code!: string;
  @Field() name!: string;
  @Field() is_default!: boolean;
  @Field() rtl!: boolean;
  @Field({ description: 'rtl or ltr' }) dir!: string;
  @Field(() => Int) position!: number;
}

@ObjectType('CurrencyPair', { ...S, description: 'A configured pair (ISO 4217) and its manual override, when set' })
@Directive('@key(fields: "id")')
export class CurrencyPairType implements CurrencyPairView {
  @Field(() => ID) id!: string;
  @Field() base!: string;
  @Field() quote!: string;
  @Field(() => Float, { nullable: true, description: 'Units of quote per 1 base; wins over every feed' }) manual_rate!: number | null;
  @Field(() => String, { nullable: true }) manual_set_at!: string | null;
  @Field() created_at!: string;
}

@ObjectType('CurrencyRate', { ...S, description: 'The active rate of a configured pair' })
export class CurrencyRateType implements CurrencyRateView {
  @Field() pair_id!: string;
  @Field() base!: string;
  @Field() quote!: string;
  @Field(() => Float, { nullable: true, description: 'Units of quote per 1 base; null when no source ever knew the pair' }) rate!: number | null;
  @Field(() => String, { nullable: true, description: 'manual, ecb or json' }) source!: string | null;
  @Field(() => String, { nullable: true }) fetched_at!: string | null;
  @Field(() => String, { nullable: true, description: 'The day the feed states for its rates' }) rate_date!: string | null;
  @Field({ description: 'True when no source answers now and the last known rate is shown' }) stale!: boolean;
}

@ObjectType('ExchangeRate', { ...S, description: 'Units of a quote currency per 1 of the base' })
export class ExchangeRateType {
  @Field({ description: 'the quote currency (ISO 4217, upper case)' }) currency!: string;
  @Field(() => Float) rate!: number;
}

@ObjectType('ExchangeRates', { ...S, description: 'A feed snapshot for one base currency' })
export class ExchangeRatesType implements Omit<ExchangeRatesView, 'rates'> {
  @Field() base!: string;
  @Field() date!: string;
  @Field() source!: string;
  @Field() fetched_at!: string;
  @Field() stale!: boolean;
  // `rates` (one ExchangeRate per quote currency) is resolved by ExchangeRatesResolver from the view's map
}

@ObjectType('RateSourceStatus', { ...S, description: 'What one rate feed last answered' })
export class RateSourceStatusType implements RateSourceView {
  @Field() source!: string;
  @Field() url!: string;
  @Field() ok!: boolean;
  @Field(() => String, { nullable: true }) base!: string | null;
  @Field(() => String, { nullable: true }) rate_date!: string | null;
  @Field(() => Int) currencies!: number;
  @Field(() => String, { nullable: true }) fetched_at!: string | null;
  @Field(() => String, { nullable: true }) last_attempt_at!: string | null;
  @Field(() => String, { nullable: true }) last_error!: string | null;
  @Field() stale!: boolean;
}

@ObjectType('Translation', { ...S, description: "One resource's field overrides in one locale" })
export class TranslationType {
  @Field(() => String, { nullable: true }) id?: string;
  @Field({ description: 'product, product_variant, product_collection, product_category, page or blog_post' }) resource_type!: string;
  @Field() resource_id!: string;
  @Field() locale!: string;
  @Field(() => JSONScalar, { description: 'field -> text in this locale' }) fields!: Record<string, string>;
  @Field(() => String, { nullable: true }) updated_at?: string;
}

@ObjectType('TranslationList', S)
export class TranslationListType {
  @Field(() => [TranslationType]) items!: TranslationType[];
  @Field(() => Int) count!: number;
  @Field(() => Int) limit!: number;
  @Field(() => Int) offset!: number;
}

@ObjectType('StoreTranslations', { ...S, description: 'Overrides of one resource type in the served locale' })
export class StoreTranslationsType extends TranslationListType {
  @Field(() => String, { nullable: true, description: 'the locale served (the default when no overrides apply)' }) locale!: string | null;
}

@ObjectType('TranslationOverlayItem', S)
class TranslationOverlayItemType {
  @Field() resource_type!: string;
  @Field() resource_id!: string;
  @Field(() => JSONScalar) fields!: Record<string, string>;
}

@ObjectType('TranslationOverlay', { ...S, description: 'Merged overrides for resources about to be served (used by catalog and content)' })
export class TranslationOverlayType {
  @Field(() => String, { nullable: true, description: 'null: no overrides apply to the requested locale' }) locale!: string | null;
  @Field(() => [TranslationOverlayItemType]) items!: TranslationOverlayItemType[];
}
