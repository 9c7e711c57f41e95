import { foundOrFalse, type GraphClient, type ReferenceLookup } from '@svc/kit';
import {
  LocalizationRefCategoryDocument,
  LocalizationRefCollectionDocument,
  LocalizationRefPageDocument,
  LocalizationRefPostDocument,
  LocalizationRefProductDocument,
} from '../ports/generated';

/**
 * How localization finds the resources translations are for (`ports/catalog.graphql`,
 * `ports/content.graphql`), asked as the caller: another store's id is not found. Variants have
 * no lookup by id in the supergraph and are not checked.
 */
export function translationReferenceLookups(graph: () => GraphClient | undefined): Record<string, ReferenceLookup> {
  const g = () => {
    const c = graph();
    if (!c) throw new Error('localization: the supergraph is not available to check references');
    return c;
  };
  return {
    product: (ctx, id) => foundOrFalse(async () => (await g().execute(ctx, LocalizationRefProductDocument, { id })).adminProduct),
    product_collection: (ctx, id) => foundOrFalse(async () => (await g().execute(ctx, LocalizationRefCollectionDocument, { id })).collection),
    product_category: (ctx, id) => foundOrFalse(async () => (await g().execute(ctx, LocalizationRefCategoryDocument, { id })).productCategory),
    page: (ctx, id) => foundOrFalse(async () => (await g().execute(ctx, LocalizationRefPageDocument, { id })).adminPage),
    blog_post: (ctx, id) => foundOrFalse(async () => (await g().execute(ctx, LocalizationRefPostDocument, { id })).adminBlogPost),
  };
}
