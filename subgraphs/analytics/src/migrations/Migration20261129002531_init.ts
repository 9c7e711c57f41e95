import { Migration } from '@mikro-orm/migrations';

export class Migration20261129002531_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "analytics";`);
    this.addSql(`create table "analytics"."event_log" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "type" varchar(100) not null, "occurred_at" timestamptz not null, "data" jsonb not null, "recorded_at" timestamptz not null default now(), "seq" bigserial not null, constraint "event_log_pkey" primary key ("id"));`);
    this.addSql(`create index "event_log_tenant_id_index" on "analytics"."event_log" ("tenant_id");`);
    this.addSql(`alter table "analytics"."event_log" add constraint "event_log_seq_unique" unique ("seq");`);
    this.addSql(`create index "event_log_tenant_id_seq_index" on "analytics"."event_log" ("tenant_id", "seq");`);

    this.addSql(`create table "analytics"."rollup" ("id" bigserial primary key, "tenant_id" varchar(40) not null, "metric" varchar(40) not null, "dim" varchar(40) not null, "value" varchar(300) not null, "currency" varchar(8) not null, "bucket" timestamptz not null, "count" bigint not null, "amount" numeric(20,4) not null);`);
    this.addSql(`create index "rollup_tenant_id_index" on "analytics"."rollup" ("tenant_id");`);
    this.addSql(`alter table "analytics"."rollup" add constraint "rollup_cell" unique ("tenant_id", "metric", "dim", "bucket", "value", "currency");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "analytics"."event_log" cascade;`);

    this.addSql(`drop table if exists "analytics"."rollup" cascade;`);

    this.addSql(`drop schema if exists "analytics";`);
  }

}
