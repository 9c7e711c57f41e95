import { queryOf, route } from '@svc/kit';
import { searchQuerySchema } from '../inputs/search.input';

/** search's REST route: the storefront search (operation in ./operations). */
export const searchRoutes = [
  route({
    method: 'GET',
    path: '/store/search',
    auth: 'publishable',
    query: queryOf(searchQuerySchema),
    operation: 'search/StoreSearch',
    // every search counts in the store's analytics (search.performed): not answered by the response cache
    recordsReads: true,
    summary:
      'Typo-tolerant, faceted full-text search over products, blog posts, pages and tours (q, limit, offset, locale, type, category, collection, destination, currency_code, price)',
    variables: ({ query }) => query,
    respond: (d) => ({
      hits: d.search.hits,
      facets: d.search.facets,
      count: d.search.count,
      offset: d.search.offset,
      limit: d.search.limit,
      words: d.search.words,
      locale: d.search.locale,
    }),
  }),
];
