import { foundOrFalse, type GraphClient, type ReferenceLookup } from '@svc/kit';
import { SiteRefCategoryDocument, SiteRefCollectionDocument, SiteRefPageDocument, SiteRefPostDocument, SiteRefProductDocument } from '../ports/generated';

/**
 * How site finds the resources metafields and menu items point at (`ports/catalog.graphql`,
 * `ports/content.graphql`), asked as the caller: another store's id is not found.
 */
export function siteReferenceLookups(graph: () => GraphClient | undefined): Record<string, ReferenceLookup> {
  const g = () => {
    const c = graph();
    if (!c) throw new Error('site: the supergraph is not available to check references');
    return c;
  };
  const product: ReferenceLookup = (ctx, id) => foundOrFalse(async () => (await g().execute(ctx, SiteRefProductDocument, { id })).adminProduct);
  const collection: ReferenceLookup = (ctx, id) => foundOrFalse(async () => (await g().execute(ctx, SiteRefCollectionDocument, { id })).collection);
  const category: ReferenceLookup = (ctx, id) => foundOrFalse(async () => (await g().execute(ctx, SiteRefCategoryDocument, { id })).productCategory);
  const page: ReferenceLookup = (ctx, id) => foundOrFalse(async () => (await g().execute(ctx, SiteRefPageDocument, { id })).adminPage);
  const blog_post: ReferenceLookup = (ctx, id) => foundOrFalse(async () => (await g().execute(ctx, SiteRefPostDocument, { id })).adminBlogPost);
  return { product, collection, product_collection: collection, category, product_category: category, page, blog_post };
}
