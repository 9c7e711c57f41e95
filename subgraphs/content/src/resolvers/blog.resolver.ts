import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Errors, type RequestContext } from '@svc/kit';
import type { ContentServices } from '../services';
import {
  AdminCommentListType,
  AdminCommentType,
  AdminPostListType,
  AdminPostType,
  AuthorType,
  AuthorWithPostsType,
  CommentListType,
  CommentType,
  PostListType,
  PostType,
  TermListType,
  TermType,
  TermWithPostsType,
} from '../types/content.type';
import {
  AdminCommentListArgs,
  AdminPostListArgs,
  AuthorInput,
  CategoryInput,
  CommentInput,
  CommentListArgs,
  CreatePostInput,
  PostListArgs,
  PostsOfArgs,
  TagInput,
  TaxonomyListArgs,
  UpdateAuthorInput,
  UpdateCategoryInput,
  UpdatePostInput,
  UpdateTagInput,
} from '../inputs/content.input';

const localeArg = (l: string | null | undefined) => {
  if (l == null) return undefined;
  const v = l.trim().toLowerCase();
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(v)) throw Errors.invalidField('locale', 'locale must look like "en" or "pt-br"');
  return v;
};

/** The blog in the graph: storefront reads (visible posts only), admin writes and moderation. */
@Resolver()
export class BlogResolver {
  constructor(private readonly s: ContentServices) {}

  @Query(() => PostListType, { description: 'Visible blog posts, newest first (category, tag, author_id filters), in the requested locale' })
  blogPosts(@Ctx() ctx: RequestContext, @Args() args: PostListArgs) {
    return this.s.posts.list(ctx, args);
  }

  @Query(() => PostType, { description: 'One visible post by slug' })
  blogPost(
    @Ctx() ctx: RequestContext,
    @Arg('slug', { description: "The post's URL handle" }) slug: string,
    @Arg('locale', () => String, { nullable: true, description: 'Locale of the variant served (default: the request locale, then the store default)' })
    locale?: string | null,
  ) {
    return this.s.posts.get(ctx, slug, localeArg(locale));
  }

  @Query(() => CommentListType, { description: 'Approved comments of a visible post, oldest first' })
  blogComments(@Ctx() ctx: RequestContext, @Arg('slug', { description: "The post's URL handle" }) slug: string, @Args() args: CommentListArgs) {
    return this.s.comments.listApproved(ctx, slug, args);
  }

  @Mutation(() => CommentType, { description: 'A comment on a visible post: pending until moderated; needs a solved anti-spam challenge' })
  createBlogComment(
    @Ctx() ctx: RequestContext,
    @Arg('slug', { description: "The post's URL handle" }) slug: string,
    @Arg('input', { description: 'The comment' }) input: CommentInput,
  ) {
    return this.s.comments.create(ctx, slug, input);
  }

  @Query(() => TermListType, { description: 'Blog categories with their visible-post counts' })
  blogCategories(@Ctx() ctx: RequestContext, @Args() args: TaxonomyListArgs) {
    return this.s.taxonomy.list(ctx, 'category', args);
  }

  @Query(() => TermWithPostsType, { description: 'One category by slug with its visible posts' })
  blogCategory(@Ctx() ctx: RequestContext, @Arg('slug', { description: "The category's URL handle" }) slug: string, @Args() args: PostsOfArgs) {
    return this.s.taxonomy.get(ctx, 'category', slug, args);
  }

  @Query(() => TermListType, { description: 'Blog tags with their visible-post counts' })
  blogTags(@Ctx() ctx: RequestContext, @Args() args: TaxonomyListArgs) {
    return this.s.taxonomy.list(ctx, 'tag', args);
  }

  @Query(() => TermWithPostsType, { description: 'One tag by slug with its visible posts' })
  blogTag(@Ctx() ctx: RequestContext, @Arg('slug', { description: "The tag's URL handle" }) slug: string, @Args() args: PostsOfArgs) {
    return this.s.taxonomy.get(ctx, 'tag', slug, args);
  }

  @Query(() => AuthorWithPostsType, { description: 'An author profile with their visible posts' })
  blogAuthor(@Ctx() ctx: RequestContext, @Arg('id', { description: "The author's id" }) id: string, @Args() args: PostsOfArgs) {
    return this.s.taxonomy.author(ctx, id, args);
  }

  // ---- admin: posts ----

  @Authorized('admin')
  @Query(() => AdminPostListType, { description: 'Admin: every post of the store (status filter), newest first' })
  adminBlogPosts(@Ctx() ctx: RequestContext, @Args() args: AdminPostListArgs) {
    return this.s.posts.adminList(ctx, args);
  }

  @Authorized('admin')
  @Query(() => AdminPostType, { description: 'Admin: one post by id or slug, any status' })
  adminBlogPost(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.posts.adminGet(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => AdminPostType, { description: 'Admin: a new draft post with its locale variants (bodies sanitized when written)' })
  createBlogPost(@Ctx() ctx: RequestContext, @Arg('input') input: CreatePostInput) {
    return this.s.posts.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => AdminPostType, { description: 'Admin: changes the fields given (variants are replaced as a whole)' })
  updateBlogPost(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdatePostInput) {
    return this.s.posts.update(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => AdminPostType, { description: 'Admin: visible now (blog_post.published)' })
  publishBlogPost(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.posts.publish(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => AdminPostType, { description: 'Admin: visible from published_at (ISO 8601); a past time publishes at once' })
  scheduleBlogPost(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('published_at') publishedAt: string) {
    const at = /^\d{4}-\d{2}-\d{2}T/.test(publishedAt) ? new Date(publishedAt) : new Date(NaN);
    if (Number.isNaN(at.getTime())) throw Errors.invalidField('published_at', 'published_at must be an ISO 8601 date-time');
    return this.s.posts.schedule(ctx, id, at);
  }

  @Authorized('admin')
  @Mutation(() => AdminPostType, { description: 'Admin: back to draft (blog_post.unpublished when it was visible)' })
  unpublishBlogPost(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.posts.unpublish(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => AdminPostType, { description: 'Admin: deletes the post and its comments' })
  deleteBlogPost(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.posts.delete(ctx, id);
  }

  // ---- admin: categories, tags, authors ----

  @Authorized('admin')
  @Mutation(() => TermType)
  createBlogCategory(@Ctx() ctx: RequestContext, @Arg('input') input: CategoryInput) {
    return this.s.taxonomy.createCategory(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => TermType)
  updateBlogCategory(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdateCategoryInput) {
    return this.s.taxonomy.updateCategory(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => TermType, { description: 'Admin: deletes the category and takes it off its posts' })
  deleteBlogCategory(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.taxonomy.deleteTerm(ctx, 'category', id);
  }

  @Authorized('admin')
  @Mutation(() => TermType)
  createBlogTag(@Ctx() ctx: RequestContext, @Arg('input') input: TagInput) {
    return this.s.taxonomy.createTag(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => TermType)
  updateBlogTag(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdateTagInput) {
    return this.s.taxonomy.updateTag(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => TermType, { description: 'Admin: deletes the tag and takes it off its posts' })
  deleteBlogTag(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.taxonomy.deleteTerm(ctx, 'tag', id);
  }

  @Authorized('admin')
  @Query(() => [AuthorType], { description: "Admin: the store's blog authors" })
  adminBlogAuthors(@Ctx() ctx: RequestContext) {
    return this.s.taxonomy.authors(ctx);
  }

  @Authorized('admin')
  @Mutation(() => AuthorType)
  createBlogAuthor(@Ctx() ctx: RequestContext, @Arg('input') input: AuthorInput) {
    return this.s.taxonomy.createAuthor(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => AuthorType)
  updateBlogAuthor(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdateAuthorInput) {
    return this.s.taxonomy.updateAuthor(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => AuthorType, { description: 'Admin: deletes the author; their posts stay, without an author' })
  deleteBlogAuthor(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.taxonomy.deleteAuthor(ctx, id);
  }

  // ---- admin: comment moderation ----

  @Authorized('admin')
  @Query(() => AdminCommentListType, { description: 'Admin: comments to moderate (status pending by default), oldest first' })
  adminBlogComments(@Ctx() ctx: RequestContext, @Args() args: AdminCommentListArgs) {
    return this.s.comments.adminList(ctx, args);
  }

  @Authorized('admin')
  @Mutation(() => AdminCommentType, { description: 'Admin: the comment is listed' })
  approveBlogComment(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.comments.moderate(ctx, id, 'approved');
  }

  @Authorized('admin')
  @Mutation(() => AdminCommentType, { description: 'Admin: the comment is not listed' })
  rejectBlogComment(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.comments.moderate(ctx, id, 'rejected');
  }

  @Authorized('admin')
  @Mutation(() => AdminCommentType)
  deleteBlogComment(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.comments.delete(ctx, id);
  }
}
