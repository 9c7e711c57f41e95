import { z } from 'zod';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { PageArgs, ValidateWith, handleSchema, pageSchema, urlSchema } from '@svc/kit';

/**
 * The constraints of content arguments, written once: GraphQL validates with them
 * (`@ValidateWith`), the REST routes reuse them (`queryOf` for query strings, the body schema).
 */

/** `en`, `de`, `pt-br` (stored lowercase) */
export const localeSchema = z
  .string()
  .max(20)
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.string().regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, 'locale must look like "en" or "pt-br"'))
  // the rule as the client writes it (before trimming and lower-casing), for documents (/openapi.json)
  .meta({ pattern: '^\\s*[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?\\s*$' });
export const slugSchema = handleSchema;
/** the kit's URL rule: http(s) or a path of the storefront */
const url = urlSchema('url', { relative: true });
const formatSchema = z.enum(['markdown', 'html']);
const text = (max: number) => z.string().max(max);

// ---- storefront reads ----

export const postListSchema = z.strictObject({
  ...pageSchema,
  locale: localeSchema.optional(),
  category: slugSchema.optional(),
  tag: slugSchema.optional(),
  author_id: z.string().min(1).max(60).optional(),
});
export type PostListQuery = z.infer<typeof postListSchema>;
export const localeOnlySchema = z.strictObject({ locale: localeSchema.optional() });
export const taxonomyListSchema = z.strictObject({ ...pageSchema });
export const postsOfSchema = z.strictObject({ ...pageSchema, locale: localeSchema.optional() });
export const commentListSchema = z.strictObject({ ...pageSchema });

@ArgsType()
@ValidateWith(postListSchema)
export class PostListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Locale of the variants served (default: the request locale, then the store default)' }) locale?: string;
  @Field(() => String, { nullable: true, description: 'Category slug' }) category?: string;
  @Field(() => String, { nullable: true, description: 'Tag slug' }) tag?: string;
  @Field(() => String, { nullable: true, description: 'Only the posts of this author (id)' }) author_id?: string;
}

@ArgsType()
@ValidateWith(postsOfSchema)
export class PostsOfArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Locale of the variants served (default: the request locale, then the store default)' }) locale?: string;
}

@ArgsType()
@ValidateWith(taxonomyListSchema)
export class TaxonomyListArgs extends PageArgs {}

@ArgsType()
@ValidateWith(commentListSchema)
export class CommentListArgs extends PageArgs {}

// ---- comments ----

export const commentSchema = z.strictObject({
  author_name: z.string().trim().min(1, 'author_name must not be empty').max(100).optional(),
  author_email: z.email('author_email must be an email address').max(320).optional(),
  body: z.string().trim().min(1, 'body must not be empty').max(5000),
  /** the anti-spam solution may travel in the body (REST); never reaches the service */
  antispam_token: z.string().max(5000).optional(),
});
export type CommentData = z.infer<typeof commentSchema>;

@InputType('BlogCommentInput', { description: 'A comment on a blog post' })
@ValidateWith(commentSchema)
export class CommentInput {
  @Field(() => String, { nullable: true, description: 'Required for guests; customers default to their name' }) author_name?: string;
  @Field(() => String, { nullable: true, description: 'Never shown publicly' }) author_email?: string;
  @Field({ description: 'The comment (plain text, up to 5,000 characters; markup is removed)' }) body!: string;
  @Field(() => String, {
    nullable: true,
    description:
      'The solved anti-spam challenge (REST: or the x-antispam-token header); GraphQL answers createBlogComment only through the REST route, which checks it',
  })
  antispam_token?: string;
}

export const COMMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const adminCommentListSchema = z.strictObject({ ...pageSchema, status: z.enum(COMMENT_STATUSES).optional(), post_id: z.string().max(60).optional() });

@ArgsType()
@ValidateWith(adminCommentListSchema)
export class AdminCommentListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'pending (default), approved or rejected' }) status?: (typeof COMMENT_STATUSES)[number];
  @Field(() => String, { nullable: true }) post_id?: string;
}

// ---- admin: posts ----

const postVariantSchema = z.strictObject({
  locale: localeSchema,
  title: z.string().trim().min(1, 'title must not be empty').max(300),
  excerpt: text(1000).nullish(),
  body_format: formatSchema.optional(),
  body: text(200_000),
  seo_title: text(300).nullish(),
  seo_description: text(1000).nullish(),
});
export type PostVariantData = z.infer<typeof postVariantSchema>;
const distinctLocales = (vs: Array<{ locale: string }>) => new Set(vs.map((v) => v.locale)).size === vs.length;
const variantsOf = <T extends z.ZodType<{ locale: string }>>(v: T) =>
  z.array(v).min(1, 'at least one locale variant is required').max(30).refine(distinctLocales, 'each locale appears once');
const idsSchema = z.array(z.string().min(1).max(60)).max(50);

export const createPostSchema = z.strictObject({
  slug: slugSchema.nullish(),
  author_id: z.string().max(60).nullish(),
  image_url: url.nullish(),
  category_ids: idsSchema.nullish(),
  tag_ids: idsSchema.nullish(),
  variants: variantsOf(postVariantSchema),
});
export type CreatePostData = z.infer<typeof createPostSchema>;
export const updatePostSchema = z.strictObject({
  slug: slugSchema.optional(),
  author_id: z.string().max(60).nullish(),
  image_url: url.nullish(),
  category_ids: idsSchema.optional(),
  tag_ids: idsSchema.optional(),
  variants: variantsOf(postVariantSchema).optional(),
});
export type UpdatePostData = z.infer<typeof updatePostSchema>;

@InputType('BlogPostVariantInput')
export class PostVariantInput {
  @Field() locale!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) excerpt?: string | null;
  @Field(() => String, { nullable: true, description: 'markdown (default) or html' }) body_format?: 'markdown' | 'html';
  @Field() body!: string;
  @Field(() => String, { nullable: true }) seo_title?: string | null;
  @Field(() => String, { nullable: true }) seo_description?: string | null;
}

@InputType('CreateBlogPostInput')
@ValidateWith(createPostSchema)
export class CreatePostInput {
  @Field(() => String, { nullable: true, description: "Unique in the store; made from the first variant's title when absent" }) slug?: string | null;
  @Field(() => String, { nullable: true }) author_id?: string | null;
  @Field(() => String, { nullable: true }) image_url?: string | null;
  @Field(() => [String], { nullable: true }) category_ids?: string[] | null;
  @Field(() => [String], { nullable: true }) tag_ids?: string[] | null;
  @Field(() => [PostVariantInput]) variants!: PostVariantInput[];
}

@InputType('UpdateBlogPostInput')
@ValidateWith(updatePostSchema)
export class UpdatePostInput {
  @Field(() => String, { nullable: true }) slug?: string;
  @Field(() => String, { nullable: true }) author_id?: string | null;
  @Field(() => String, { nullable: true }) image_url?: string | null;
  @Field(() => [String], { nullable: true }) category_ids?: string[];
  @Field(() => [String], { nullable: true }) tag_ids?: string[];
  @Field(() => [PostVariantInput], { nullable: true, description: 'Replaces every variant' }) variants?: PostVariantInput[];
}

export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export const adminPostListSchema = z.strictObject({ ...pageSchema, status: z.enum(POST_STATUSES).optional() });

@ArgsType()
@ValidateWith(adminPostListSchema)
export class AdminPostListArgs extends PageArgs {
  @Field(() => String, { nullable: true }) status?: (typeof POST_STATUSES)[number];
}

// ---- admin: categories, tags, authors ----

export const categorySchema = z.strictObject({ slug: slugSchema.nullish(), name: z.string().trim().min(1).max(200), description: text(5000).nullish() });
export const updateCategorySchema = z.strictObject({
  slug: slugSchema.optional(),
  name: z.string().trim().min(1).max(200).optional(),
  description: text(5000).nullish(),
});
export type CategoryData = z.infer<typeof categorySchema>;
export type UpdateCategoryData = z.infer<typeof updateCategorySchema>;
export const tagSchema = z.strictObject({ slug: slugSchema.nullish(), name: z.string().trim().min(1).max(200) });
export const updateTagSchema = z.strictObject({ slug: slugSchema.optional(), name: z.string().trim().min(1).max(200).optional() });
export type TagData = z.infer<typeof tagSchema>;
export type UpdateTagData = z.infer<typeof updateTagSchema>;
export const authorSchema = z.strictObject({ name: z.string().trim().min(1).max(200), bio: text(5000).nullish(), avatar_url: url.nullish() });
export const updateAuthorSchema = z.strictObject({ name: z.string().trim().min(1).max(200).optional(), bio: text(5000).nullish(), avatar_url: url.nullish() });
export type AuthorData = z.infer<typeof authorSchema>;
export type UpdateAuthorData = z.infer<typeof updateAuthorSchema>;

@InputType('BlogCategoryInput')
@ValidateWith(categorySchema)
export class CategoryInput {
  @Field(() => String, { nullable: true }) slug?: string | null;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
}
@InputType('UpdateBlogCategoryInput')
@ValidateWith(updateCategorySchema)
export class UpdateCategoryInput {
  @Field(() => String, { nullable: true }) slug?: string;
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) description?: string | null;
}
@InputType('BlogTagInput')
@ValidateWith(tagSchema)
export class TagInput {
  @Field(() => String, { nullable: true }) slug?: string | null;
  @Field() name!: string;
}
@InputType('UpdateBlogTagInput')
@ValidateWith(updateTagSchema)
export class UpdateTagInput {
  @Field(() => String, { nullable: true }) slug?: string;
  @Field(() => String, { nullable: true }) name?: string;
}
@InputType('BlogAuthorInput')
@ValidateWith(authorSchema)
export class AuthorInput {
  @Field() name!: string;
  @Field(() => String, { nullable: true }) bio?: string | null;
  @Field(() => String, { nullable: true }) avatar_url?: string | null;
}
@InputType('UpdateBlogAuthorInput')
@ValidateWith(updateAuthorSchema)
export class UpdateAuthorInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) bio?: string | null;
  @Field(() => String, { nullable: true }) avatar_url?: string | null;
}

// ---- admin: pages ----

const pageVariantSchema = z.strictObject({
  locale: localeSchema,
  title: z.string().trim().min(1, 'title must not be empty').max(300),
  body_format: formatSchema.optional(),
  body: text(200_000),
  seo_title: text(300).nullish(),
  seo_description: text(1000).nullish(),
});
export type PageVariantData = z.infer<typeof pageVariantSchema>;
export const createPageSchema = z.strictObject({
  slug: slugSchema.nullish(),
  canonical_url: url.nullish(),
  og_image_url: url.nullish(),
  variants: variantsOf(pageVariantSchema),
});
export const updatePageSchema = z.strictObject({
  slug: slugSchema.optional(),
  canonical_url: url.nullish(),
  og_image_url: url.nullish(),
  variants: variantsOf(pageVariantSchema).optional(),
});
export type CreatePageData = z.infer<typeof createPageSchema>;
export type UpdatePageData = z.infer<typeof updatePageSchema>;

@InputType('PageVariantInput')
export class PageVariantInput {
  @Field() locale!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true, description: 'markdown (default) or html' }) body_format?: 'markdown' | 'html';
  @Field() body!: string;
  @Field(() => String, { nullable: true }) seo_title?: string | null;
  @Field(() => String, { nullable: true }) seo_description?: string | null;
}
@InputType('CreatePageInput')
@ValidateWith(createPageSchema)
export class CreatePageInput {
  @Field(() => String, { nullable: true }) slug?: string | null;
  @Field(() => String, { nullable: true }) canonical_url?: string | null;
  @Field(() => String, { nullable: true, description: 'Open Graph image' }) og_image_url?: string | null;
  @Field(() => [PageVariantInput]) variants!: PageVariantInput[];
}
@InputType('UpdatePageInput')
@ValidateWith(updatePageSchema)
export class UpdatePageInput {
  @Field(() => String, { nullable: true }) slug?: string;
  @Field(() => String, { nullable: true }) canonical_url?: string | null;
  @Field(() => String, { nullable: true }) og_image_url?: string | null;
  @Field(() => [PageVariantInput], { nullable: true, description: 'Replaces every variant' }) variants?: PageVariantInput[];
}

// ---- settings, search documents ----

export const settingsSchema = z.strictObject({ default_locale: localeSchema });
@InputType('ContentSettingsInput')
@ValidateWith(settingsSchema)
export class SettingsInput {
  @Field() default_locale!: string;
}

export const searchDocumentsSchema = z.strictObject({
  kind: z.enum(['blog_post', 'page']),
  after: z.string().max(60).nullish(),
  limit: z.number().int().min(1).max(500),
});
@ArgsType()
@ValidateWith(searchDocumentsSchema)
export class SearchDocumentsArgs {
  @Field(() => String, { description: 'blog_post or page' }) kind!: 'blog_post' | 'page';
  @Field(() => String, { nullable: true, description: 'id of the last document of the previous page' }) after?: string | null;
  @Field(() => Int) limit!: number;
}
