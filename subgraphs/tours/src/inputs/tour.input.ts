import { z } from 'zod';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import {
  JSONScalar,
  PageArgs,
  REVIEW_ORDERS,
  REVIEW_STATUSES,
  ValidateWith,
  currencySchema,
  type Metadata,
  handleSchema,
  metadataSchema,
  pageSchema,
  plainText,
  reviewListSchema,
  reviewModerationSchema,
  reviewSchema,
} from '@svc/kit';

/**
 * The constraints of tours' arguments, written once: GraphQL validates with them (`@ValidateWith`),
 * the REST routes reuse them.
 */

/** a calendar date, `YYYY-MM-DD` */
const dateSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'a date is YYYY-MM-DD');
const text = (max: number, what: string) => plainText(z.string().trim().min(1, `${what} must not be empty`).max(max), what);
const longText = z.string().max(20_000).nullish();
const url = z
  .string()
  .max(2000)
  .regex(/^(https?:\/\/|\/)[^\s"'<>`\\]*$/, 'an absolute http(s) URL or a path starting with /');
const slugList = z.array(z.string().min(1).max(200)).max(20);
const amount = z
  .union([z.number(), z.string()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,12}(\.\d{1,4})?$/.test(v), 'amount is a non-negative decimal with at most 4 decimals');

// ---- store reads ----

/** `GET /store/tours` and `tours(…)`: every filter optional; a price range needs a currency (the service says 400 missing_field). */
export const tourListSchema = z.strictObject({
  ...pageSchema,
  destination: slugList.optional(),
  category: slugList.optional(),
  duration_min: z.number().int().min(1).max(365).optional(),
  duration_max: z.number().int().min(1).max(365).optional(),
  price_min: z.number().min(0).max(1e12).optional(),
  price_max: z.number().min(0).max(1e12).optional(),
  currency_code: currencySchema.optional(),
  region_id: z.string().min(1).max(200).optional(),
  locale: z.string().min(2).max(35).optional(),
});
export type TourListQuery = z.infer<typeof tourListSchema>;

/** the pricing and language of one tour or destination */
export const tourViewSchema = tourListSchema.pick({ currency_code: true, region_id: true, locale: true });
export type TourViewQuery = z.infer<typeof tourViewSchema>;

export const destinationListSchema = z.strictObject({ ...pageSchema, locale: tourListSchema.shape.locale });
export type DestinationListQuery = z.infer<typeof destinationListSchema>;

@ArgsType()
@ValidateWith(tourListSchema)
export class TourListArgs extends PageArgs {
  @Field(() => [String], { nullable: true, description: 'Destination slugs or ids (any of them)' }) destination?: string[];
  @Field(() => [String], { nullable: true, description: 'Category slugs or ids (any of them)' }) category?: string[];
  @Field(() => Int, { nullable: true, description: 'At least this many days' }) duration_min?: number;
  @Field(() => Int, { nullable: true, description: 'At most this many days' }) duration_max?: number;
  @Field({ nullable: true, description: "The from price (lowest open future departure's per-traveller price) is at least this" }) price_min?: number;
  @Field({ nullable: true, description: 'The from price is at most this' }) price_max?: number;
  @Field({ nullable: true, description: 'Currency of from_price and calculated_price (ISO 4217, lowercase)' }) currency_code?: string;
  @Field({ nullable: true, description: "Prices in this region's currency" }) region_id?: string;
  @Field({ nullable: true, description: 'Translated into this locale (default: the request language)' }) locale?: string;
}

@ArgsType()
@ValidateWith(tourViewSchema)
export class TourViewArgs {
  @Field({ nullable: true, description: 'Currency of from_price and calculated_price (ISO 4217, lowercase)' }) currency_code?: string;
  @Field({ nullable: true, description: "Prices in this region's currency (instead of currency_code)" }) region_id?: string;
  @Field({ nullable: true, description: 'Translated into this locale (default: the request language)' }) locale?: string;
}

@ArgsType()
@ValidateWith(destinationListSchema)
export class DestinationListArgs extends PageArgs {
  @Field({ nullable: true, description: 'Translated into this locale (default: the request language)' }) locale?: string;
}

// ---- reviews (as product reviews) ----

export const adminReviewListSchema = reviewModerationSchema('tour_id');
export type AdminReviewListQuery = z.infer<typeof adminReviewListSchema>;

@ArgsType()
@ValidateWith(reviewListSchema)
export class TourReviewListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'created_at, -created_at (default), rating or -rating' }) order?: (typeof REVIEW_ORDERS)[number];
}

@ArgsType()
@ValidateWith(adminReviewListSchema)
export class AdminTourReviewListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'pending, approved or rejected; all when absent' }) status?: (typeof REVIEW_STATUSES)[number];
  @Field({ nullable: true }) tour_id?: string;
}

@InputType('TourReviewInput', { description: "A customer's review of a tour" })
@ValidateWith(reviewSchema)
export class TourReviewInput {
  @Field(() => Int, { description: '1 to 5' }) rating!: number;
  @Field(() => String, { nullable: true, description: 'Headline (optional)' }) title?: string | null;
  @Field({ description: 'The review text (plain text)' }) content!: string;
}

// ---- seats (commerce) ----

const seatLineSchema = z.strictObject({ departure_id: z.string().min(1).max(200), quantity: z.number().int().min(1).max(10_000) });
export const seatLinesSchema = z.array(seatLineSchema).min(1, 'at least one line').max(100);
export const holdKeySchema = z.string().min(1).max(200);

@InputType('TourSeatLineInput')
@ValidateWith(seatLineSchema)
export class TourSeatLineInput {
  @Field() departure_id!: string;
  @Field(() => Int) quantity!: number;
}

// ---- admin writes ----

export const destinationSchema = z.strictObject({
  name: text(300, 'name'),
  slug: handleSchema.nullish(),
  country_code: z
    .string()
    .regex(/^[a-zA-Z]{2}$/, 'country_code must be a 2-letter ISO code')
    .transform((c) => c.toLowerCase())
    .nullish(),
  description: longText,
  image: url.nullish(),
});
export type DestinationData = z.infer<typeof destinationSchema>;
export const destinationUpdateSchema = destinationSchema.partial();
export type DestinationUpdate = z.infer<typeof destinationUpdateSchema>;

export const categorySchema = z.strictObject({
  name: text(300, 'name'),
  slug: handleSchema.nullish(),
  description: longText,
  rank: z.number().int().min(0).max(100_000).nullish(),
});
export type CategoryData = z.infer<typeof categorySchema>;
export const categoryUpdateSchema = categorySchema.partial();
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

const itineraryDaySchema = z.strictObject({
  day: z.number().int().min(1).max(365),
  title: text(300, 'title'),
  description: longText,
  overnight: z.string().max(300).nullish(),
});
const stringItems = z.array(z.string().trim().min(1).max(500)).max(50);

const tourFields = {
  title: text(300, 'title'),
  slug: handleSchema.nullish(),
  summary: z.string().max(1000).nullish(),
  description: longText,
  thumbnail: url.nullish(),
  images: z.array(url).max(50).nullish(),
  destination_id: z.string().min(1).max(200),
  category_ids: z.array(z.string().min(1).max(200)).max(50).nullish(),
  duration_days: z.number().int().min(1).max(365),
  requires_traveller_details: z.boolean().nullish(),
  min_age: z.number().int().min(0).max(120).nullish(),
  max_travellers_per_booking: z.number().int().min(1).max(1000).nullish(),
  highlights: stringItems.nullish(),
  included: stringItems.nullish(),
  metadata: metadataSchema.nullish(),
  itinerary: z
    .array(itineraryDaySchema)
    .max(365)
    .refine((days) => new Set(days.map((d) => d.day)).size === days.length, 'each day at most once')
    .nullish(),
};
export const tourSchema = z.strictObject(tourFields);
export type TourData = z.infer<typeof tourSchema>;
export const tourUpdateSchema = z.strictObject(tourFields).partial();
export type TourUpdate = z.infer<typeof tourUpdateSchema>;

const priceSchema = z.strictObject({ currency_code: currencySchema, amount });
const pricesSchema = z
  .array(priceSchema)
  .min(1, 'at least one price')
  .max(50)
  .refine((ps) => new Set(ps.map((p) => p.currency_code)).size === ps.length, 'one price per currency');
export const departureSchema = z.strictObject({
  starts_on: dateSchema,
  capacity: z.number().int().min(1).max(10_000),
  prices: pricesSchema,
  status: z.enum(['open', 'closed', 'canceled']).nullish(),
});
export type DepartureData = z.infer<typeof departureSchema>;
export const departureUpdateSchema = departureSchema.partial();
export type DepartureUpdate = z.infer<typeof departureUpdateSchema>;

export const bookingListSchema = z.strictObject({ tour_id: z.string().min(1).max(200).optional(), departure_id: z.string().min(1).max(200).optional() });

@InputType('TourDestinationInput')
@ValidateWith(destinationSchema)
export class DestinationInput {
  @Field() name!: string;
  @Field(() => String, { nullable: true }) slug?: string | null;
  @Field(() => String, { nullable: true }) country_code?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) image?: string | null;
}

@InputType('TourDestinationUpdateInput')
@ValidateWith(destinationUpdateSchema)
export class DestinationUpdateInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) slug?: string | null;
  @Field(() => String, { nullable: true }) country_code?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) image?: string | null;
}

@InputType('TourCategoryInput')
@ValidateWith(categorySchema)
export class CategoryInput {
  @Field() name!: string;
  @Field(() => String, { nullable: true }) slug?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Int, { nullable: true }) rank?: number | null;
}

@InputType('TourCategoryUpdateInput')
@ValidateWith(categoryUpdateSchema)
export class CategoryUpdateInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) slug?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Int, { nullable: true }) rank?: number | null;
}

@InputType('TourItineraryDayInput')
class ItineraryDayInput {
  @Field(() => Int) day!: number;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) overnight?: string | null;
}

@InputType('TourInput')
@ValidateWith(tourSchema)
export class TourInput {
  @Field() title!: string;
  @Field(() => String, { nullable: true }) slug?: string | null;
  @Field(() => String, { nullable: true }) summary?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) thumbnail?: string | null;
  @Field(() => [String], { nullable: true }) images?: string[] | null;
  @Field() destination_id!: string;
  @Field(() => [String], { nullable: true }) category_ids?: string[] | null;
  @Field(() => Int) duration_days!: number;
  @Field(() => Boolean, { nullable: true }) requires_traveller_details?: boolean | null;
  @Field(() => Int, { nullable: true }) min_age?: number | null;
  @Field(() => Int, { nullable: true }) max_travellers_per_booking?: number | null;
  @Field(() => [String], { nullable: true }) highlights?: string[] | null;
  @Field(() => [String], { nullable: true }) included?: string[] | null;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
  @Field(() => [ItineraryDayInput], { nullable: true, description: 'Replaces the itinerary' }) itinerary?: ItineraryDayInput[] | null;
}

@InputType('TourUpdateInput')
@ValidateWith(tourUpdateSchema)
export class TourUpdateInput {
  @Field(() => String, { nullable: true }) title?: string;
  @Field(() => String, { nullable: true }) slug?: string | null;
  @Field(() => String, { nullable: true }) summary?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) thumbnail?: string | null;
  @Field(() => [String], { nullable: true }) images?: string[] | null;
  @Field(() => String, { nullable: true }) destination_id?: string;
  @Field(() => [String], { nullable: true }) category_ids?: string[] | null;
  @Field(() => Int, { nullable: true }) duration_days?: number;
  @Field(() => Boolean, { nullable: true }) requires_traveller_details?: boolean | null;
  @Field(() => Int, { nullable: true }) min_age?: number | null;
  @Field(() => Int, { nullable: true }) max_travellers_per_booking?: number | null;
  @Field(() => [String], { nullable: true }) highlights?: string[] | null;
  @Field(() => [String], { nullable: true }) included?: string[] | null;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
  @Field(() => [ItineraryDayInput], { nullable: true }) itinerary?: ItineraryDayInput[] | null;
}

@InputType('TourPriceInput')
class PriceInput {
  @Field() currency_code!: string;
  @Field({ description: 'Per traveller, major units, exact decimal (string or number)' }) amount!: string;
}

@InputType('TourDepartureInput')
@ValidateWith(departureSchema)
export class DepartureInput {
  @Field({ description: 'YYYY-MM-DD; ends_on follows from the tour duration' }) starts_on!: string;
  @Field(() => Int) capacity!: number;
  @Field(() => [PriceInput]) prices!: PriceInput[];
  @Field(() => String, { nullable: true, description: 'open (default), closed or canceled' }) status?: 'open' | 'closed' | 'canceled' | null;
}

@InputType('TourDepartureUpdateInput')
@ValidateWith(departureUpdateSchema)
export class DepartureUpdateInput {
  @Field(() => String, { nullable: true }) starts_on?: string;
  @Field(() => Int, { nullable: true, description: 'never below the seats sold and held' }) capacity?: number;
  @Field(() => [PriceInput], { nullable: true }) prices?: PriceInput[];
  @Field(() => String, { nullable: true }) status?: 'open' | 'closed' | 'canceled';
}
