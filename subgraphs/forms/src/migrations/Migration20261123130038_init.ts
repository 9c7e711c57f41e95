import { Migration } from '@mikro-orm/migrations';

export class Migration20261123130038_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "forms";`);
    this.addSql(`create table "forms"."form" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "slug" varchar(200) not null, "title" varchar(300) not null, "description" text null, "fields" jsonb not null, "success_message" varchar(1000) null, "success_redirect" varchar(2000) null, "notification_recipients" jsonb not null, "status" varchar(20) not null default 'active', "is_popup" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "form_pkey" primary key ("id"), constraint form_status_check check (status in ('active', 'inactive')));`);
    this.addSql(`create index "form_tenant_id_index" on "forms"."form" ("tenant_id");`);
    this.addSql(`alter table "forms"."form" add constraint "form_tenant_id_slug_unique" unique ("tenant_id", "slug");`);

    this.addSql(`create table "forms"."form_submission" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "form_id" varchar(40) not null, "data" jsonb not null, "ip_hash" varchar(64) null, "user_agent" varchar(500) null, "notified_at" timestamptz null, "created_at" timestamptz not null, constraint "form_submission_pkey" primary key ("id"));`);
    this.addSql(`create index "form_submission_tenant_id_index" on "forms"."form_submission" ("tenant_id");`);
    this.addSql(`create index "form_submission_tenant_id_form_id_created_at_index" on "forms"."form_submission" ("tenant_id", "form_id", "created_at");`);

    this.addSql(`create table "forms"."form_verifier" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "provider" varchar(20) not null, "secret_sealed" text not null, "verify_url" varchar(2000) null, "min_score" double precision null, "enabled" boolean not null default true, "updated_at" timestamptz not null, constraint "form_verifier_pkey" primary key ("id"), constraint form_verifier_provider_check check (provider in ('recaptcha', 'hcaptcha', 'turnstile')));`);
    this.addSql(`create index "form_verifier_tenant_id_index" on "forms"."form_verifier" ("tenant_id");`);
    this.addSql(`alter table "forms"."form_verifier" add constraint "form_verifier_tenant_id_unique" unique ("tenant_id");`);

    this.addSql(`alter table "forms"."form_submission" add constraint "form_submission_form_id_foreign" foreign key ("form_id") references "forms"."form" ("id") on update cascade on delete cascade;`);
    // the foreign key's own index (deleting a form deletes its submissions)
    this.addSql(`create index "form_submission_form_id_index" on "forms"."form_submission" ("form_id");`);

    // at most one active popup form per tenant, decided by the database (two concurrent activations: one wins)
    this.addSql(`create unique index "form_one_active_popup" on "forms"."form" ("tenant_id") where is_popup and status = 'active';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "forms"."form_submission" drop constraint "form_submission_form_id_foreign";`);

    this.addSql(`drop table if exists "forms"."form" cascade;`);

    this.addSql(`drop table if exists "forms"."form_submission" cascade;`);

    this.addSql(`drop table if exists "forms"."form_verifier" cascade;`);

    this.addSql(`drop schema if exists "forms";`);
  }

}
