import { Migration } from '@mikro-orm/migrations';

export class Migration20261123130000_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "content";`);
    this.addSql(`create table "content"."blog_author" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "name" varchar(200) not null, "bio" text null, "avatar_url" varchar(2000) null, "created_at" timestamptz not null, constraint "blog_author_pkey" primary key ("id"));`);
    this.addSql(`create index "blog_author_tenant_id_index" on "content"."blog_author" ("tenant_id");`);

    this.addSql(`create table "content"."blog_category" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "slug" varchar(200) not null, "name" varchar(200) not null, "description" text null, "created_at" timestamptz not null, constraint "blog_category_pkey" primary key ("id"));`);
    this.addSql(`create index "blog_category_tenant_id_index" on "content"."blog_category" ("tenant_id");`);
    this.addSql(`alter table "content"."blog_category" add constraint "blog_category_tenant_id_slug_unique" unique ("tenant_id", "slug");`);

    this.addSql(`create table "content"."blog_comment" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "post_id" varchar(40) not null, "customer_id" varchar(40) null, "author_name" varchar(100) not null, "author_email" varchar(320) null, "body" text not null, "status" varchar(20) not null default 'pending', "moderated_at" timestamptz null, "created_at" timestamptz not null, constraint "blog_comment_pkey" primary key ("id"));`);
    this.addSql(`create index "blog_comment_tenant_id_index" on "content"."blog_comment" ("tenant_id");`);
    this.addSql(`create index "blog_comment_tenant_id_status_created_at_index" on "content"."blog_comment" ("tenant_id", "status", "created_at");`);
    this.addSql(`create index "blog_comment_tenant_id_post_id_status_created_at_index" on "content"."blog_comment" ("tenant_id", "post_id", "status", "created_at");`);

    this.addSql(`create table "content"."blog_post" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "slug" varchar(200) not null, "status" varchar(20) not null default 'draft', "published_at" timestamptz null, "announced_at" timestamptz null, "author_id" varchar(40) null, "image_url" varchar(2000) null, "variants" jsonb not null, "category_ids" jsonb not null, "tag_ids" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "blog_post_pkey" primary key ("id"));`);
    this.addSql(`create index "blog_post_tenant_id_index" on "content"."blog_post" ("tenant_id");`);
    this.addSql(`create index "blog_post_tenant_id_status_published_at_index" on "content"."blog_post" ("tenant_id", "status", "published_at");`);
    this.addSql(`alter table "content"."blog_post" add constraint "blog_post_tenant_id_slug_unique" unique ("tenant_id", "slug");`);

    this.addSql(`create table "content"."blog_tag" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "slug" varchar(200) not null, "name" varchar(200) not null, "created_at" timestamptz not null, constraint "blog_tag_pkey" primary key ("id"));`);
    this.addSql(`create index "blog_tag_tenant_id_index" on "content"."blog_tag" ("tenant_id");`);
    this.addSql(`alter table "content"."blog_tag" add constraint "blog_tag_tenant_id_slug_unique" unique ("tenant_id", "slug");`);

    this.addSql(`create table "content"."content_settings" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "default_locale" varchar(20) not null default 'en', "updated_at" timestamptz not null, constraint "content_settings_pkey" primary key ("id"));`);
    this.addSql(`create index "content_settings_tenant_id_index" on "content"."content_settings" ("tenant_id");`);
    this.addSql(`alter table "content"."content_settings" add constraint "content_settings_tenant_id_unique" unique ("tenant_id");`);

    this.addSql(`create table "content"."page" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "slug" varchar(200) not null, "status" varchar(20) not null default 'draft', "published_at" timestamptz null, "canonical_url" varchar(2000) null, "og_image_url" varchar(2000) null, "variants" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "page_pkey" primary key ("id"));`);
    this.addSql(`create index "page_tenant_id_index" on "content"."page" ("tenant_id");`);
    this.addSql(`alter table "content"."page" add constraint "page_tenant_id_slug_unique" unique ("tenant_id", "slug");`);

    // hand-written: post filters by category and tag, the scheduler's due scan, allowed states
    this.addSql(`create index "blog_post_category_ids_gin" on "content"."blog_post" using gin ("category_ids" jsonb_path_ops);`);
    this.addSql(`create index "blog_post_tag_ids_gin" on "content"."blog_post" using gin ("tag_ids" jsonb_path_ops);`);
    this.addSql(`create index "blog_post_unannounced_due" on "content"."blog_post" ("published_at") where "announced_at" is null and "status" in ('published', 'scheduled');`);
    this.addSql(`alter table "content"."blog_post" add constraint "blog_post_status_check" check ("status" in ('draft', 'scheduled', 'published'));`);
    this.addSql(`alter table "content"."page" add constraint "page_status_check" check ("status" in ('draft', 'published'));`);
    this.addSql(`alter table "content"."blog_comment" add constraint "blog_comment_status_check" check ("status" in ('pending', 'approved', 'rejected'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "content"."blog_author" cascade;`);

    this.addSql(`drop table if exists "content"."blog_category" cascade;`);

    this.addSql(`drop table if exists "content"."blog_comment" cascade;`);

    this.addSql(`drop table if exists "content"."blog_post" cascade;`);

    this.addSql(`drop table if exists "content"."blog_tag" cascade;`);

    this.addSql(`drop table if exists "content"."content_settings" cascade;`);

    this.addSql(`drop table if exists "content"."page" cascade;`);

    this.addSql(`drop schema if exists "content";`);
  }

}
