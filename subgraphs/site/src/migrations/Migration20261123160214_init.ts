import { Migration } from '@mikro-orm/migrations';

export class Migration20261123160214_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "site";`);
    this.addSql(`create table "site"."redirect" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "source" varchar(2000) not null, "target" varchar(2000) not null, "target_path" varchar(2000) null, "status_code" smallint not null, "active" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "redirect_pkey" primary key ("id"));`);
    this.addSql(`create index "redirect_tenant_id_index" on "site"."redirect" ("tenant_id");`);
    this.addSql(`create index "redirect_tenant_id_target_path_index" on "site"."redirect" ("tenant_id", "target_path");`);
    this.addSql(`alter table "site"."redirect" add constraint "redirect_tenant_id_source_unique" unique ("tenant_id", "source");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "site"."redirect" cascade;`);

    this.addSql(`drop schema if exists "site";`);
  }

}
