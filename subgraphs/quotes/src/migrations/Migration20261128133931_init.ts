import { Migration } from '@mikro-orm/migrations';

export class Migration20261128133931_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "quotes";`);
    this.addSql(`create table "quotes"."quote" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "number" varchar(20) not null, "status" varchar(20) not null default 'new', "name" varchar(200) not null, "email" varchar(254) not null, "company" varchar(200) null, "phone" varchar(50) null, "message" text null, "customer_id" varchar(40) null, "locale" varchar(20) not null, "currency_code" varchar(3) not null, "products" jsonb not null, "services" jsonb not null, "fields" jsonb not null, "estimate" numeric(14,4) not null, "valid_until" varchar(10) not null, "cart_id" varchar(40) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "quote_pkey" primary key ("id"), constraint quote_status_check check (status in ('new', 'sent', 'accepted', 'declined', 'expired')));`);
    this.addSql(`create index "quote_tenant_id_index" on "quotes"."quote" ("tenant_id");`);
    this.addSql(`create index "quote_tenant_id_customer_id_index" on "quotes"."quote" ("tenant_id", "customer_id");`);
    this.addSql(`create index "quote_tenant_id_created_at_index" on "quotes"."quote" ("tenant_id", "created_at");`);
    this.addSql(`alter table "quotes"."quote" add constraint "quote_tenant_id_number_unique" unique ("tenant_id", "number");`);

    this.addSql(`create table "quotes"."quote_counter" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "year" int not null, "last" int not null, constraint "quote_counter_pkey" primary key ("id"));`);
    this.addSql(`create index "quote_counter_tenant_id_index" on "quotes"."quote_counter" ("tenant_id");`);
    this.addSql(`alter table "quotes"."quote_counter" add constraint "quote_counter_year_unique" unique ("tenant_id", "year");`);

    this.addSql(`create table "quotes"."quote_location" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "handle" varchar(200) not null, "name" varchar(300) not null, "modifier" numeric(8,4) not null, "created_at" timestamptz not null, constraint "quote_location_pkey" primary key ("id"), constraint quote_location_modifier_check check (modifier > 0));`);
    this.addSql(`create index "quote_location_tenant_id_index" on "quotes"."quote_location" ("tenant_id");`);
    this.addSql(`alter table "quotes"."quote_location" add constraint "quote_location_tenant_id_handle_unique" unique ("tenant_id", "handle");`);

    this.addSql(`create table "quotes"."quote_service" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "handle" varchar(200) not null, "name" varchar(300) not null, "description" text null, "unit" varchar(40) not null, "base_rate" numeric(14,4) not null, "active" boolean not null default true, "created_at" timestamptz not null, constraint "quote_service_pkey" primary key ("id"), constraint quote_service_rate_check check (base_rate >= 0));`);
    this.addSql(`create index "quote_service_tenant_id_index" on "quotes"."quote_service" ("tenant_id");`);
    this.addSql(`alter table "quotes"."quote_service" add constraint "quote_service_tenant_id_handle_unique" unique ("tenant_id", "handle");`);

    this.addSql(`create table "quotes"."quote_settings" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "currency_code" varchar(3) not null, "validity_days" int not null, "notification_email" varchar(254) null, "form_fields" jsonb not null, "updated_at" timestamptz not null, constraint "quote_settings_pkey" primary key ("id"));`);
    this.addSql(`create index "quote_settings_tenant_id_index" on "quotes"."quote_settings" ("tenant_id");`);
    this.addSql(`alter table "quotes"."quote_settings" add constraint "quote_settings_tenant_id_unique" unique ("tenant_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "quotes"."quote" cascade;`);

    this.addSql(`drop table if exists "quotes"."quote_counter" cascade;`);

    this.addSql(`drop table if exists "quotes"."quote_location" cascade;`);

    this.addSql(`drop table if exists "quotes"."quote_service" cascade;`);

    this.addSql(`drop table if exists "quotes"."quote_settings" cascade;`);

    this.addSql(`drop schema if exists "quotes";`);
  }

}
