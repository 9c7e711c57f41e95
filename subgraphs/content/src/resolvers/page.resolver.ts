import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Errors, type RequestContext } from '@svc/kit';
import type { ContentServices } from '../services';
import { AdminPageListType, AdminPageType, PageListType, PageType, SearchDocumentType, SettingsType } from '../types/content.type';
import { CreatePageInput, PostsOfArgs, SearchDocumentsArgs, SettingsInput, TaxonomyListArgs, UpdatePageInput } from '../inputs/content.input';

/** Pages, the content settings and the search index's rebuild feed. */
@Resolver()
export class PageResolver {
  constructor(private readonly s: ContentServices) {}

  @Query(() => PageListType, { description: 'Published pages by slug, in the requested locale' })
  pages(@Ctx() ctx: RequestContext, @Args() args: PostsOfArgs) {
    return this.s.pages.list(ctx, args);
  }

  @Query(() => PageType, { description: 'One published page by slug' })
  page(
    @Ctx() ctx: RequestContext,
    @Arg('slug', { description: "The page's URL handle" }) slug: string,
    @Arg('locale', () => String, { nullable: true, description: 'Locale of the variant served (default: the request locale, then the store default)' })
    locale?: string | null,
  ) {
    const l = locale == null ? undefined : locale.trim().toLowerCase();
    if (l !== undefined && !/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(l)) throw Errors.invalidField('locale', 'locale must look like "en" or "pt-br"');
    return this.s.pages.get(ctx, slug, l);
  }

  @Authorized('admin')
  @Query(() => AdminPageListType, { description: 'Admin: every page of the store, any status' })
  adminPages(@Ctx() ctx: RequestContext, @Args() args: TaxonomyListArgs) {
    return this.s.pages.adminList(ctx, args);
  }

  @Authorized('admin')
  @Query(() => AdminPageType, { description: 'Admin: one page by id or slug' })
  adminPage(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.pages.adminGet(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => AdminPageType, { description: 'Admin: a new draft page with its locale variants and SEO meta' })
  createPage(@Ctx() ctx: RequestContext, @Arg('input') input: CreatePageInput) {
    return this.s.pages.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => AdminPageType)
  updatePage(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdatePageInput) {
    return this.s.pages.update(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => AdminPageType, { description: 'Admin: published (page.published)' })
  publishPage(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.pages.publish(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => AdminPageType, {
    description: 'Admin: visible from publish_at (ISO 8601): a past time publishes at once (page.published), a future one schedules it (status scheduled)',
  })
  schedulePage(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The page id or slug' }) id: string,
    @Arg('publish_at', { description: 'When it becomes visible, an ISO 8601 date-time with its offset (2027-01-01T09:00:00Z)' }) publishAt: string,
  ) {
    const at = /^\d{4}-\d{2}-\d{2}T/.test(publishAt) && publishAt.length <= 40 ? new Date(publishAt) : new Date(NaN);
    if (Number.isNaN(at.getTime())) throw Errors.invalidField('publish_at', 'publish_at must be an ISO 8601 date-time');
    return this.s.pages.schedule(ctx, id, at);
  }

  @Authorized('admin')
  @Mutation(() => AdminPageType, { description: 'Admin: back to draft (page.unpublished)' })
  unpublishPage(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.pages.unpublish(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => AdminPageType)
  deletePage(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.pages.delete(ctx, id);
  }

  @Authorized('admin')
  @Query(() => SettingsType, { description: "Admin: the store's content settings" })
  contentSettings(@Ctx() ctx: RequestContext) {
    return this.s.settings.get(ctx);
  }

  @Authorized('admin')
  @Mutation(() => SettingsType)
  updateContentSettings(@Ctx() ctx: RequestContext, @Arg('input') input: SettingsInput) {
    return this.s.settings.update(ctx, input);
  }

  @Authorized('operator')
  @Query(() => [SearchDocumentType], { description: "Operator: visible blog posts or pages of the context's tenant as search documents, by id after `after`" })
  contentSearchDocuments(@Ctx() ctx: RequestContext, @Args() args: SearchDocumentsArgs) {
    return args.kind === 'blog_post' ? this.s.posts.searchDocuments(ctx, args.after, args.limit) : this.s.pages.searchDocuments(ctx, args.after, args.limit);
  }
}
