import { Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { SearchServices } from '../services';
import { SearchArgs } from '../inputs/search.input';
import { SearchIndexStatusType, SearchRebuildReportType, SearchResultType } from '../types/search.type';

/** Search in the graph: the storefront query, the index status and rebuild for admins. */
@Resolver()
export class SearchResolver {
  constructor(private readonly s: SearchServices) {}

  @Query(() => SearchResultType, {
    description: 'Typo-tolerant, faceted full-text search over the products, blog posts, pages, tours and events of the tenant',
  })
  search(@Ctx() ctx: RequestContext, @Args() args: SearchArgs) {
    return this.s.search.search(ctx, args);
  }

  @Authorized('admin')
  @Query(() => SearchIndexStatusType, { description: "Admin: the tenant's search index (documents per type, last indexed)" })
  searchIndexStatus(@Ctx() ctx: RequestContext) {
    return this.s.index.status(ctx);
  }

  @Authorized('admin')
  @Mutation(() => SearchRebuildReportType, { description: "Admin: rebuilds the tenant's search index from the catalog and content" })
  rebuildSearchIndex(@Ctx() ctx: RequestContext) {
    return this.s.index.rebuild(ctx);
  }
}
