import { Migration } from '@mikro-orm/migrations';

export class Migration20261123124823_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "forms";`);
    this.addSql(`create table "forms"."forms_item" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "title" varchar(300) not null, "handle" varchar(200) not null, "description" text null, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "forms_item_pkey" primary key ("id"));`);
    this.addSql(`create index "forms_item_tenant_id_index" on "forms"."forms_item" ("tenant_id");`);
    this.addSql(`alter table "forms"."forms_item" add constraint "forms_item_tenant_id_handle_unique" unique ("tenant_id", "handle");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "forms"."forms_item" cascade;`);

    this.addSql(`drop schema if exists "forms";`);
  }

}
