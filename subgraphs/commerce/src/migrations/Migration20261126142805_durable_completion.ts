import { Migration } from '@mikro-orm/migrations';

export class Migration20261126142805_durable_completion extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "commerce"."durable_process" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "kind" varchar(60) not null, "key" varchar(200) not null, "status" varchar(20) not null, "step" int not null default 0, "run" int not null default 1, "attempts" int not null default 0, "state" jsonb not null, "steps" jsonb not null, "error" jsonb null, "lease_owner" varchar(100) null, "lease_until" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "durable_process_pkey" primary key ("id"));`);
    this.addSql(`create index "durable_process_status_lease_until_index" on "commerce"."durable_process" ("status", "lease_until");`);
    this.addSql(`alter table "commerce"."durable_process" add constraint "durable_process_kind_tenant_id_key_unique" unique ("kind", "tenant_id", "key");`);

    this.addSql(`create table "commerce"."promotion_usage" ("promotion_id" varchar(40) not null, "key" varchar(200) not null, "tenant_id" varchar(40) not null, "created_at" timestamptz not null, constraint "promotion_usage_pkey" primary key ("promotion_id", "key"));`);
    this.addSql(`create index "promotion_usage_tenant_id_index" on "commerce"."promotion_usage" ("tenant_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "commerce"."durable_process" cascade;`);

    this.addSql(`drop table if exists "commerce"."promotion_usage" cascade;`);
  }

}
