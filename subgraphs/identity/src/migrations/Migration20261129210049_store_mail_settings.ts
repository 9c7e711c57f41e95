import { Migration } from '@mikro-orm/migrations';

export class Migration20261129210049_store_mail_settings extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "identity"."mail_settings" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "sender_name" varchar(200) null, "sender_email" varchar(320) null, "reply_to" varchar(320) null, "smtp_url" varchar(500) null, "smtp_password_sealed" text null, "updated_at" timestamptz not null, constraint "mail_settings_pkey" primary key ("id"));`);
    this.addSql(`create index "mail_settings_tenant_id_index" on "identity"."mail_settings" ("tenant_id");`);
    this.addSql(`alter table "identity"."mail_settings" add constraint "mail_settings_tenant_id_unique" unique ("tenant_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "identity"."mail_settings" cascade;`);
  }

}
