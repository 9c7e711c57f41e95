import { Migration } from '@mikro-orm/migrations';

export class Migration20261123125759_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "media";`);
    this.addSql(`create table "media"."media" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "storage_key" varchar(300) not null, "filename" varchar(255) not null, "mime_type" varchar(100) not null, "size" int not null, "width" int null, "height" int null, "alt" text null, "title" varchar(300) null, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "media_pkey" primary key ("id"));`);
    this.addSql(`create index "media_tenant_id_index" on "media"."media" ("tenant_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "media"."media" cascade;`);

    this.addSql(`drop schema if exists "media";`);
  }

}
