import { Migration } from '@mikro-orm/migrations';

export class Migration20261129175041_metafield_definitions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "site"."metafield_definition" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "resource_type" varchar(50) not null, "namespace" varchar(64) not null, "key" varchar(64) not null, "type" varchar(20) not null, "name" varchar(200) not null, "description" varchar(1000) null, "storefront_visible" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "metafield_definition_pkey" primary key ("id"));`);
    this.addSql(`create index "metafield_definition_tenant_id_index" on "site"."metafield_definition" ("tenant_id");`);
    this.addSql(`alter table "site"."metafield_definition" add constraint "metafield_definition_tenant_id_resource_type_name_c572c_unique" unique ("tenant_id", "resource_type", "namespace", "key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "site"."metafield_definition" cascade;`);
  }

}
