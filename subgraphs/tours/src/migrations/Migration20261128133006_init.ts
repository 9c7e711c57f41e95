import { Migration } from '@mikro-orm/migrations';

export class Migration20261128133006_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "tours";`);
    this.addSql(`create table "tours"."tour_category" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "slug" varchar(200) not null, "name" varchar(300) not null, "description" text null, "rank" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "tour_category_pkey" primary key ("id"));`);
    this.addSql(`create index "tour_category_tenant_id_index" on "tours"."tour_category" ("tenant_id");`);
    this.addSql(`alter table "tours"."tour_category" add constraint "tour_category_tenant_id_slug_unique" unique ("tenant_id", "slug");`);

    this.addSql(`create table "tours"."tour_destination" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "slug" varchar(200) not null, "name" varchar(300) not null, "country_code" varchar(2) null, "description" text null, "image" varchar(2000) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "tour_destination_pkey" primary key ("id"));`);
    this.addSql(`create index "tour_destination_tenant_id_index" on "tours"."tour_destination" ("tenant_id");`);
    this.addSql(`alter table "tours"."tour_destination" add constraint "tour_destination_tenant_id_slug_unique" unique ("tenant_id", "slug");`);

    this.addSql(`create table "tours"."tour" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "slug" varchar(200) not null, "title" varchar(300) not null, "summary" varchar(1000) null, "description" text null, "thumbnail" varchar(2000) null, "images" jsonb not null, "destination_id" varchar(40) not null, "duration_days" int not null, "status" varchar(20) not null default 'draft', "requires_traveller_details" boolean not null default false, "min_age" int null, "max_travellers_per_booking" int null, "highlights" jsonb not null, "included" jsonb not null, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "tour_pkey" primary key ("id"), constraint tour_rules_check check (status in ('draft', 'published', 'archived') and duration_days between 1 and 365));`);
    this.addSql(`create index "tour_tenant_id_index" on "tours"."tour" ("tenant_id");`);
    this.addSql(`create index "tour_destination_id_index" on "tours"."tour" ("destination_id");`);
    this.addSql(`create index "tour_tenant_id_status_index" on "tours"."tour" ("tenant_id", "status");`);
    this.addSql(`alter table "tours"."tour" add constraint "tour_tenant_id_slug_unique" unique ("tenant_id", "slug");`);

    this.addSql(`create table "tours"."tour_departure" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "tour_id" varchar(40) not null, "starts_on" date not null, "ends_on" date not null, "capacity" int not null, "seats_sold" int not null default 0, "seats_held" int not null default 0, "prices" jsonb not null, "status" varchar(20) not null default 'open', "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "tour_departure_pkey" primary key ("id"), constraint tour_departure_seats_check check (seats_sold >= 0 and seats_held >= 0 and capacity >= 1 and ends_on >= starts_on and status in ('open', 'closed', 'canceled')));`);
    this.addSql(`create index "tour_departure_tenant_id_index" on "tours"."tour_departure" ("tenant_id");`);
    this.addSql(`create index "tour_departure_tour_id_index" on "tours"."tour_departure" ("tour_id");`);
    this.addSql(`create index "tour_departure_tenant_id_tour_id_starts_on_index" on "tours"."tour_departure" ("tenant_id", "tour_id", "starts_on");`);

    this.addSql(`create table "tours"."tour_category_link" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "tour_id" varchar(40) not null, "category_id" varchar(40) not null, constraint "tour_category_link_pkey" primary key ("id"));`);
    this.addSql(`create index "tour_category_link_tenant_id_index" on "tours"."tour_category_link" ("tenant_id");`);
    this.addSql(`create index "tour_category_link_category_id_index" on "tours"."tour_category_link" ("category_id");`);
    this.addSql(`alter table "tours"."tour_category_link" add constraint "tour_category_link_tour_id_category_id_unique" unique ("tour_id", "category_id");`);

    this.addSql(`create table "tours"."tour_booking" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "code" varchar(20) not null, "order_id" varchar(40) not null, "line_item_id" varchar(40) not null, "departure_id" varchar(40) not null, "tour_id" varchar(40) not null, "customer_id" varchar(40) null, "email" varchar(254) null, "travellers" jsonb not null, "seats" int not null, "status" varchar(20) not null default 'confirmed', "created_at" timestamptz not null, "canceled_at" timestamptz null, constraint "tour_booking_pkey" primary key ("id"));`);
    this.addSql(`create index "tour_booking_tenant_id_index" on "tours"."tour_booking" ("tenant_id");`);
    this.addSql(`create index "tour_booking_tour_id_index" on "tours"."tour_booking" ("tour_id");`);
    this.addSql(`create index "tour_booking_departure_id_index" on "tours"."tour_booking" ("departure_id");`);
    this.addSql(`create index "tour_booking_tenant_id_order_id_index" on "tours"."tour_booking" ("tenant_id", "order_id");`);
    this.addSql(`alter table "tours"."tour_booking" add constraint "tour_booking_tenant_id_code_unique" unique ("tenant_id", "code");`);
    this.addSql(`alter table "tours"."tour_booking" add constraint "tour_booking_tenant_id_line_item_id_unique" unique ("tenant_id", "line_item_id");`);

    this.addSql(`create table "tours"."tour_itinerary_day" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "tour_id" varchar(40) not null, "day" int not null, "title" varchar(300) not null, "description" text null, "overnight" varchar(300) null, constraint "tour_itinerary_day_pkey" primary key ("id"));`);
    this.addSql(`create index "tour_itinerary_day_tenant_id_index" on "tours"."tour_itinerary_day" ("tenant_id");`);
    this.addSql(`alter table "tours"."tour_itinerary_day" add constraint "tour_itinerary_day_tour_id_day_unique" unique ("tour_id", "day");`);

    this.addSql(`create table "tours"."tour_review" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "tour_id" varchar(40) not null, "customer_id" varchar(40) null, "author_name" varchar(100) not null, "rating" smallint not null, "title" varchar(200) null, "content" text not null, "status" varchar(20) not null default 'pending', "moderated_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "tour_review_pkey" primary key ("id"), constraint tour_review_rating_check check (rating between 1 and 5));`);
    this.addSql(`create index "tour_review_tenant_id_index" on "tours"."tour_review" ("tenant_id");`);
    this.addSql(`create index "tour_review_tenant_id_status_created_at_index" on "tours"."tour_review" ("tenant_id", "status", "created_at");`);
    this.addSql(`create index "tour_review_tenant_id_tour_id_status_created_at_index" on "tours"."tour_review" ("tenant_id", "tour_id", "status", "created_at");`);
    this.addSql(`alter table "tours"."tour_review" add constraint "tour_review_tenant_id_tour_id_customer_id_unique" unique ("tenant_id", "tour_id", "customer_id");`);

    this.addSql(`create table "tours"."tour_seat_hold" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "key" varchar(200) not null, "status" varchar(20) not null, "lines" jsonb not null, "expires_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "tour_seat_hold_pkey" primary key ("id"));`);
    this.addSql(`create index "tour_seat_hold_tenant_id_index" on "tours"."tour_seat_hold" ("tenant_id");`);
    this.addSql(`create index "tour_seat_hold_tenant_id_status_expires_at_index" on "tours"."tour_seat_hold" ("tenant_id", "status", "expires_at");`);
    this.addSql(`alter table "tours"."tour_seat_hold" add constraint "tour_seat_hold_tenant_id_key_unique" unique ("tenant_id", "key");`);

    this.addSql(`alter table "tours"."tour" add constraint "tour_destination_id_foreign" foreign key ("destination_id") references "tours"."tour_destination" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "tours"."tour_departure" add constraint "tour_departure_tour_id_foreign" foreign key ("tour_id") references "tours"."tour" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "tours"."tour_category_link" add constraint "tour_category_link_tour_id_foreign" foreign key ("tour_id") references "tours"."tour" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "tours"."tour_category_link" add constraint "tour_category_link_category_id_foreign" foreign key ("category_id") references "tours"."tour_category" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "tours"."tour_booking" add constraint "tour_booking_departure_id_foreign" foreign key ("departure_id") references "tours"."tour_departure" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "tours"."tour_booking" add constraint "tour_booking_tour_id_foreign" foreign key ("tour_id") references "tours"."tour" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "tours"."tour_itinerary_day" add constraint "tour_itinerary_day_tour_id_foreign" foreign key ("tour_id") references "tours"."tour" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "tours"."tour_review" add constraint "tour_review_tour_id_foreign" foreign key ("tour_id") references "tours"."tour" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "tours"."tour_category_link" drop constraint "tour_category_link_category_id_foreign";`);

    this.addSql(`alter table "tours"."tour" drop constraint "tour_destination_id_foreign";`);

    this.addSql(`alter table "tours"."tour_departure" drop constraint "tour_departure_tour_id_foreign";`);

    this.addSql(`alter table "tours"."tour_category_link" drop constraint "tour_category_link_tour_id_foreign";`);

    this.addSql(`alter table "tours"."tour_booking" drop constraint "tour_booking_tour_id_foreign";`);

    this.addSql(`alter table "tours"."tour_itinerary_day" drop constraint "tour_itinerary_day_tour_id_foreign";`);

    this.addSql(`alter table "tours"."tour_review" drop constraint "tour_review_tour_id_foreign";`);

    this.addSql(`alter table "tours"."tour_booking" drop constraint "tour_booking_departure_id_foreign";`);

    this.addSql(`drop table if exists "tours"."tour_category" cascade;`);

    this.addSql(`drop table if exists "tours"."tour_destination" cascade;`);

    this.addSql(`drop table if exists "tours"."tour" cascade;`);

    this.addSql(`drop table if exists "tours"."tour_departure" cascade;`);

    this.addSql(`drop table if exists "tours"."tour_category_link" cascade;`);

    this.addSql(`drop table if exists "tours"."tour_booking" cascade;`);

    this.addSql(`drop table if exists "tours"."tour_itinerary_day" cascade;`);

    this.addSql(`drop table if exists "tours"."tour_review" cascade;`);

    this.addSql(`drop table if exists "tours"."tour_seat_hold" cascade;`);

    this.addSql(`drop schema if exists "tours";`);
  }

}
