import { Migration } from '@mikro-orm/migrations';

export class Migration20261123055016_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "commerce";`);
    this.addSql(`create table "commerce"."cart" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "region_id" varchar(40) not null, "currency_code" varchar(3) not null, "customer_id" varchar(40) null, "email" varchar(320) null, "sales_channel_id" varchar(40) null, "shipping_address" jsonb null, "billing_address" jsonb null, "promo_codes" jsonb not null, "metadata" jsonb null, "locale" varchar(20) null, "completed_at" timestamptz null, "order_id" varchar(40) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "cart_pkey" primary key ("id"));`);
    this.addSql(`create index "cart_tenant_id_index" on "commerce"."cart" ("tenant_id");`);
    this.addSql(`create index "cart_tenant_id_customer_id_index" on "commerce"."cart" ("tenant_id", "customer_id");`);

    this.addSql(`create table "commerce"."cart_shipping_method" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "cart_id" varchar(40) not null, "shipping_option_id" varchar(40) not null, "name" varchar(200) not null, "description" varchar(500) null, "amount" numeric(20,4) not null, "is_tax_inclusive" boolean not null default false, "data" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "cart_shipping_method_pkey" primary key ("id"));`);
    this.addSql(`create index "cart_shipping_method_tenant_id_index" on "commerce"."cart_shipping_method" ("tenant_id");`);
    this.addSql(`create index "cart_shipping_method_cart_id_index" on "commerce"."cart_shipping_method" ("cart_id");`);

    this.addSql(`create table "commerce"."commerce_settings" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "cancellation_window_hours" int not null default 24, "checkout_fields" jsonb not null, "updated_at" timestamptz not null, constraint "commerce_settings_pkey" primary key ("id"));`);
    this.addSql(`create index "commerce_settings_tenant_id_index" on "commerce"."commerce_settings" ("tenant_id");`);
    this.addSql(`alter table "commerce"."commerce_settings" add constraint "commerce_settings_tenant_id_unique" unique ("tenant_id");`);

    this.addSql(`create table "commerce"."line_item" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "cart_id" varchar(40) not null, "kind" varchar(40) not null default 'product', "reference_id" varchar(100) not null, "title" varchar(300) not null, "subtitle" varchar(300) null, "thumbnail" varchar(1000) null, "quantity" int not null, "unit_price" numeric(20,4) not null, "compare_at_unit_price" numeric(20,4) null, "is_tax_inclusive" boolean not null default false, "requires_shipping" boolean not null default true, "is_discountable" boolean not null default true, "product_id" varchar(40) null, "product_title" varchar(300) null, "product_handle" varchar(200) null, "product_subtitle" varchar(300) null, "product_description" text null, "product_type" varchar(200) null, "product_collection" varchar(300) null, "variant_sku" varchar(100) null, "variant_barcode" varchar(100) null, "variant_title" varchar(300) null, "variant_option_values" jsonb null, "metadata" jsonb null, "data" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "line_item_pkey" primary key ("id"));`);
    this.addSql(`create index "line_item_tenant_id_index" on "commerce"."line_item" ("tenant_id");`);
    this.addSql(`create index "line_item_cart_id_index" on "commerce"."line_item" ("cart_id");`);

    this.addSql(`create table "commerce"."order" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "display_id" int not null, "cart_id" varchar(40) not null, "region_id" varchar(40) not null, "currency_code" varchar(3) not null, "customer_id" varchar(40) null, "email" varchar(320) null, "sales_channel_id" varchar(40) null, "status" varchar(20) not null default 'pending', "payment_status" varchar(20) not null default 'authorized', "fulfillment_status" varchar(20) not null default 'not_fulfilled', "shipping_address" jsonb null, "billing_address" jsonb null, "items" jsonb not null, "shipping_methods" jsonb not null, "promotions" jsonb not null, "totals" jsonb not null, "metadata" jsonb null, "canceled_at" timestamptz null, "fulfilled_at" timestamptz null, "shipped_at" timestamptz null, "transfer" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "order_pkey" primary key ("id"));`);
    this.addSql(`create index "order_tenant_id_index" on "commerce"."order" ("tenant_id");`);
    this.addSql(`alter table "commerce"."order" add constraint "order_cart_id_unique" unique ("cart_id");`);
    this.addSql(`create index "order_tenant_id_customer_id_created_at_index" on "commerce"."order" ("tenant_id", "customer_id", "created_at");`);
    this.addSql(`alter table "commerce"."order" add constraint "order_tenant_id_display_id_unique" unique ("tenant_id", "display_id");`);

    this.addSql(`create table "commerce"."order_counter" ("tenant_id" varchar(40) not null, "last" int not null, constraint "order_counter_pkey" primary key ("tenant_id"));`);

    this.addSql(`create table "commerce"."payment_collection" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "cart_id" varchar(40) not null, "order_id" varchar(40) null, "currency_code" varchar(3) not null, "amount" numeric(20,4) not null, "status" varchar(30) not null default 'not_paid', "authorized_amount" numeric(20,4) null, "captured_amount" numeric(20,4) null, "refunded_amount" numeric(20,4) null, "completed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "payment_collection_pkey" primary key ("id"));`);
    this.addSql(`create index "payment_collection_tenant_id_index" on "commerce"."payment_collection" ("tenant_id");`);
    this.addSql(`alter table "commerce"."payment_collection" add constraint "payment_collection_cart_id_unique" unique ("cart_id");`);

    this.addSql(`create table "commerce"."payment_provider_setting" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "provider_id" varchar(100) not null, "enabled" boolean not null default true, "region_ids" jsonb not null, "settings" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "payment_provider_setting_pkey" primary key ("id"));`);
    this.addSql(`create index "payment_provider_setting_tenant_id_index" on "commerce"."payment_provider_setting" ("tenant_id");`);
    this.addSql(`alter table "commerce"."payment_provider_setting" add constraint "payment_provider_setting_tenant_id_provider_id_unique" unique ("tenant_id", "provider_id");`);

    this.addSql(`create table "commerce"."payment_session" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "collection_id" varchar(40) not null, "provider_id" varchar(100) not null, "amount" numeric(20,4) not null, "currency_code" varchar(3) not null, "status" varchar(30) not null default 'pending', "data" jsonb not null, "context" jsonb null, "authorized_at" timestamptz null, "captured_at" timestamptz null, "canceled_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "payment_session_pkey" primary key ("id"));`);
    this.addSql(`create index "payment_session_tenant_id_index" on "commerce"."payment_session" ("tenant_id");`);
    this.addSql(`create index "payment_session_collection_id_index" on "commerce"."payment_session" ("collection_id");`);

    this.addSql(`create table "commerce"."promotion" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "code" varchar(100) not null, "is_automatic" boolean not null default false, "type" varchar(20) not null, "value" numeric(20,4) not null, "currency_code" varchar(3) null, "target_type" varchar(20) not null default 'items', "allocation" varchar(10) not null default 'across', "starts_at" timestamptz null, "ends_at" timestamptz null, "usage_limit" int null, "usage_count" int not null default 0, "min_subtotal" numeric(20,4) null, "status" varchar(20) not null default 'active', "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "promotion_pkey" primary key ("id"));`);
    this.addSql(`create index "promotion_tenant_id_index" on "commerce"."promotion" ("tenant_id");`);
    this.addSql(`alter table "commerce"."promotion" add constraint "promotion_tenant_id_code_unique" unique ("tenant_id", "code");`);

    this.addSql(`create table "commerce"."shipping_option" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "name" varchar(200) not null, "region_id" varchar(40) not null, "price_type" varchar(20) not null default 'flat', "amount" numeric(20,4) not null, "per_item" numeric(20,4) null, "free_above" numeric(20,4) null, "type_label" varchar(200) not null default 'Standard', "type_description" varchar(500) null, "type_code" varchar(100) not null default 'standard', "provider_id" varchar(100) not null default 'manual_manual', "data" jsonb null, "enabled" boolean not null default true, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "shipping_option_pkey" primary key ("id"));`);
    this.addSql(`create index "shipping_option_tenant_id_index" on "commerce"."shipping_option" ("tenant_id");`);
    this.addSql(`create index "shipping_option_tenant_id_region_id_index" on "commerce"."shipping_option" ("tenant_id", "region_id");`);

    this.addSql(`create table "commerce"."tax_rate" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "region_id" varchar(40) not null, "country_code" varchar(2) null, "province" varchar(100) null, "name" varchar(200) not null, "code" varchar(50) not null, "rate" numeric(8,4) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "tax_rate_pkey" primary key ("id"));`);
    this.addSql(`create index "tax_rate_tenant_id_index" on "commerce"."tax_rate" ("tenant_id");`);
    this.addSql(`create index "tax_rate_tenant_id_region_id_index" on "commerce"."tax_rate" ("tenant_id", "region_id");`);

    this.addSql(`alter table "commerce"."cart_shipping_method" add constraint "cart_shipping_method_cart_id_foreign" foreign key ("cart_id") references "commerce"."cart" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "commerce"."line_item" add constraint "line_item_cart_id_foreign" foreign key ("cart_id") references "commerce"."cart" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "commerce"."payment_session" add constraint "payment_session_collection_id_foreign" foreign key ("collection_id") references "commerce"."payment_collection" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "commerce"."cart_shipping_method" drop constraint "cart_shipping_method_cart_id_foreign";`);

    this.addSql(`alter table "commerce"."line_item" drop constraint "line_item_cart_id_foreign";`);

    this.addSql(`alter table "commerce"."payment_session" drop constraint "payment_session_collection_id_foreign";`);

    this.addSql(`drop table if exists "commerce"."cart" cascade;`);

    this.addSql(`drop table if exists "commerce"."cart_shipping_method" cascade;`);

    this.addSql(`drop table if exists "commerce"."commerce_settings" cascade;`);

    this.addSql(`drop table if exists "commerce"."line_item" cascade;`);

    this.addSql(`drop table if exists "commerce"."order" cascade;`);

    this.addSql(`drop table if exists "commerce"."order_counter" cascade;`);

    this.addSql(`drop table if exists "commerce"."payment_collection" cascade;`);

    this.addSql(`drop table if exists "commerce"."payment_provider_setting" cascade;`);

    this.addSql(`drop table if exists "commerce"."payment_session" cascade;`);

    this.addSql(`drop table if exists "commerce"."promotion" cascade;`);

    this.addSql(`drop table if exists "commerce"."shipping_option" cascade;`);

    this.addSql(`drop table if exists "commerce"."tax_rate" cascade;`);

    this.addSql(`drop schema if exists "commerce";`);
  }

}
