import { Migration } from '@mikro-orm/migrations';

export class Migration20261128162835_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "assistant";`);
    this.addSql(`create table "assistant"."skill_setting" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "skill_id" varchar(60) not null, "enabled" boolean not null, "updated_at" timestamptz not null, constraint "skill_setting_pkey" primary key ("id"));`);
    this.addSql(`create index "skill_setting_tenant_id_index" on "assistant"."skill_setting" ("tenant_id");`);
    this.addSql(`alter table "assistant"."skill_setting" add constraint "skill_setting_tenant_id_skill_id_unique" unique ("tenant_id", "skill_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "assistant"."skill_setting" cascade;`);

    this.addSql(`drop schema if exists "assistant";`);
  }

}
