import { Migration } from '@mikro-orm/migrations';

export class Migration20261123161543_brand extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "site"."brand" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "logo_media_id" varchar(40) null, "colors" jsonb not null, "typography" jsonb not null, "social_links" jsonb not null, "contact" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "brand_pkey" primary key ("id"));`);
    this.addSql(`create index "brand_tenant_id_index" on "site"."brand" ("tenant_id");`);
    this.addSql(`alter table "site"."brand" add constraint "brand_tenant_id_unique" unique ("tenant_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "site"."brand" cascade;`);
  }

}
