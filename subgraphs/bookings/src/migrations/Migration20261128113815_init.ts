import { Migration } from '@mikro-orm/migrations';

export class Migration20261128113815_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "bookings";`);
    this.addSql(`create table "bookings"."bookable_service" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "name" varchar(300) not null, "handle" varchar(200) not null, "description" text null, "time_zone" varchar(64) not null, "slot_minutes" int not null, "buffer_minutes" int not null default 0, "capacity" int not null, "published" boolean not null default false, "weekly_hours" jsonb not null, "exceptions" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "bookable_service_pkey" primary key ("id"), constraint bookable_service_grid_check check (slot_minutes > 0 and buffer_minutes >= 0 and capacity > 0));`);
    this.addSql(`create index "bookable_service_tenant_id_index" on "bookings"."bookable_service" ("tenant_id");`);
    this.addSql(`alter table "bookings"."bookable_service" add constraint "bookable_service_tenant_id_handle_unique" unique ("tenant_id", "handle");`);

    this.addSql(`create table "bookings"."service_booking" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "service_id" varchar(40) not null, "starts_at" timestamptz not null, "ends_at" timestamptz not null, "quantity" int not null, "status" varchar(20) not null default 'confirmed', "first_name" varchar(100) not null, "last_name" varchar(100) not null, "email" varchar(254) not null, "phone" varchar(50) null, "notes" text null, "customer_id" varchar(40) null, "created_at" timestamptz not null, "canceled_at" timestamptz null, constraint "service_booking_pkey" primary key ("id"), constraint service_booking_status_check check (status in ('confirmed', 'canceled') and quantity > 0));`);
    this.addSql(`create index "service_booking_tenant_id_index" on "bookings"."service_booking" ("tenant_id");`);
    this.addSql(`create index "service_booking_service_id_index" on "bookings"."service_booking" ("service_id");`);
    this.addSql(`create index "service_booking_tenant_id_customer_id_index" on "bookings"."service_booking" ("tenant_id", "customer_id");`);
    this.addSql(`create index "service_booking_tenant_id_service_id_starts_at_index" on "bookings"."service_booking" ("tenant_id", "service_id", "starts_at");`);

    this.addSql(`create table "bookings"."service_slot_count" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "service_id" varchar(40) not null, "starts_at" timestamptz not null, "booked" int not null default 0, constraint "service_slot_count_pkey" primary key ("id"), constraint service_slot_count_booked_check check (booked >= 0));`);
    this.addSql(`create index "service_slot_count_tenant_id_index" on "bookings"."service_slot_count" ("tenant_id");`);
    this.addSql(`create index "service_slot_count_service_id_index" on "bookings"."service_slot_count" ("service_id");`);
    this.addSql(`alter table "bookings"."service_slot_count" add constraint "service_slot_count_slot_unique" unique ("tenant_id", "service_id", "starts_at");`);

    this.addSql(`alter table "bookings"."service_booking" add constraint "service_booking_service_id_foreign" foreign key ("service_id") references "bookings"."bookable_service" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "bookings"."service_slot_count" add constraint "service_slot_count_service_id_foreign" foreign key ("service_id") references "bookings"."bookable_service" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "bookings"."service_booking" drop constraint "service_booking_service_id_foreign";`);

    this.addSql(`alter table "bookings"."service_slot_count" drop constraint "service_slot_count_service_id_foreign";`);

    this.addSql(`drop table if exists "bookings"."bookable_service" cascade;`);

    this.addSql(`drop table if exists "bookings"."service_booking" cascade;`);

    this.addSql(`drop table if exists "bookings"."service_slot_count" cascade;`);

    this.addSql(`drop schema if exists "bookings";`);
  }

}
