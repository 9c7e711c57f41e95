import { Migration } from '@mikro-orm/migrations';

export class Migration20261123161242_theme extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "site"."theme" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "version" int not null default 0, "tokens" jsonb not null, "sections" jsonb not null, "settings" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "theme_pkey" primary key ("id"));`);
    this.addSql(`create index "theme_tenant_id_index" on "site"."theme" ("tenant_id");`);
    this.addSql(`alter table "site"."theme" add constraint "theme_tenant_id_unique" unique ("tenant_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "site"."theme" cascade;`);
  }

}
