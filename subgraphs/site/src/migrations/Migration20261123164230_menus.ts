import { Migration } from '@mikro-orm/migrations';

export class Migration20261123164230_menus extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "site"."menu" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "handle" varchar(100) not null, "title" varchar(200) not null, "items" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "menu_pkey" primary key ("id"));`);
    this.addSql(`create index "menu_tenant_id_index" on "site"."menu" ("tenant_id");`);
    this.addSql(`alter table "site"."menu" add constraint "menu_tenant_id_handle_unique" unique ("tenant_id", "handle");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "site"."menu" cascade;`);
  }

}
