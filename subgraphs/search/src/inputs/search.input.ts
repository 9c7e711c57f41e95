import { z } from 'zod';
import { ArgsType, Field, Int } from 'type-graphql';
import { ValidateWith, idList } from '@svc/kit';
import { DOCUMENT_KINDS, type DocumentKind } from '../entities/search.entity';

/** A price range of the price facet: `25-50` (25 ≤ price < 50), `-25`, `500-`; major units. */
export const PRICE_RANGE = /^(\d{1,9}(?:\.\d{1,4})?)?-(\d{1,9}(?:\.\d{1,4})?)?$/;

/**
 * The arguments of a search, written once: GraphQL validates with them (`@ValidateWith`), the
 * REST route reads them from the query string (`queryOf`). Unknown parameters are refused.
 */
export const searchQuerySchema = z
  .strictObject({
    q: z.string().max(200, 'q is at most 200 characters').optional(),
    limit: z.number().int('limit must be an integer').min(0, 'limit must not be negative').optional(),
    offset: z.number().int('offset must be an integer').min(0, 'offset must not be negative').max(10_000, 'offset must be at most 10000').optional(),
    locale: z
      .string()
      .regex(/^[a-zA-Z]{2,3}(?:[-_][a-zA-Z0-9]{2,8}){0,2}$/, 'locale must be a language tag such as en or de-AT')
      .optional(),
    type: z.array(z.enum(DOCUMENT_KINDS)).max(DOCUMENT_KINDS.length).optional(),
    category: idList.optional(),
    collection: idList.optional(),
    destination: idList.optional(),
    currency_code: z
      .string()
      .regex(/^[a-zA-Z]{3}$/, 'currency_code must be a 3-letter ISO code')
      .optional(),
    price: z.array(z.string().regex(PRICE_RANGE, 'price ranges look like 25-50, -25 or 500-')).max(20).optional(),
    duration_min: z.number().int('duration_min must be an integer').min(0, 'duration_min must not be negative').max(10_000).optional(),
    duration_max: z.number().int('duration_max must be an integer').min(0, 'duration_max must not be negative').max(10_000).optional(),
  })
  .refine((a) => a.duration_min === undefined || a.duration_max === undefined || a.duration_min <= a.duration_max, {
    message: 'duration_min must not be greater than duration_max',
    path: ['duration_min'],
  })
  // the service's rule (a price filter without currency_code is 400 missing_field), for documents (/openapi.json)
  .meta({ dependentRequired: { price: ['currency_code'] } });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

@ArgsType()
@ValidateWith(searchQuerySchema)
export class SearchArgs {
  @Field(() => String, { nullable: true, description: 'the words; typo-tolerant, the last one a prefix; empty: every document (facets, filters)' }) q?: string;
  @Field(() => Int, { nullable: true, description: 'default 20; larger than 100 is clamped to 100 (the answer echoes the applied limit)' }) limit?: number;
  @Field(() => Int, { nullable: true, description: 'at most 10000' }) offset?: number;
  @Field(() => String, { nullable: true, description: 'the variant of content to search and show (else the request locale, else the first variant)' })
  locale?: string;
  @Field(() => [String], { nullable: true, description: `${DOCUMENT_KINDS.join(', ')}` }) type?: DocumentKind[];
  @Field(() => [String], { nullable: true, description: 'category handles (any of them)' }) category?: string[];
  @Field(() => [String], { nullable: true, description: 'collection handles' }) collection?: string[];
  @Field(() => [String], { nullable: true, description: 'destinations (tours)' }) destination?: string[];
  @Field(() => String, { nullable: true, description: 'currency of the price facet and filter, and of hit prices' }) currency_code?: string;
  @Field(() => [String], { nullable: true, description: 'price ranges (any of them): 25-50 is 25 ≤ lowest price < 50; needs currency_code' }) price?: string[];
  @Field(() => Int, { nullable: true, description: 'tours of at least this many days' }) duration_min?: number;
  @Field(() => Int, { nullable: true, description: 'tours of at most this many days' }) duration_max?: number;
}
