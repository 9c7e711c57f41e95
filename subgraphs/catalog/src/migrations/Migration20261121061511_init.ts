import { Migration } from '@mikro-orm/migrations';

export class Migration20261121061511_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "catalog";`);
    this.addSql(`create table "catalog"."product_category" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "name" varchar(300) not null, "description" text not null default '', "handle" varchar(200) not null, "parent_id" varchar(40) null, "rank" int not null default 0, "is_active" boolean not null default true, "is_internal" boolean not null default false, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, constraint "product_category_pkey" primary key ("id"));`);
    this.addSql(`create index "product_category_tenant_id_index" on "catalog"."product_category" ("tenant_id");`);
    this.addSql(`alter table "catalog"."product_category" add constraint "product_category_tenant_id_handle_unique" unique ("tenant_id", "handle");`);

    this.addSql(`create table "catalog"."product_collection" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "title" varchar(300) not null, "handle" varchar(200) not null, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, constraint "product_collection_pkey" primary key ("id"));`);
    this.addSql(`create index "product_collection_tenant_id_index" on "catalog"."product_collection" ("tenant_id");`);
    this.addSql(`alter table "catalog"."product_collection" add constraint "product_collection_tenant_id_handle_unique" unique ("tenant_id", "handle");`);

    this.addSql(`create table "catalog"."product_tag" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "value" varchar(200) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "product_tag_pkey" primary key ("id"));`);
    this.addSql(`create index "product_tag_tenant_id_index" on "catalog"."product_tag" ("tenant_id");`);
    this.addSql(`alter table "catalog"."product_tag" add constraint "product_tag_tenant_id_value_unique" unique ("tenant_id", "value");`);

    this.addSql(`create table "catalog"."product_type" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "value" varchar(200) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "product_type_pkey" primary key ("id"));`);
    this.addSql(`create index "product_type_tenant_id_index" on "catalog"."product_type" ("tenant_id");`);
    this.addSql(`alter table "catalog"."product_type" add constraint "product_type_tenant_id_value_unique" unique ("tenant_id", "value");`);

    this.addSql(`create table "catalog"."product" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "title" varchar(300) not null, "handle" varchar(200) not null, "subtitle" varchar(300) null, "description" text null, "is_giftcard" boolean not null default false, "status" varchar(20) not null default 'draft', "thumbnail" varchar(1000) null, "weight" int null, "length" int null, "height" int null, "width" int null, "origin_country" varchar(2) null, "hs_code" varchar(50) null, "mid_code" varchar(50) null, "material" varchar(200) null, "collection_id" varchar(40) null, "type_id" varchar(40) null, "discountable" boolean not null default true, "external_id" varchar(200) null, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, constraint "product_pkey" primary key ("id"));`);
    this.addSql(`create index "product_tenant_id_index" on "catalog"."product" ("tenant_id");`);
    this.addSql(`create index "product_tenant_id_status_created_at_index" on "catalog"."product" ("tenant_id", "status", "created_at");`);
    this.addSql(`alter table "catalog"."product" add constraint "product_tenant_id_handle_unique" unique ("tenant_id", "handle");`);

    this.addSql(`create table "catalog"."product_option" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "product_id" varchar(40) not null, "title" varchar(200) not null, "rank" int not null default 0, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "product_option_pkey" primary key ("id"));`);
    this.addSql(`create index "product_option_tenant_id_index" on "catalog"."product_option" ("tenant_id");`);

    this.addSql(`create table "catalog"."product_option_value" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "option_id" varchar(40) not null, "value" varchar(200) not null, "rank" int not null default 0, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "product_option_value_pkey" primary key ("id"));`);
    this.addSql(`create index "product_option_value_tenant_id_index" on "catalog"."product_option_value" ("tenant_id");`);

    this.addSql(`create table "catalog"."product_image" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "product_id" varchar(40) not null, "url" varchar(1000) not null, "rank" int not null default 0, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "product_image_pkey" primary key ("id"));`);
    this.addSql(`create index "product_image_tenant_id_index" on "catalog"."product_image" ("tenant_id");`);

    this.addSql(`create table "catalog"."product_tag_link" ("product_id" varchar(40) not null, "tag_id" varchar(40) not null, constraint "product_tag_link_pkey" primary key ("product_id", "tag_id"));`);

    this.addSql(`create table "catalog"."product_category_link" ("product_id" varchar(40) not null, "category_id" varchar(40) not null, constraint "product_category_link_pkey" primary key ("product_id", "category_id"));`);

    this.addSql(`create table "catalog"."product_variant" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "product_id" varchar(40) not null, "title" varchar(300) not null, "sku" varchar(100) null, "barcode" varchar(100) null, "ean" varchar(100) null, "upc" varchar(100) null, "allow_backorder" boolean not null default false, "manage_inventory" boolean not null default true, "hs_code" varchar(50) null, "origin_country" varchar(2) null, "mid_code" varchar(50) null, "material" varchar(200) null, "weight" int null, "length" int null, "height" int null, "width" int null, "variant_rank" int not null default 0, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, constraint "product_variant_pkey" primary key ("id"));`);
    this.addSql(`create index "product_variant_tenant_id_index" on "catalog"."product_variant" ("tenant_id");`);
    this.addSql(`alter table "catalog"."product_variant" add constraint "product_variant_tenant_id_sku_unique" unique ("tenant_id", "sku");`);

    this.addSql(`create table "catalog"."price" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "variant_id" varchar(40) not null, "currency_code" varchar(3) not null, "amount" numeric(20,4) not null, "region_id" varchar(40) null, "min_quantity" int null, "max_quantity" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "price_pkey" primary key ("id"));`);
    this.addSql(`create index "price_tenant_id_index" on "catalog"."price" ("tenant_id");`);
    this.addSql(`create index "price_variant_id_currency_code_index" on "catalog"."price" ("variant_id", "currency_code");`);

    this.addSql(`create table "catalog"."inventory_level" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "variant_id" varchar(40) not null, "stocked_quantity" int not null default 0, "reserved_quantity" int not null default 0, "updated_at" timestamptz not null, constraint "inventory_level_pkey" primary key ("id"));`);
    this.addSql(`create index "inventory_level_tenant_id_index" on "catalog"."inventory_level" ("tenant_id");`);
    this.addSql(`alter table "catalog"."inventory_level" add constraint "inventory_level_variant_id_unique" unique ("variant_id");`);

    this.addSql(`create table "catalog"."region" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "name" varchar(200) not null, "currency_code" varchar(3) not null, "automatic_taxes" boolean not null default true, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "region_pkey" primary key ("id"));`);
    this.addSql(`create index "region_tenant_id_index" on "catalog"."region" ("tenant_id");`);

    this.addSql(`create table "catalog"."region_country" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "region_id" varchar(40) not null, "iso2" varchar(2) not null, "iso3" varchar(3) not null, "num_code" varchar(3) not null, "name" varchar(200) not null, "display_name" varchar(200) not null, constraint "region_country_pkey" primary key ("id"));`);
    this.addSql(`create index "region_country_tenant_id_index" on "catalog"."region_country" ("tenant_id");`);

    this.addSql(`create table "catalog"."variant_option_value" ("variant_id" varchar(40) not null, "option_value_id" varchar(40) not null, constraint "variant_option_value_pkey" primary key ("variant_id", "option_value_id"));`);

    this.addSql(`alter table "catalog"."product_category" add constraint "product_category_parent_id_foreign" foreign key ("parent_id") references "catalog"."product_category" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "catalog"."product" add constraint "product_collection_id_foreign" foreign key ("collection_id") references "catalog"."product_collection" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "catalog"."product" add constraint "product_type_id_foreign" foreign key ("type_id") references "catalog"."product_type" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "catalog"."product_option" add constraint "product_option_product_id_foreign" foreign key ("product_id") references "catalog"."product" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "catalog"."product_option_value" add constraint "product_option_value_option_id_foreign" foreign key ("option_id") references "catalog"."product_option" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "catalog"."product_image" add constraint "product_image_product_id_foreign" foreign key ("product_id") references "catalog"."product" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "catalog"."product_tag_link" add constraint "product_tag_link_product_id_foreign" foreign key ("product_id") references "catalog"."product" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "catalog"."product_tag_link" add constraint "product_tag_link_tag_id_foreign" foreign key ("tag_id") references "catalog"."product_tag" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "catalog"."product_category_link" add constraint "product_category_link_product_id_foreign" foreign key ("product_id") references "catalog"."product" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "catalog"."product_category_link" add constraint "product_category_link_category_id_foreign" foreign key ("category_id") references "catalog"."product_category" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "catalog"."product_variant" add constraint "product_variant_product_id_foreign" foreign key ("product_id") references "catalog"."product" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "catalog"."price" add constraint "price_variant_id_foreign" foreign key ("variant_id") references "catalog"."product_variant" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "catalog"."inventory_level" add constraint "inventory_level_variant_id_foreign" foreign key ("variant_id") references "catalog"."product_variant" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "catalog"."region_country" add constraint "region_country_region_id_foreign" foreign key ("region_id") references "catalog"."region" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "catalog"."variant_option_value" add constraint "variant_option_value_variant_id_foreign" foreign key ("variant_id") references "catalog"."product_variant" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "catalog"."variant_option_value" add constraint "variant_option_value_option_value_id_foreign" foreign key ("option_value_id") references "catalog"."product_option_value" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "catalog"."product_category" drop constraint "product_category_parent_id_foreign";`);

    this.addSql(`alter table "catalog"."product_category_link" drop constraint "product_category_link_category_id_foreign";`);

    this.addSql(`alter table "catalog"."product" drop constraint "product_collection_id_foreign";`);

    this.addSql(`alter table "catalog"."product_tag_link" drop constraint "product_tag_link_tag_id_foreign";`);

    this.addSql(`alter table "catalog"."product" drop constraint "product_type_id_foreign";`);

    this.addSql(`alter table "catalog"."product_option" drop constraint "product_option_product_id_foreign";`);

    this.addSql(`alter table "catalog"."product_image" drop constraint "product_image_product_id_foreign";`);

    this.addSql(`alter table "catalog"."product_tag_link" drop constraint "product_tag_link_product_id_foreign";`);

    this.addSql(`alter table "catalog"."product_category_link" drop constraint "product_category_link_product_id_foreign";`);

    this.addSql(`alter table "catalog"."product_variant" drop constraint "product_variant_product_id_foreign";`);

    this.addSql(`alter table "catalog"."product_option_value" drop constraint "product_option_value_option_id_foreign";`);

    this.addSql(`alter table "catalog"."variant_option_value" drop constraint "variant_option_value_option_value_id_foreign";`);

    this.addSql(`alter table "catalog"."price" drop constraint "price_variant_id_foreign";`);

    this.addSql(`alter table "catalog"."inventory_level" drop constraint "inventory_level_variant_id_foreign";`);

    this.addSql(`alter table "catalog"."variant_option_value" drop constraint "variant_option_value_variant_id_foreign";`);

    this.addSql(`alter table "catalog"."region_country" drop constraint "region_country_region_id_foreign";`);

    this.addSql(`drop table if exists "catalog"."product_category" cascade;`);

    this.addSql(`drop table if exists "catalog"."product_collection" cascade;`);

    this.addSql(`drop table if exists "catalog"."product_tag" cascade;`);

    this.addSql(`drop table if exists "catalog"."product_type" cascade;`);

    this.addSql(`drop table if exists "catalog"."product" cascade;`);

    this.addSql(`drop table if exists "catalog"."product_option" cascade;`);

    this.addSql(`drop table if exists "catalog"."product_option_value" cascade;`);

    this.addSql(`drop table if exists "catalog"."product_image" cascade;`);

    this.addSql(`drop table if exists "catalog"."product_tag_link" cascade;`);

    this.addSql(`drop table if exists "catalog"."product_category_link" cascade;`);

    this.addSql(`drop table if exists "catalog"."product_variant" cascade;`);

    this.addSql(`drop table if exists "catalog"."price" cascade;`);

    this.addSql(`drop table if exists "catalog"."inventory_level" cascade;`);

    this.addSql(`drop table if exists "catalog"."region" cascade;`);

    this.addSql(`drop table if exists "catalog"."region_country" cascade;`);

    this.addSql(`drop table if exists "catalog"."variant_option_value" cascade;`);

    this.addSql(`drop schema if exists "catalog";`);
  }

}
