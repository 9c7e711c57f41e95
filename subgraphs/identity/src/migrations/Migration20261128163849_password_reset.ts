import { Migration } from '@mikro-orm/migrations';

export class Migration20261128163849_password_reset extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "identity"."password_reset" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "actor_type" varchar(20) not null, "actor_id" varchar(40) not null, "email" varchar(320) not null, "token_hash" varchar(64) not null, "sealed_token" text null, "expires_at" timestamptz not null, "mailed_at" timestamptz null, "used_at" timestamptz null, "created_at" timestamptz not null, constraint "password_reset_pkey" primary key ("id"));`);
    this.addSql(`create index "password_reset_tenant_id_index" on "identity"."password_reset" ("tenant_id");`);
    this.addSql(`create index "password_reset_actor_id_index" on "identity"."password_reset" ("actor_id");`);
    this.addSql(`alter table "identity"."password_reset" add constraint "password_reset_token_hash_unique" unique ("token_hash");`);

    this.addSql(`alter table "identity"."tenant" add column "password_reset_url" varchar(500) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "identity"."password_reset" cascade;`);

    this.addSql(`alter table "identity"."tenant" drop column "password_reset_url";`);
  }

}
