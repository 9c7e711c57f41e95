import { Migration } from '@mikro-orm/migrations';

export class Migration20261129033655_privacy_requests extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "identity"."privacy_request" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "customer_id" varchar(40) not null, "kind" varchar(20) not null, "status" varchar(20) not null default 'pending', "requested_by_type" varchar(20) not null, "requested_by_id" varchar(40) null, "subject_sealed" text null, "results" jsonb null, "export_data" jsonb null, "download_hash" varchar(64) null, "download_expires_at" timestamptz null, "created_at" timestamptz not null, "completed_at" timestamptz null, constraint "privacy_request_pkey" primary key ("id"));`);
    this.addSql(`create index "privacy_request_tenant_id_index" on "identity"."privacy_request" ("tenant_id");`);
    this.addSql(`create index "privacy_request_customer_id_index" on "identity"."privacy_request" ("customer_id");`);
    this.addSql(`create index "privacy_request_download_hash_index" on "identity"."privacy_request" ("download_hash");`);

    this.addSql(`create table "identity"."privacy_settings" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "review_policy" varchar(20) not null default 'anonymise', "updated_at" timestamptz not null, constraint "privacy_settings_pkey" primary key ("id"));`);
    this.addSql(`create index "privacy_settings_tenant_id_index" on "identity"."privacy_settings" ("tenant_id");`);
    this.addSql(`alter table "identity"."privacy_settings" add constraint "privacy_settings_tenant_id_unique" unique ("tenant_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "identity"."privacy_request" cascade;`);

    this.addSql(`drop table if exists "identity"."privacy_settings" cascade;`);
  }

}
