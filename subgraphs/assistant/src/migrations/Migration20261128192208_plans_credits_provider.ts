import { Migration } from '@mikro-orm/migrations';

export class Migration20261128192208_plans_credits_provider extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "assistant"."credit_account" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "plan" varchar(20) not null, "updated_at" timestamptz not null, constraint "credit_account_pkey" primary key ("id"));`);
    this.addSql(`create index "credit_account_tenant_id_index" on "assistant"."credit_account" ("tenant_id");`);
    this.addSql(`alter table "assistant"."credit_account" add constraint "credit_account_tenant_id_unique" unique ("tenant_id");`);

    this.addSql(`create table "assistant"."credit_entry" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "kind" varchar(20) not null, "amount" int not null, "allowance_part" int not null default 0, "skill" varchar(60) null, "tier" varchar(20) null, "period" varchar(7) not null, "note" varchar(200) null, "created_at" timestamptz not null, constraint "credit_entry_pkey" primary key ("id"));`);
    this.addSql(`create index "credit_entry_tenant_id_index" on "assistant"."credit_entry" ("tenant_id");`);
    // the ledger is append-only: an update or delete of a row fails
    this.addSql(`create function "assistant"."credit_entry_append_only"() returns trigger language plpgsql as $$ begin raise exception 'assistant.credit_entry is append-only'; end $$;`);
    this.addSql(`create trigger "credit_entry_append_only" before update or delete on "assistant"."credit_entry" for each row execute function "assistant"."credit_entry_append_only"();`);
    this.addSql(`create index "credit_entry_tenant_id_period_index" on "assistant"."credit_entry" ("tenant_id", "period");`);

    this.addSql(`create table "assistant"."provider_setting" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "kind" varchar(40) not null, "base_url" varchar(500) not null, "models" jsonb not null, "key_sealed" text not null, "enabled" boolean not null default true, "updated_at" timestamptz not null, constraint "provider_setting_pkey" primary key ("id"));`);
    this.addSql(`create index "provider_setting_tenant_id_index" on "assistant"."provider_setting" ("tenant_id");`);
    this.addSql(`alter table "assistant"."provider_setting" add constraint "provider_setting_tenant_id_kind_unique" unique ("tenant_id", "kind");`);

    this.addSql(`alter table "assistant"."plan" add column "stream_id" varchar(40) null, add column "session_key" varchar(200) not null default '', add column "skill" varchar(60) not null default '', add column "results" jsonb not null default '[]', add column "finished_at" timestamptz null;`);
    // plans made before streams: their id names their stream
    this.addSql(`update "assistant"."plan" set "stream_id" = "id";`);
    this.addSql(`alter table "assistant"."plan" alter column "stream_id" set not null;`);
    this.addSql(`alter table "assistant"."plan" add constraint "plan_tenant_id_stream_id_unique" unique ("tenant_id", "stream_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "assistant"."credit_account" cascade;`);

    this.addSql(`drop table if exists "assistant"."credit_entry" cascade;`);
    this.addSql(`drop function if exists "assistant"."credit_entry_append_only"();`);

    this.addSql(`drop table if exists "assistant"."provider_setting" cascade;`);

    this.addSql(`alter table "assistant"."plan" drop constraint "plan_tenant_id_stream_id_unique";`);
    this.addSql(`alter table "assistant"."plan" drop column "stream_id", drop column "session_key", drop column "skill", drop column "results", drop column "finished_at";`);
  }

}
