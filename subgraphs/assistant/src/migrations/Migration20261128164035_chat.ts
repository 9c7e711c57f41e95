import { Migration } from '@mikro-orm/migrations';

export class Migration20261128164035_chat extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "assistant"."chat_message" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "session_id" varchar(40) not null, "position" int not null, "role" varchar(20) not null, "content" text not null, "skill_id" varchar(60) null, "plan_id" varchar(40) null, "created_at" timestamptz not null, constraint "chat_message_pkey" primary key ("id"));`);
    this.addSql(`create index "chat_message_tenant_id_index" on "assistant"."chat_message" ("tenant_id");`);
    this.addSql(`alter table "assistant"."chat_message" add constraint "chat_message_session_id_position_unique" unique ("session_id", "position");`);

    this.addSql(`create table "assistant"."chat_session" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "owner" varchar(120) not null, "key" varchar(200) not null, "turns" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "chat_session_pkey" primary key ("id"));`);
    this.addSql(`create index "chat_session_tenant_id_index" on "assistant"."chat_session" ("tenant_id");`);
    this.addSql(`alter table "assistant"."chat_session" add constraint "chat_session_tenant_id_owner_key_unique" unique ("tenant_id", "owner", "key");`);

    this.addSql(`create table "assistant"."plan" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "session_id" varchar(40) not null, "owner" varchar(120) not null, "status" varchar(20) not null default 'pending', "actions" jsonb not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "decided_at" timestamptz null, constraint "plan_pkey" primary key ("id"));`);
    this.addSql(`create index "plan_tenant_id_index" on "assistant"."plan" ("tenant_id");`);
    this.addSql(`create index "plan_tenant_id_session_id_index" on "assistant"."plan" ("tenant_id", "session_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "assistant"."chat_message" cascade;`);

    this.addSql(`drop table if exists "assistant"."chat_session" cascade;`);

    this.addSql(`drop table if exists "assistant"."plan" cascade;`);
  }

}
