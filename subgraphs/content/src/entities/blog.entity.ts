import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

export type PostStatus = 'draft' | 'scheduled' | 'published';
export type BodyFormat = 'markdown' | 'html';

/** One locale variant of a post, stored with the post: the authored body and its sanitized HTML. */
export interface StoredPostVariant {
  locale: string;
  title: string;
  excerpt: string | null;
  body_format: BodyFormat;
  /** as authored (Markdown or HTML) */
  body: string;
  /** sanitized when written: what the storefront renders */
  html: string;
  /** plain text of the body (search documents, reading time) */
  text: string;
  reading_time_minutes: number;
  seo_title: string | null;
  seo_description: string | null;
}

/**
 * A blog post. Visible to the storefront when `status` is `published` or `scheduled` and
 * `published_at` has passed (decided by the database clock at query time). `announced_at` is set
 * when `blog_post.published` was emitted for the current visibility and cleared when it stops.
 */
@Entity({ tableName: 'blog_post' })
@Unique({ properties: ['tenantId', 'slug'] })
@Index({ properties: ['tenantId', 'status', 'publishedAt'] })
export class BlogPost extends TenantOwned {
  [OptionalProps]?: 'id' | 'status' | 'publishedAt' | 'announcedAt' | 'authorId' | 'imageUrl' | 'categoryIds' | 'tagIds' | 'createdAt' | 'updatedAt';
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('post');
  @Property({ type: 'string', length: 200 }) slug!: string;
  @Property({ type: 'string', length: 20 }) status: PostStatus = 'draft';
  @Property({ type: 'datetime', nullable: true }) publishedAt: Date | null = null;
  @Property({ type: 'datetime', nullable: true }) announcedAt: Date | null = null;
  @Property({ type: 'string', length: 40, nullable: true }) authorId: string | null = null;
  @Property({ type: 'string', length: 2000, nullable: true }) imageUrl: string | null = null;
  @Property({ type: 'json' }) variants!: StoredPostVariant[];
  @Property({ type: 'json' }) categoryIds: string[] = [];
  @Property({ type: 'json' }) tagIds: string[] = [];
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

@Entity({ tableName: 'blog_category' })
@Unique({ properties: ['tenantId', 'slug'] })
export class BlogCategory extends TenantOwned {
  [OptionalProps]?: 'id' | 'description' | 'createdAt';
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('bcat');
  @Property({ type: 'string', length: 200 }) slug!: string;
  @Property({ type: 'string', length: 200 }) name!: string;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
}

@Entity({ tableName: 'blog_tag' })
@Unique({ properties: ['tenantId', 'slug'] })
export class BlogTag extends TenantOwned {
  [OptionalProps]?: 'id' | 'createdAt';
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('btag');
  @Property({ type: 'string', length: 200 }) slug!: string;
  @Property({ type: 'string', length: 200 }) name!: string;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
}

@Entity({ tableName: 'blog_author' })
export class BlogAuthor extends TenantOwned {
  [OptionalProps]?: 'id' | 'bio' | 'avatarUrl' | 'createdAt';
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('bauth');
  @Property({ type: 'string', length: 200 }) name!: string;
  @Property({ type: 'text', nullable: true }) bio: string | null = null;
  @Property({ type: 'string', length: 2000, nullable: true }) avatarUrl: string | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
}

export type CommentStatus = 'pending' | 'approved' | 'rejected';

/** A reader's comment on a post: `pending` until moderated; listed only when `approved`. */
@Entity({ tableName: 'blog_comment' })
@Index({ properties: ['tenantId', 'postId', 'status', 'createdAt'] })
@Index({ properties: ['tenantId', 'status', 'createdAt'] })
export class BlogComment extends TenantOwned {
  [OptionalProps]?: 'id' | 'status' | 'customerId' | 'authorEmail' | 'moderatedAt' | 'createdAt';
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('bcom');
  @Property({ type: 'string', length: 40 }) postId!: string;
  @Property({ type: 'string', length: 40, nullable: true }) customerId: string | null = null;
  @Property({ type: 'string', length: 100 }) authorName!: string;
  /** never returned on the storefront */
  @Property({ type: 'string', length: 320, nullable: true }) authorEmail: string | null = null;
  @Property({ type: 'text' }) body!: string;
  @Property({ type: 'string', length: 20 }) status: CommentStatus = 'pending';
  @Property({ type: 'datetime', nullable: true }) moderatedAt: Date | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
}
