import { Migration } from '@mikro-orm/migrations';

export class Migration20261125185513_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "webhooks";`);
    this.addSql(`create table "webhooks"."webhook_attempt" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "delivery_id" varchar(40) not null, "endpoint_id" varchar(40) not null, "number" int not null, "success" boolean not null, "status_code" int null, "duration_ms" int not null, "response_snippet" text null, "error" text null, "created_at" timestamptz not null, constraint "webhook_attempt_pkey" primary key ("id"));`);
    this.addSql(`create index "webhook_attempt_tenant_id_index" on "webhooks"."webhook_attempt" ("tenant_id");`);
    this.addSql(`create index "webhook_attempt_delivery_id_number_index" on "webhooks"."webhook_attempt" ("delivery_id", "number");`);

    this.addSql(`create table "webhooks"."webhook_delivery" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "endpoint_id" varchar(40) not null, "event_id" varchar(40) not null, "event_type" varchar(100) not null, "event_created_at" timestamptz not null, "ordering_key" varchar(100) not null, "sequence" bigint not null, "data" jsonb not null, "status" varchar(20) not null default 'pending', "attempts" int not null default 0, "retry_base" int not null default 0, "next_attempt_at" timestamptz null, "lease_until" timestamptz null, "lease_token" varchar(40) null, "last_status" int null, "last_error" text null, "delivered_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "webhook_delivery_pkey" primary key ("id"));`);
    this.addSql(`create index "webhook_delivery_tenant_id_index" on "webhooks"."webhook_delivery" ("tenant_id");`);
    this.addSql(`create index "webhook_delivery_due" on "webhooks"."webhook_delivery" ("next_attempt_at") where "status" = 'pending';`);
    this.addSql(`create index "webhook_delivery_tenant_id_endpoint_id_created_at_index" on "webhooks"."webhook_delivery" ("tenant_id", "endpoint_id", "created_at");`);
    this.addSql(`alter table "webhooks"."webhook_delivery" add constraint "webhook_delivery_endpoint_id_event_id_unique" unique ("endpoint_id", "event_id");`);

    this.addSql(`create table "webhooks"."webhook_endpoint" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "url" text not null, "description" varchar(500) null, "event_types" text[] not null, "secret" text not null, "previous_secret" text null, "previous_secret_expires_at" timestamptz null, "active" boolean not null default true, "disabled_reason" varchar(200) null, "allow_private_network" boolean not null default false, "selection" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "webhook_endpoint_pkey" primary key ("id"));`);
    this.addSql(`create index "webhook_endpoint_tenant_id_index" on "webhooks"."webhook_endpoint" ("tenant_id");`);
    this.addSql(`create index "webhook_endpoint_tenant_id_created_at_index" on "webhooks"."webhook_endpoint" ("tenant_id", "created_at");`);

    this.addSql(`create table "webhooks"."webhook_sequence" ("tenant_id" varchar(40) not null, "ordering_key" varchar(100) not null, "value" bigint not null, constraint "webhook_sequence_pkey" primary key ("tenant_id", "ordering_key"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhooks"."webhook_attempt" cascade;`);

    this.addSql(`drop table if exists "webhooks"."webhook_delivery" cascade;`);

    this.addSql(`drop table if exists "webhooks"."webhook_endpoint" cascade;`);

    this.addSql(`drop table if exists "webhooks"."webhook_sequence" cascade;`);

    this.addSql(`drop schema if exists "webhooks";`);
  }

}
