import { Migration } from '@mikro-orm/migrations';

export class Migration20261128161712_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "subscriptions";`);
    this.addSql(`create table "subscriptions"."subscriptions_item" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "title" varchar(300) not null, "handle" varchar(200) not null, "description" text null, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "subscriptions_item_pkey" primary key ("id"));`);
    this.addSql(`create index "subscriptions_item_tenant_id_index" on "subscriptions"."subscriptions_item" ("tenant_id");`);
    this.addSql(`alter table "subscriptions"."subscriptions_item" add constraint "subscriptions_item_tenant_id_handle_unique" unique ("tenant_id", "handle");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "subscriptions"."subscriptions_item" cascade;`);

    this.addSql(`drop schema if exists "subscriptions";`);
  }

}
