import { Migration } from '@mikro-orm/migrations';

export class Migration20261129033533_social_metrics extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "assistant"."ad_channel" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "channel" varchar(20) not null, "account_id" varchar(40) not null, "login_customer_id" varchar(40) null, "token_sealed" text null, "updated_at" timestamptz not null, constraint "ad_channel_pkey" primary key ("id"));`);
    this.addSql(`create index "ad_channel_tenant_id_index" on "assistant"."ad_channel" ("tenant_id");`);
    this.addSql(`alter table "assistant"."ad_channel" add constraint "ad_channel_tenant_id_channel_unique" unique ("tenant_id", "channel");`);

    this.addSql(`create table "assistant"."metrics_cache" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "range_from" varchar(10) not null, "range_to" varchar(10) not null, "body" jsonb not null, "computed_at" timestamptz not null, "expires_at" timestamptz not null, constraint "metrics_cache_pkey" primary key ("id"));`);
    this.addSql(`create index "metrics_cache_tenant_id_index" on "assistant"."metrics_cache" ("tenant_id");`);
    this.addSql(`alter table "assistant"."metrics_cache" add constraint "metrics_cache_tenant_id_range_from_range_to_unique" unique ("tenant_id", "range_from", "range_to");`);

    this.addSql(`create table "assistant"."social_account" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "network" varchar(20) not null, "external_id" varchar(100) not null, "name" varchar(300) not null, "base_url" varchar(500) null, "parent_id" varchar(40) null, "token_sealed" text not null, "user_token_sealed" text null, "expires_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "social_account_pkey" primary key ("id"));`);
    this.addSql(`create index "social_account_tenant_id_index" on "assistant"."social_account" ("tenant_id");`);
    this.addSql(`alter table "assistant"."social_account" add constraint "social_account_tenant_id_network_external_id_unique" unique ("tenant_id", "network", "external_id");`);

    this.addSql(`create table "assistant"."social_post" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "caption" text not null, "image_url" varchar(2000) null, "link" varchar(2000) null, "accounts" jsonb not null, "status" varchar(20) not null, "run_at" timestamptz null, "claimed_at" timestamptz null, "results" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "social_post_pkey" primary key ("id"));`);
    this.addSql(`create index "social_post_tenant_id_index" on "assistant"."social_post" ("tenant_id");`);
    this.addSql(`create index "social_post_status_run_at_index" on "assistant"."social_post" ("status", "run_at");`);

    this.addSql(`alter table "assistant"."plan" alter column "session_key" drop default;`);
    this.addSql(`alter table "assistant"."plan" alter column "session_key" type varchar(200) using ("session_key"::varchar(200));`);
    this.addSql(`alter table "assistant"."plan" alter column "skill" drop default;`);
    this.addSql(`alter table "assistant"."plan" alter column "skill" type varchar(60) using ("skill"::varchar(60));`);
    this.addSql(`alter table "assistant"."plan" alter column "results" drop default;`);
    this.addSql(`alter table "assistant"."plan" alter column "results" type jsonb using ("results"::jsonb);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "assistant"."ad_channel" cascade;`);

    this.addSql(`drop table if exists "assistant"."metrics_cache" cascade;`);

    this.addSql(`drop table if exists "assistant"."social_account" cascade;`);

    this.addSql(`drop table if exists "assistant"."social_post" cascade;`);

    this.addSql(`alter table "assistant"."plan" alter column "session_key" type varchar(200) using ("session_key"::varchar(200));`);
    this.addSql(`alter table "assistant"."plan" alter column "session_key" set default '';`);
    this.addSql(`alter table "assistant"."plan" alter column "skill" type varchar(60) using ("skill"::varchar(60));`);
    this.addSql(`alter table "assistant"."plan" alter column "skill" set default '';`);
    this.addSql(`alter table "assistant"."plan" alter column "results" type jsonb using ("results"::jsonb);`);
    this.addSql(`alter table "assistant"."plan" alter column "results" set default '[]';`);
  }

}
