import { Migration } from '@mikro-orm/migrations';

export class Migration20261128162912_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "subscriptions";`);
    this.addSql(`create table "subscriptions"."subscription" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "customer_id" varchar(40) not null, "email" varchar(320) null, "plan_id" varchar(40) not null, "currency_code" varchar(3) not null, "status" varchar(20) not null, "provider_id" varchar(100) null, "mode" varchar(20) null, "payment_method" jsonb null, "checkout" jsonb null, "period_start" timestamptz not null, "period_end" timestamptz not null, "period_length_ms" numeric(20,0) not null, "last_change_at" timestamptz not null, "consumed" numeric(40,0) not null default 0, "billed" numeric(30,0) not null default 0, "balance" numeric(30,0) not null default 0, "trial_end" timestamptz null, "cancel_at_period_end" boolean not null default false, "canceled_at" timestamptz null, "cancel_reason" varchar(40) null, "paused_at" timestamptz null, "scheduled_plan_id" varchar(40) null, "cycle" int not null default 0, "failed_attempts" int not null default 0, "next_renewal_at" timestamptz null, "changes" int not null default 0, "activated_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "subscription_pkey" primary key ("id"));`);
    this.addSql(`create index "subscription_tenant_id_index" on "subscriptions"."subscription" ("tenant_id");`);
    this.addSql(`create index "subscription_status_next_renewal_at_index" on "subscriptions"."subscription" ("status", "next_renewal_at");`);
    this.addSql(`create index "subscription_tenant_id_customer_id_created_at_index" on "subscriptions"."subscription" ("tenant_id", "customer_id", "created_at");`);

    this.addSql(`create table "subscriptions"."subscription_ledger" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "subscription_id" varchar(40) not null, "key" varchar(120) not null, "kind" varchar(20) not null, "amount" numeric(30,0) not null, "currency_code" varchar(3) not null, "cycle" int not null, "description" varchar(300) not null, "order_id" varchar(40) null, "order_display_id" int null, "provider_reference" varchar(200) null, "created_at" timestamptz not null, constraint "subscription_ledger_pkey" primary key ("id"));`);
    this.addSql(`create index "subscription_ledger_tenant_id_index" on "subscriptions"."subscription_ledger" ("tenant_id");`);
    this.addSql(`create index "subscription_ledger_subscription_id_created_at_index" on "subscriptions"."subscription_ledger" ("subscription_id", "created_at");`);
    this.addSql(`alter table "subscriptions"."subscription_ledger" add constraint "subscription_ledger_tenant_id_key_unique" unique ("tenant_id", "key");`);

    this.addSql(`create table "subscriptions"."subscription_plan" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "handle" varchar(200) not null, "name" varchar(300) not null, "description" text null, "interval" varchar(10) not null, "interval_count" int not null, "prices" jsonb not null, "trial_days" int not null default 0, "active" boolean not null default true, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "subscription_plan_pkey" primary key ("id"));`);
    this.addSql(`create index "subscription_plan_tenant_id_index" on "subscriptions"."subscription_plan" ("tenant_id");`);
    this.addSql(`alter table "subscriptions"."subscription_plan" add constraint "subscription_plan_tenant_id_handle_unique" unique ("tenant_id", "handle");`);

    this.addSql(`create table "subscriptions"."subscription_renewal" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "subscription_id" varchar(40) not null, "cycle" int not null, "state" varchar(20) not null, "attempt" int not null, "key" varchar(120) not null, "plan_id" varchar(40) not null, "amount" numeric(30,0) not null, "lease_until" timestamptz not null, "last_error" text null, "order_id" varchar(40) null, "order_display_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "subscription_renewal_pkey" primary key ("id"));`);
    this.addSql(`create index "subscription_renewal_tenant_id_index" on "subscriptions"."subscription_renewal" ("tenant_id");`);
    this.addSql(`alter table "subscriptions"."subscription_renewal" add constraint "subscription_renewal_subscription_id_cycle_unique" unique ("subscription_id", "cycle");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "subscriptions"."subscription" cascade;`);

    this.addSql(`drop table if exists "subscriptions"."subscription_ledger" cascade;`);

    this.addSql(`drop table if exists "subscriptions"."subscription_plan" cascade;`);

    this.addSql(`drop table if exists "subscriptions"."subscription_renewal" cascade;`);

    this.addSql(`drop schema if exists "subscriptions";`);
  }

}
