import { Field, ID, Int, ObjectType } from 'type-graphql';
import { PaginatedList } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('BlogAuthor', { ...S, description: 'The author of blog posts' })
export class AuthorType {
  @Field(() => ID, { description: "The author's id" }) id!: string;
  @Field({ description: 'Display name' }) name!: string;
  @Field(() => String, { nullable: true, description: 'Short biography (plain text); null when none' }) bio!: string | null;
  @Field(() => String, { nullable: true, description: 'URL of a portrait image; null when none' }) avatar_url!: string | null;
}

@ObjectType('BlogTerm', { ...S, description: 'A blog category or tag' })
export class TermType {
  @Field(() => ID, { description: "The category's or tag's id" }) id!: string;
  @Field({ description: "URL handle, unique among the store's categories (or tags)" }) slug!: string;
  @Field({ description: 'Display name' }) name!: string;
  @Field(() => String, { nullable: true, description: 'categories only' }) description?: string | null;
  @Field(() => Int, { nullable: true, description: 'visible posts (lists and single reads)' }) post_count?: number;
}

@ObjectType('BlogTermList', { description: 'A page of blog categories or tags with the total count' })
export class TermListType extends PaginatedList(TermType) {}

@ObjectType('BlogPost', { ...S, description: 'A visible blog post in one locale' })
export class PostType {
  @Field(() => ID, { description: "The post's id" }) id!: string;
  @Field({ description: 'URL handle, unique in the store' }) slug!: string;
  @Field({ description: 'locale of the variant served' }) locale!: string;
  @Field(() => [String], { description: 'Every locale the post has a variant in' }) available_locales!: string[];
  @Field({ description: 'Title in the served locale' }) title!: string;
  @Field(() => String, { nullable: true, description: 'Short teaser in the served locale (plain text); null when none' }) excerpt!: string | null;
  @Field({ description: 'markdown or html: how `body` was authored' }) body_format!: string;
  @Field({ description: 'the Markdown source for Markdown bodies; for HTML bodies the sanitized HTML (never the authored markup)' }) body!: string;
  @Field({ description: 'sanitized HTML, ready to render' }) html!: string;
  @Field(() => Int, { description: 'Estimated reading time at 200 words a minute, at least 1' }) reading_time_minutes!: number;
  @Field(() => String, { nullable: true, description: 'Title for search engines (plain text); null to use title' }) seo_title!: string | null;
  @Field(() => String, { nullable: true, description: 'Meta description for search engines (plain text); null when none' }) seo_description!: string | null;
  @Field(() => String, { nullable: true, description: 'URL of the hero image; null when none' }) image_url!: string | null;
  @Field({ description: 'ISO instant the post became (or becomes) visible' }) published_at!: string;
  @Field(() => AuthorType, { nullable: true, description: 'The author; null when the post has none' }) author!: AuthorType | null;
  @Field(() => [TermType], { description: "The post's categories (empty when none)" }) categories!: TermType[];
  @Field(() => [TermType], { description: "The post's tags (empty when none)" }) tags!: TermType[];
}

@ObjectType('BlogPostList', { description: 'A page of blog posts with the total count' })
export class PostListType extends PaginatedList(PostType) {}

@ObjectType('BlogTermWithPosts', { ...S, description: 'A blog category or tag with a page of its visible posts' })
export class TermWithPostsType extends TermType {
  @Field(() => PostListType, { description: 'Its visible posts, newest first (paged by limit and offset)' }) posts!: PostListType;
}

@ObjectType('BlogAuthorWithPosts', { ...S, description: 'An author with a page of their visible posts' })
export class AuthorWithPostsType extends AuthorType {
  @Field(() => PostListType, { description: 'visible posts only' }) posts!: PostListType;
}

@ObjectType('BlogPostVariant', S)
export class PostVariantType {
  @Field() locale!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) excerpt!: string | null;
  @Field() body_format!: string;
  @Field() body!: string;
  @Field() html!: string;
  @Field(() => Int) reading_time_minutes!: number;
  @Field(() => String, { nullable: true }) seo_title!: string | null;
  @Field(() => String, { nullable: true }) seo_description!: string | null;
}

@ObjectType('AdminBlogPost', S)
export class AdminPostType {
  @Field(() => ID) id!: string;
  @Field() slug!: string;
  @Field({ description: 'draft, scheduled or published' }) status!: string;
  @Field({ description: 'visible on the storefront now' }) visible!: boolean;
  @Field(() => String, { nullable: true }) published_at!: string | null;
  @Field(() => String, { nullable: true }) author_id!: string | null;
  @Field(() => String, { nullable: true }) image_url!: string | null;
  @Field(() => [String]) category_ids!: string[];
  @Field(() => [String]) tag_ids!: string[];
  @Field(() => [PostVariantType]) variants!: PostVariantType[];
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('AdminBlogPostList')
export class AdminPostListType extends PaginatedList(AdminPostType) {}

@ObjectType('BlogComment', { ...S, description: 'An approved comment on a blog post' })
export class CommentType {
  @Field(() => ID, { description: "The comment's id" }) id!: string;
  @Field({ description: "The post's id" }) post_id!: string;
  @Field({ description: "The name the commenter gave (or the signed-in customer's, as Jane D.)" }) author_name!: string;
  @Field({ description: 'plain text' }) body!: string;
  @Field({ description: 'ISO instant it was written' }) created_at!: string;
}

@ObjectType('BlogCommentList', { description: 'A page of comments with the total count' })
export class CommentListType extends PaginatedList(CommentType) {}

@ObjectType('AdminBlogComment', S)
export class AdminCommentType extends CommentType {
  @Field() status!: string;
  @Field(() => String, { nullable: true }) customer_id!: string | null;
  @Field(() => String, { nullable: true }) author_email!: string | null;
  @Field(() => String, { nullable: true }) moderated_at!: string | null;
}

@ObjectType('AdminBlogCommentList')
export class AdminCommentListType extends PaginatedList(AdminCommentType) {}

@ObjectType('PageSeo', { ...S, description: 'Search engine meta of a page' })
export class SeoType {
  @Field({ description: "Title for search engines (falls back to the page's title)" }) title!: string;
  @Field(() => String, { nullable: true, description: 'Meta description; null when none' }) description!: string | null;
  @Field(() => String, { nullable: true, description: 'Canonical URL; null when none' }) canonical_url!: string | null;
  @Field(() => String, { nullable: true, description: 'Open Graph image' }) og_image_url!: string | null;
}

@ObjectType('Page', { ...S, description: 'A published page in one locale' })
export class PageType {
  @Field(() => ID, { description: "The page's id" }) id!: string;
  @Field({ description: 'URL handle, unique in the store' }) slug!: string;
  @Field({ description: 'Locale of the variant served' }) locale!: string;
  @Field(() => [String], { description: 'Every locale the page has a variant in' }) available_locales!: string[];
  @Field({ description: 'Title in the served locale' }) title!: string;
  @Field({ description: 'markdown or html: how body was authored' }) body_format!: string;
  @Field({ description: 'the Markdown source for Markdown bodies; for HTML bodies the sanitized HTML (never the authored markup)' }) body!: string;
  @Field({ description: 'sanitized HTML, ready to render' }) html!: string;
  @Field(() => SeoType, { description: 'Search engine meta in the served locale' }) seo!: SeoType;
  @Field({ description: 'ISO instant the page was published' }) published_at!: string;
  @Field({ description: 'ISO instant of the last change' }) updated_at!: string;
}

@ObjectType('PageList', { description: 'A page of pages with the total count' })
export class PageListType extends PaginatedList(PageType) {}

@ObjectType('PageVariant', S)
export class PageVariantType {
  @Field() locale!: string;
  @Field() title!: string;
  @Field() body_format!: string;
  @Field() body!: string;
  @Field() html!: string;
  @Field(() => String, { nullable: true }) seo_title!: string | null;
  @Field(() => String, { nullable: true }) seo_description!: string | null;
}

@ObjectType('AdminPage', S)
export class AdminPageType {
  @Field(() => ID) id!: string;
  @Field() slug!: string;
  @Field({ description: 'draft, scheduled (visible from published_at) or published' }) status!: string;
  @Field(() => String, { nullable: true }) published_at!: string | null;
  @Field(() => String, { nullable: true }) canonical_url!: string | null;
  @Field(() => String, { nullable: true }) og_image_url!: string | null;
  @Field(() => [PageVariantType]) variants!: PageVariantType[];
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('AdminPageList')
export class AdminPageListType extends PaginatedList(AdminPageType) {}

@ObjectType('ContentSettings', S)
export class SettingsType {
  @Field({ description: 'fallback locale of posts and pages (default en)' }) default_locale!: string;
}

@ObjectType('ContentSearchVariant', S)
export class SearchVariantType {
  @Field() locale!: string;
  @Field() title!: string;
  @Field() summary!: string;
  @Field() text!: string;
}

@ObjectType('ContentSearchDocument', { ...S, description: 'What the search index stores of a visible post or page (the searchableDocument of content events)' })
export class SearchDocumentType {
  @Field() id!: string;
  @Field() slug!: string;
  @Field() published_at!: string;
  @Field(() => [SearchVariantType]) variants!: SearchVariantType[];
  @Field(() => [String]) categories!: string[];
  @Field(() => [String]) tags!: string[];
  @Field(() => String, { nullable: true }) image_url!: string | null;
}
