import { Migration } from '@mikro-orm/migrations';

export class Migration20261123124845_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "search";`);
    this.addSql(`create table "search"."search_item" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "title" varchar(300) not null, "handle" varchar(200) not null, "description" text null, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "search_item_pkey" primary key ("id"));`);
    this.addSql(`create index "search_item_tenant_id_index" on "search"."search_item" ("tenant_id");`);
    this.addSql(`alter table "search"."search_item" add constraint "search_item_tenant_id_handle_unique" unique ("tenant_id", "handle");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "search"."search_item" cascade;`);

    this.addSql(`drop schema if exists "search";`);
  }

}
