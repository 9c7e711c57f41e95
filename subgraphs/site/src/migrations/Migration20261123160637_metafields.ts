import { Migration } from '@mikro-orm/migrations';

export class Migration20261123160637_metafields extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "site"."metafield" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "resource_type" varchar(50) not null, "resource_id" varchar(200) not null, "namespace" varchar(64) not null, "key" varchar(64) not null, "type" varchar(20) not null, "value" jsonb not null, "storefront_visible" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "metafield_pkey" primary key ("id"));`);
    this.addSql(`create index "metafield_tenant_id_index" on "site"."metafield" ("tenant_id");`);
    this.addSql(`alter table "site"."metafield" add constraint "metafield_tenant_id_resource_type_resource_id_nam_3885d_unique" unique ("tenant_id", "resource_type", "resource_id", "namespace", "key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "site"."metafield" cascade;`);
  }

}
