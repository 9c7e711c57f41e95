import { Migration } from '@mikro-orm/migrations';

export class Migration20261128133611_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "events";`);
    this.addSql(`create table "events"."event" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "slug" varchar(200) not null, "title" varchar(300) not null, "subtitle" varchar(500) null, "description" text null, "thumbnail" varchar(2000) null, "venue" jsonb null, "online_url" varchar(2000) null, "time_zone" varchar(64) not null, "starts_at" timestamptz not null, "ends_at" timestamptz not null, "status" varchar(20) not null default 'draft', "requires_attendee_names" boolean not null default false, "max_tickets_per_order" int null, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "event_pkey" primary key ("id"), constraint event_status_check check (status in ('draft', 'published', 'canceled') and ends_at >= starts_at));`);
    this.addSql(`create index "event_tenant_id_index" on "events"."event" ("tenant_id");`);
    this.addSql(`create index "event_tenant_id_status_starts_at_index" on "events"."event" ("tenant_id", "status", "starts_at");`);
    this.addSql(`alter table "events"."event" add constraint "event_tenant_id_slug_unique" unique ("tenant_id", "slug");`);

    this.addSql(`create table "events"."event_session" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "event_id" varchar(40) not null, "title" varchar(300) not null, "description" text null, "starts_at" timestamptz not null, "ends_at" timestamptz not null, "room" varchar(200) null, "track" varchar(200) null, "speaker_ids" jsonb not null, "created_at" timestamptz not null, constraint "event_session_pkey" primary key ("id"), constraint event_session_time_check check (ends_at >= starts_at));`);
    this.addSql(`create index "event_session_tenant_id_index" on "events"."event_session" ("tenant_id");`);
    this.addSql(`create index "event_session_event_id_starts_at_index" on "events"."event_session" ("event_id", "starts_at");`);

    this.addSql(`create table "events"."event_speaker" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "event_id" varchar(40) not null, "name" varchar(200) not null, "title" varchar(200) null, "company" varchar(200) null, "bio" text null, "photo_url" varchar(2000) null, "rank" int not null default 0, "created_at" timestamptz not null, constraint "event_speaker_pkey" primary key ("id"));`);
    this.addSql(`create index "event_speaker_tenant_id_index" on "events"."event_speaker" ("tenant_id");`);
    this.addSql(`create index "event_speaker_event_id_index" on "events"."event_speaker" ("event_id");`);

    this.addSql(`create table "events"."event_ticket_hold" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "key" varchar(200) not null, "status" varchar(20) not null, "lines" jsonb not null, "expires_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "event_ticket_hold_pkey" primary key ("id"), constraint event_ticket_hold_status_check check (status in ('held', 'confirmed', 'released')));`);
    this.addSql(`create index "event_ticket_hold_tenant_id_index" on "events"."event_ticket_hold" ("tenant_id");`);
    this.addSql(`create index "event_ticket_hold_status_expires_at_index" on "events"."event_ticket_hold" ("status", "expires_at");`);
    this.addSql(`alter table "events"."event_ticket_hold" add constraint "event_ticket_hold_key_unique" unique ("tenant_id", "key");`);

    this.addSql(`create table "events"."event_ticket_type" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "event_id" varchar(40) not null, "name" varchar(200) not null, "description" text null, "prices" jsonb not null, "capacity" int not null, "sold" int not null default 0, "held" int not null default 0, "sale_starts_at" timestamptz null, "sale_ends_at" timestamptz null, "rank" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "event_ticket_type_pkey" primary key ("id"), constraint event_ticket_type_places_check check (capacity >= 0 and sold >= 0 and held >= 0));`);
    this.addSql(`create index "event_ticket_type_tenant_id_index" on "events"."event_ticket_type" ("tenant_id");`);
    this.addSql(`create index "event_ticket_type_event_id_rank_index" on "events"."event_ticket_type" ("event_id", "rank");`);

    this.addSql(`create table "events"."event_registration" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "code" varchar(40) not null, "event_id" varchar(40) not null, "ticket_type_id" varchar(40) not null, "order_id" varchar(40) not null, "line_item_id" varchar(40) not null, "line_index" int not null, "customer_id" varchar(40) null, "email" varchar(254) not null, "first_name" varchar(100) null, "last_name" varchar(100) null, "status" varchar(20) not null default 'confirmed', "created_at" timestamptz not null, "canceled_at" timestamptz null, constraint "event_registration_pkey" primary key ("id"), constraint event_registration_status_check check (status in ('confirmed', 'canceled')));`);
    this.addSql(`create index "event_registration_tenant_id_index" on "events"."event_registration" ("tenant_id");`);
    this.addSql(`create index "event_registration_ticket_type_id_index" on "events"."event_registration" ("ticket_type_id");`);
    this.addSql(`create index "event_registration_event_id_index" on "events"."event_registration" ("event_id");`);
    this.addSql(`create index "event_registration_tenant_id_order_id_index" on "events"."event_registration" ("tenant_id", "order_id");`);
    this.addSql(`create index "event_registration_tenant_id_customer_id_index" on "events"."event_registration" ("tenant_id", "customer_id");`);
    this.addSql(`alter table "events"."event_registration" add constraint "event_registration_line_unique" unique ("tenant_id", "line_item_id", "line_index");`);
    this.addSql(`alter table "events"."event_registration" add constraint "event_registration_code_unique" unique ("tenant_id", "code");`);

    this.addSql(`alter table "events"."event_session" add constraint "event_session_event_id_foreign" foreign key ("event_id") references "events"."event" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "events"."event_speaker" add constraint "event_speaker_event_id_foreign" foreign key ("event_id") references "events"."event" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "events"."event_ticket_type" add constraint "event_ticket_type_event_id_foreign" foreign key ("event_id") references "events"."event" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "events"."event_registration" add constraint "event_registration_event_id_foreign" foreign key ("event_id") references "events"."event" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "events"."event_registration" add constraint "event_registration_ticket_type_id_foreign" foreign key ("ticket_type_id") references "events"."event_ticket_type" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "events"."event_session" drop constraint "event_session_event_id_foreign";`);

    this.addSql(`alter table "events"."event_speaker" drop constraint "event_speaker_event_id_foreign";`);

    this.addSql(`alter table "events"."event_ticket_type" drop constraint "event_ticket_type_event_id_foreign";`);

    this.addSql(`alter table "events"."event_registration" drop constraint "event_registration_event_id_foreign";`);

    this.addSql(`alter table "events"."event_registration" drop constraint "event_registration_ticket_type_id_foreign";`);

    this.addSql(`drop table if exists "events"."event" cascade;`);

    this.addSql(`drop table if exists "events"."event_session" cascade;`);

    this.addSql(`drop table if exists "events"."event_speaker" cascade;`);

    this.addSql(`drop table if exists "events"."event_ticket_hold" cascade;`);

    this.addSql(`drop table if exists "events"."event_ticket_type" cascade;`);

    this.addSql(`drop table if exists "events"."event_registration" cascade;`);

    this.addSql(`drop schema if exists "events";`);
  }

}
