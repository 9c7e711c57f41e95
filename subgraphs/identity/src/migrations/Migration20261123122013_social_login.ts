import { Migration } from '@mikro-orm/migrations';

export class Migration20261123122013_social_login extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "identity"."social_link" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "customer_id" varchar(40) not null, "provider" varchar(20) not null, "subject" varchar(255) not null, "email" varchar(320) null, "email_verified" boolean not null default false, "display_name" varchar(300) null, "avatar_url" varchar(1000) null, "created_at" timestamptz not null, "last_login_at" timestamptz not null, constraint "social_link_pkey" primary key ("id"));`);
    this.addSql(`create index "social_link_tenant_id_index" on "identity"."social_link" ("tenant_id");`);
    this.addSql(`create index "social_link_customer_id_index" on "identity"."social_link" ("customer_id");`);
    this.addSql(`alter table "identity"."social_link" add constraint "social_link_tenant_id_customer_id_provider_unique" unique ("tenant_id", "customer_id", "provider");`);
    this.addSql(`alter table "identity"."social_link" add constraint "social_link_tenant_id_provider_subject_unique" unique ("tenant_id", "provider", "subject");`);

    this.addSql(`create table "identity"."social_provider" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "provider" varchar(20) not null, "enabled" boolean not null default true, "client_id" varchar(500) not null, "client_secret_sealed" text null, "scopes" jsonb not null, "issuer" varchar(500) null, "authorization_url" varchar(500) null, "token_url" varchar(500) null, "userinfo_url" varchar(500) null, "redirect_uri" varchar(500) null, "apple_team_id" varchar(40) null, "apple_key_id" varchar(40) null, "apple_private_key_sealed" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "social_provider_pkey" primary key ("id"));`);
    this.addSql(`create index "social_provider_tenant_id_index" on "identity"."social_provider" ("tenant_id");`);
    this.addSql(`alter table "identity"."social_provider" add constraint "social_provider_tenant_id_provider_unique" unique ("tenant_id", "provider");`);

    this.addSql(`create table "identity"."social_state" ("id" varchar(64) not null, "tenant_id" varchar(40) not null, "provider" varchar(20) not null, "code_verifier" varchar(128) not null, "nonce" varchar(64) null, "redirect_uri" varchar(500) not null, "return_to" varchar(2000) not null, "link_customer_id" varchar(40) null, "expires_at" timestamptz not null, constraint "social_state_pkey" primary key ("id"));`);
    this.addSql(`create index "social_state_expires_at_index" on "identity"."social_state" ("expires_at");`);

    this.addSql(`alter table "identity"."tenant" add column "social_login_cookie" boolean not null default false, add column "social_login_cookie_domain" varchar(200) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "identity"."social_link" cascade;`);

    this.addSql(`drop table if exists "identity"."social_provider" cascade;`);

    this.addSql(`drop table if exists "identity"."social_state" cascade;`);

    this.addSql(`alter table "identity"."tenant" drop column "social_login_cookie", drop column "social_login_cookie_domain";`);
  }

}
