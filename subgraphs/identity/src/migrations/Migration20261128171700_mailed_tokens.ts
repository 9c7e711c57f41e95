import { Migration } from '@mikro-orm/migrations';

export class Migration20261128171700_mailed_tokens extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "identity"."mailed_token" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "purpose" varchar(30) not null, "actor_type" varchar(20) not null, "actor_id" varchar(40) not null, "email" varchar(320) not null, "token_hash" varchar(64) not null, "sealed_token" text null, "expires_at" timestamptz not null, "mailed_at" timestamptz null, "used_at" timestamptz null, "created_at" timestamptz not null, constraint "mailed_token_pkey" primary key ("id"));`);
    this.addSql(`create index "mailed_token_tenant_id_index" on "identity"."mailed_token" ("tenant_id");`);
    this.addSql(`alter table "identity"."mailed_token" add constraint "mailed_token_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "mailed_token_actor_id_purpose_index" on "identity"."mailed_token" ("actor_id", "purpose");`);

    this.addSql(`alter table "identity"."customer" add column "email_verified_at" timestamptz null;`);

    this.addSql(`alter table "identity"."tenant" add column "password_reset_url" varchar(500) null, add column "email_verification_url" varchar(500) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "identity"."mailed_token" cascade;`);

    this.addSql(`alter table "identity"."customer" drop column "email_verified_at";`);

    this.addSql(`alter table "identity"."tenant" drop column "password_reset_url", drop column "email_verification_url";`);
  }

}
