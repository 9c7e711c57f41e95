import { Field, ID, Int, ObjectType } from 'type-graphql';
import { PaginatedList } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('BlogAuthor', S)
export class AuthorType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) bio!: string | null;
  @Field(() => String, { nullable: true }) avatar_url!: string | null;
}

@ObjectType('BlogTerm', { ...S, description: 'A blog category or tag' })
export class TermType {
  @Field(() => ID) id!: string;
  @Field() slug!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true, description: 'categories only' }) description?: string | null;
  @Field(() => Int, { nullable: true, description: 'visible posts (lists and single reads)' }) post_count?: number;
}

@ObjectType('BlogTermList')
export class TermListType extends PaginatedList(TermType) {}

@ObjectType('BlogPost', { ...S, description: 'A visible blog post in one locale' })
export class PostType {
  @Field(() => ID) id!: string;
  @Field() slug!: string;
  @Field({ description: 'locale of the variant served' }) locale!: string;
  @Field(() => [String]) available_locales!: string[];
  @Field() title!: string;
  @Field(() => String, { nullable: true }) excerpt!: string | null;
  @Field({ description: 'markdown or html: how `body` was authored' }) body_format!: string;
  @Field({ description: 'the Markdown source for Markdown bodies; for HTML bodies the sanitized HTML (never the authored markup)' }) body!: string;
  @Field({ description: 'sanitized HTML, ready to render' }) html!: string;
  @Field(() => Int) reading_time_minutes!: number;
  @Field(() => String, { nullable: true }) seo_title!: string | null;
  @Field(() => String, { nullable: true }) seo_description!: string | null;
  @Field(() => String, { nullable: true }) image_url!: string | null;
  @Field() published_at!: string;
  @Field(() => AuthorType, { nullable: true }) author!: AuthorType | null;
  @Field(() => [TermType]) categories!: TermType[];
  @Field(() => [TermType]) tags!: TermType[];
}

@ObjectType('BlogPostList')
export class PostListType extends PaginatedList(PostType) {}

@ObjectType('BlogTermWithPosts', S)
export class TermWithPostsType extends TermType {
  @Field(() => PostListType) posts!: PostListType;
}

@ObjectType('BlogAuthorWithPosts', S)
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

@ObjectType('BlogComment', S)
export class CommentType {
  @Field(() => ID) id!: string;
  @Field() post_id!: string;
  @Field() author_name!: string;
  @Field({ description: 'plain text' }) body!: string;
  @Field() created_at!: string;
}

@ObjectType('BlogCommentList')
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

@ObjectType('PageSeo', S)
export class SeoType {
  @Field() title!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => String, { nullable: true }) canonical_url!: string | null;
  @Field(() => String, { nullable: true, description: 'Open Graph image' }) og_image_url!: string | null;
}

@ObjectType('Page', { ...S, description: 'A published page in one locale' })
export class PageType {
  @Field(() => ID) id!: string;
  @Field() slug!: string;
  @Field() locale!: string;
  @Field(() => [String]) available_locales!: string[];
  @Field() title!: string;
  @Field() body_format!: string;
  @Field({ description: 'the Markdown source for Markdown bodies; for HTML bodies the sanitized HTML (never the authored markup)' }) body!: string;
  @Field({ description: 'sanitized HTML, ready to render' }) html!: string;
  @Field(() => SeoType) seo!: SeoType;
  @Field() published_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('PageList')
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
  @Field({ description: 'draft or published' }) status!: string;
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
