import { z } from 'zod';
import { listEnvelope, queryOf, reviewListSchema, reviewSchema, route, type StateRefusal } from '@svc/kit';
import { destinationListSchema, tourListSchema, tourViewSchema } from '../inputs/tour.input';

/** a price range is in a currency: currency_code or the region's */
const pricedBy = { anyOf: ['region_id', 'currency_code'].map((name) => ({ required: [name] })) };
const tourList = queryOf(tourListSchema).meta({ dependentSchemas: { price_min: pricedBy, price_max: pricedBy } });
const tourView = queryOf(tourViewSchema);
const slugParam = z.strictObject({ slug: z.string().min(1).max(200) });

const REGION_REFUSAL: StateRefusal = { code: 'invalid_field', field: 'region_id', when: 'no region of the store has this id' };

/** tours' REST routes: the storefront's tours, destinations, categories and tour reviews (operations in ./operations). */
export const toursRoutes = [
  route({
    method: 'GET',
    path: '/store/tours',
    auth: 'publishable',
    query: tourList,
    operation: 'tours/StoreTours',
    summary:
      'Published tours by title: filters destination and category (slugs or ids, repeatable), duration_min/duration_max (days), price_min/price_max of the from price (needs currency_code or region_id), locale; from_price when a currency is known',
    refusals: [
      REGION_REFUSAL,
      { code: 'missing_field', field: 'currency_code', when: 'price_min or price_max without currency_code or region_id' },
      { code: 'invalid_field', field: 'duration_max', when: 'duration_max is below duration_min' },
      { code: 'invalid_field', field: 'price_max', when: 'price_max is below price_min' },
    ],
    variables: ({ query }) => query,
    respond: (d) => listEnvelope('tours', d.tours),
  }),
  route({
    method: 'GET',
    path: '/store/tours/:slug',
    auth: 'publishable',
    params: slugParam,
    query: tourView,
    operation: 'tours/StoreTour',
    summary: 'One published tour (slug or id) with its itinerary by day and its future departures (seats_remaining; calculated_price when a currency is known)',
    refusals: [REGION_REFUSAL],
    variables: ({ params, query }) => ({ id: params.slug, ...query }),
    respond: (d) => ({ tour: d.tour }),
  }),
  route({
    method: 'GET',
    path: '/store/tours/:slug/reviews',
    auth: 'publishable',
    params: slugParam,
    query: queryOf(reviewListSchema),
    operation: 'tours/StoreTourReviews',
    summary: 'Approved reviews of a published tour (slug or id), newest first unless order says otherwise',
    variables: ({ params, query }) => ({ tour_id: params.slug, ...query }),
    respond: (d) => listEnvelope('reviews', d.tourReviews),
  }),
  route({
    method: 'POST',
    path: '/store/tours/:slug/reviews',
    auth: 'customer',
    params: slugParam,
    body: reviewSchema,
    operation: 'tours/CreateTourReview',
    summary: 'The signed-in customer reviews a published tour: pending until moderated; one per customer and tour (409 duplicate)',
    variables: ({ params, body }) => ({ tour_id: params.slug, input: body }),
    respond: (d) => ({ review: d.createTourReview }),
  }),
  route({
    method: 'GET',
    path: '/store/destinations',
    auth: 'publishable',
    query: queryOf(destinationListSchema),
    operation: 'tours/StoreTourDestinations',
    summary: 'Tour destinations by name, each with its number of published tours',
    variables: ({ query }) => query,
    respond: (d) => listEnvelope('destinations', d.tourDestinations),
  }),
  route({
    method: 'GET',
    path: '/store/destinations/:slug',
    auth: 'publishable',
    params: slugParam,
    query: tourView,
    operation: 'tours/StoreTourDestination',
    summary: 'One destination (slug or id) with its published tours',
    refusals: [REGION_REFUSAL],
    variables: ({ params, query }) => ({ id: params.slug, ...query }),
    respond: (d) => ({ destination: d.tourDestination }),
  }),
  route({
    method: 'GET',
    path: '/store/tour-categories',
    auth: 'publishable',
    query: queryOf(tourListSchema.pick({ locale: true })),
    operation: 'tours/StoreTourCategories',
    summary: 'Tour categories by rank, each with its number of published tours',
    variables: ({ query }) => query,
    respond: (d) => ({ tour_categories: d.tourCategories }),
  }),
];
