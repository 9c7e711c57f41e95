import { Migration } from '@mikro-orm/migrations';

export class Migration20261123145426_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "marketing";`);
    this.addSql(`create table "marketing"."analytics_event" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "session_hash" varchar(64) not null, "type" varchar(30) not null, "name" varchar(100) null, "url" varchar(2000) null, "referrer" varchar(2000) null, "utm_source" varchar(200) null, "utm_medium" varchar(200) null, "utm_campaign" varchar(200) null, "utm_term" varchar(200) null, "utm_content" varchar(200) null, "properties" jsonb null, "occurred_at" timestamptz not null, constraint "analytics_event_pkey" primary key ("id"));`);
    this.addSql(`create index "analytics_event_tenant_id_index" on "marketing"."analytics_event" ("tenant_id");`);
    this.addSql(`create index "analytics_event_tenant_id_session_hash_occurred_at_index" on "marketing"."analytics_event" ("tenant_id", "session_hash", "occurred_at");`);
    this.addSql(`create index "analytics_event_tenant_id_occurred_at_index" on "marketing"."analytics_event" ("tenant_id", "occurred_at");`);

    this.addSql(`create table "marketing"."campaign_click" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "campaign_id" varchar(40) not null, "subscriber_id" varchar(40) not null, "url" varchar(2000) not null, "created_at" timestamptz not null, constraint "campaign_click_pkey" primary key ("id"));`);
    this.addSql(`create index "campaign_click_tenant_id_index" on "marketing"."campaign_click" ("tenant_id");`);
    this.addSql(`create index "campaign_click_tenant_id_campaign_id_index" on "marketing"."campaign_click" ("tenant_id", "campaign_id");`);

    this.addSql(`create table "marketing"."consent_audit" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "session_hash" varchar(64) not null, "action" varchar(20) not null, "banner_version" int not null, "categories" jsonb not null, "consent_mode" jsonb not null, "tcf_string" text null, "ip_hash" varchar(64) null, "user_agent" varchar(500) null, "created_at" timestamptz not null, constraint "consent_audit_pkey" primary key ("id"));`);
    this.addSql(`create index "consent_audit_tenant_id_index" on "marketing"."consent_audit" ("tenant_id");`);
    this.addSql(`create index "consent_audit_tenant_id_session_hash_index" on "marketing"."consent_audit" ("tenant_id", "session_hash");`);
    this.addSql(`create index "consent_audit_tenant_id_created_at_index" on "marketing"."consent_audit" ("tenant_id", "created_at");`);

    this.addSql(`create table "marketing"."consent_state" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "session_hash" varchar(64) not null, "banner_version" int not null, "categories" jsonb not null, "consent_mode" jsonb not null, "analytics" boolean not null, "tcf_string" text null, "withdrawn_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "consent_state_pkey" primary key ("id"));`);
    this.addSql(`create index "consent_state_tenant_id_index" on "marketing"."consent_state" ("tenant_id");`);
    this.addSql(`alter table "marketing"."consent_state" add constraint "consent_state_tenant_id_session_hash_unique" unique ("tenant_id", "session_hash");`);

    this.addSql(`create table "marketing"."cookie_banner" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "version" int not null default 1, "config" jsonb not null, "updated_at" timestamptz not null, constraint "cookie_banner_pkey" primary key ("id"));`);
    this.addSql(`create index "cookie_banner_tenant_id_index" on "marketing"."cookie_banner" ("tenant_id");`);
    this.addSql(`alter table "marketing"."cookie_banner" add constraint "cookie_banner_tenant_id_unique" unique ("tenant_id");`);

    this.addSql(`create table "marketing"."email_message" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "kind" varchar(20) not null, "campaign_id" varchar(40) null, "subscriber_id" varchar(40) not null, "to" varchar(320) not null, "subject" varchar(300) not null, "text" text not null, "html" text null, "headers" jsonb not null, "status" varchar(20) not null default 'queued', "attempts" int not null default 0, "last_error" varchar(1000) null, "via" varchar(1000) null, "message_id" varchar(300) null, "sent_at" timestamptz null, "open_count" int not null default 0, "first_opened_at" timestamptz null, "click_count" int not null default 0, "first_clicked_at" timestamptz null, "created_at" timestamptz not null, constraint "email_message_pkey" primary key ("id"), constraint email_message_status_check check (status in ('queued', 'sent', 'stored', 'failed')));`);
    this.addSql(`create index "email_message_tenant_id_index" on "marketing"."email_message" ("tenant_id");`);
    this.addSql(`create index "email_message_tenant_id_created_at_index" on "marketing"."email_message" ("tenant_id", "created_at");`);
    this.addSql(`alter table "marketing"."email_message" add constraint "email_message_tenant_id_campaign_id_subscriber_id_unique" unique ("tenant_id", "campaign_id", "subscriber_id");`);

    this.addSql(`create table "marketing"."mailing_list" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "handle" varchar(200) not null, "name" varchar(300) not null, "description" text null, "double_opt_in" boolean not null default true, "is_newsletter" boolean not null default false, "confirmation_url" varchar(2000) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "mailing_list_pkey" primary key ("id"));`);
    this.addSql(`create index "mailing_list_tenant_id_index" on "marketing"."mailing_list" ("tenant_id");`);
    this.addSql(`alter table "marketing"."mailing_list" add constraint "mailing_list_tenant_id_handle_unique" unique ("tenant_id", "handle");`);

    this.addSql(`create table "marketing"."campaign" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "list_id" varchar(40) not null, "name" varchar(300) not null, "subject" varchar(300) not null, "html" text not null, "text" text not null, "links" jsonb not null, "status" varchar(20) not null default 'draft', "recipients" int not null default 0, "sent_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "campaign_pkey" primary key ("id"), constraint campaign_status_check check (status in ('draft', 'sending', 'sent')));`);
    this.addSql(`create index "campaign_tenant_id_index" on "marketing"."campaign" ("tenant_id");`);

    this.addSql(`create table "marketing"."sender_settings" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "from_address" varchar(400) null, "reply_to" varchar(320) null, "dkim_domain" varchar(253) null, "dkim_selector" varchar(63) null, "dkim_key_sealed" text null, "updated_at" timestamptz not null, constraint "sender_settings_pkey" primary key ("id"));`);
    this.addSql(`create index "sender_settings_tenant_id_index" on "marketing"."sender_settings" ("tenant_id");`);
    this.addSql(`alter table "marketing"."sender_settings" add constraint "sender_settings_tenant_id_unique" unique ("tenant_id");`);

    this.addSql(`create table "marketing"."subscriber" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "list_id" varchar(40) not null, "email" varchar(320) not null, "status" varchar(20) not null default 'pending', "source" varchar(40) not null default 'email-subscribe', "first_name" varchar(200) null, "ip_hash" varchar(64) null, "confirmation_sent_at" timestamptz null, "confirmed_at" timestamptz null, "unsubscribed_at" timestamptz null, "unsubscribe_reason" varchar(1000) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "subscriber_pkey" primary key ("id"), constraint subscriber_status_check check (status in ('pending', 'subscribed', 'unsubscribed')));`);
    this.addSql(`create index "subscriber_tenant_id_index" on "marketing"."subscriber" ("tenant_id");`);
    this.addSql(`create index "subscriber_list_id_status_index" on "marketing"."subscriber" ("list_id", "status");`);
    this.addSql(`alter table "marketing"."subscriber" add constraint "subscriber_tenant_id_list_id_email_unique" unique ("tenant_id", "list_id", "email");`);

    this.addSql(`alter table "marketing"."campaign" add constraint "campaign_list_id_foreign" foreign key ("list_id") references "marketing"."mailing_list" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "marketing"."subscriber" add constraint "subscriber_list_id_foreign" foreign key ("list_id") references "marketing"."mailing_list" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "marketing"."campaign" drop constraint "campaign_list_id_foreign";`);

    this.addSql(`alter table "marketing"."subscriber" drop constraint "subscriber_list_id_foreign";`);

    this.addSql(`drop table if exists "marketing"."analytics_event" cascade;`);

    this.addSql(`drop table if exists "marketing"."campaign_click" cascade;`);

    this.addSql(`drop table if exists "marketing"."consent_audit" cascade;`);

    this.addSql(`drop table if exists "marketing"."consent_state" cascade;`);

    this.addSql(`drop table if exists "marketing"."cookie_banner" cascade;`);

    this.addSql(`drop table if exists "marketing"."email_message" cascade;`);

    this.addSql(`drop table if exists "marketing"."mailing_list" cascade;`);

    this.addSql(`drop table if exists "marketing"."campaign" cascade;`);

    this.addSql(`drop table if exists "marketing"."sender_settings" cascade;`);

    this.addSql(`drop table if exists "marketing"."subscriber" cascade;`);

    this.addSql(`drop schema if exists "marketing";`);
  }

}
