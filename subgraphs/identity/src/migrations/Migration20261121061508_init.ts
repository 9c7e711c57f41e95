import { Migration } from '@mikro-orm/migrations';

export class Migration20261121061508_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "identity";`);
    this.addSql(`create table "identity"."admin_user" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "email" varchar(320) not null, "password_hash" varchar(300) not null, "first_name" varchar(200) null, "last_name" varchar(200) null, "created_at" timestamptz not null, constraint "admin_user_pkey" primary key ("id"));`);
    this.addSql(`create index "admin_user_tenant_id_index" on "identity"."admin_user" ("tenant_id");`);
    this.addSql(`alter table "identity"."admin_user" add constraint "admin_user_email_unique" unique ("email");`);

    this.addSql(`create table "identity"."agent_api_key" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "key_hash" varchar(64) not null, "redacted" varchar(16) not null, "title" varchar(200) not null default 'Agent', "revoked_at" timestamptz null, "created_at" timestamptz not null, constraint "agent_api_key_pkey" primary key ("id"));`);
    this.addSql(`create index "agent_api_key_tenant_id_index" on "identity"."agent_api_key" ("tenant_id");`);
    this.addSql(`alter table "identity"."agent_api_key" add constraint "agent_api_key_key_hash_unique" unique ("key_hash");`);

    this.addSql(`create table "identity"."antispam_use" ("challenge_id" varchar(40) not null, "tenant_id" varchar(40) not null, "expires_at" timestamptz not null, constraint "antispam_use_pkey" primary key ("challenge_id"));`);
    this.addSql(`create index "antispam_use_expires_at_index" on "identity"."antispam_use" ("expires_at");`);

    this.addSql(`create table "identity"."auth_identity" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "email" varchar(320) not null, "password_hash" varchar(300) not null, "customer_id" varchar(40) null, "created_at" timestamptz not null, constraint "auth_identity_pkey" primary key ("id"));`);
    this.addSql(`create index "auth_identity_tenant_id_index" on "identity"."auth_identity" ("tenant_id");`);
    this.addSql(`create index "auth_identity_customer_id_index" on "identity"."auth_identity" ("customer_id");`);
    this.addSql(`alter table "identity"."auth_identity" add constraint "auth_identity_tenant_id_email_unique" unique ("tenant_id", "email");`);

    this.addSql(`create table "identity"."auth_session" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "actor_type" varchar(20) not null, "actor_id" varchar(40) not null, "identity_id" varchar(40) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, constraint "auth_session_pkey" primary key ("id"));`);
    this.addSql(`create index "auth_session_tenant_id_index" on "identity"."auth_session" ("tenant_id");`);

    this.addSql(`create table "identity"."customer" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "email" varchar(320) not null, "first_name" varchar(200) null, "last_name" varchar(200) null, "phone" varchar(50) null, "company_name" varchar(200) null, "has_account" boolean not null default false, "metadata" jsonb null, "default_billing_address_id" varchar(40) null, "default_shipping_address_id" varchar(40) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, constraint "customer_pkey" primary key ("id"));`);
    this.addSql(`create index "customer_tenant_id_index" on "identity"."customer" ("tenant_id");`);
    this.addSql(`alter table "identity"."customer" add constraint "customer_tenant_id_email_unique" unique ("tenant_id", "email");`);

    this.addSql(`create table "identity"."customer_address" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "customer_id" varchar(40) not null, "address_name" varchar(200) null, "is_default_shipping" boolean not null default false, "is_default_billing" boolean not null default false, "company" varchar(200) null, "first_name" varchar(200) null, "last_name" varchar(200) null, "address1" varchar(300) null, "address2" varchar(300) null, "city" varchar(200) null, "country_code" varchar(2) null, "province" varchar(200) null, "postal_code" varchar(40) null, "phone" varchar(50) null, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "customer_address_pkey" primary key ("id"));`);
    this.addSql(`create index "customer_address_tenant_id_index" on "identity"."customer_address" ("tenant_id");`);

    this.addSql(`create table "identity"."publishable_key" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "token" varchar(200) not null, "title" varchar(200) not null default 'Storefront', "revoked_at" timestamptz null, "created_at" timestamptz not null, constraint "publishable_key_pkey" primary key ("id"));`);
    this.addSql(`create index "publishable_key_tenant_id_index" on "identity"."publishable_key" ("tenant_id");`);
    this.addSql(`alter table "identity"."publishable_key" add constraint "publishable_key_token_unique" unique ("token");`);

    this.addSql(`create table "identity"."tenant" ("id" varchar(40) not null, "name" varchar(200) not null, "handle" varchar(100) not null, "antispam_secret" varchar(100) not null, "allowed_origins" jsonb not null, "default_locale" varchar(10) not null default 'en', "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "tenant_pkey" primary key ("id"));`);
    this.addSql(`alter table "identity"."tenant" add constraint "tenant_handle_unique" unique ("handle");`);

    this.addSql(`alter table "identity"."customer_address" add constraint "customer_address_customer_id_foreign" foreign key ("customer_id") references "identity"."customer" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "identity"."customer_address" drop constraint "customer_address_customer_id_foreign";`);

    this.addSql(`drop table if exists "identity"."admin_user" cascade;`);

    this.addSql(`drop table if exists "identity"."agent_api_key" cascade;`);

    this.addSql(`drop table if exists "identity"."antispam_use" cascade;`);

    this.addSql(`drop table if exists "identity"."auth_identity" cascade;`);

    this.addSql(`drop table if exists "identity"."auth_session" cascade;`);

    this.addSql(`drop table if exists "identity"."customer" cascade;`);

    this.addSql(`drop table if exists "identity"."customer_address" cascade;`);

    this.addSql(`drop table if exists "identity"."publishable_key" cascade;`);

    this.addSql(`drop table if exists "identity"."tenant" cascade;`);

    this.addSql(`drop schema if exists "identity";`);
  }

}
