import { Migration } from '@mikro-orm/migrations';

export class Migration20261123160407_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "localization";`);
    this.addSql(`create table "localization"."currency_pair" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "base" varchar(3) not null, "quote" varchar(3) not null, "manual_rate" numeric(24,12) null, "manual_set_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "currency_pair_pkey" primary key ("id"), constraint currency_pair_manual_rate_check check (manual_rate is null or manual_rate > 0), constraint currency_pair_codes_check check (base ~ '^[A-Z]{3}\$' and quote ~ '^[A-Z]{3}\$' and base <> quote));`);
    this.addSql(`create index "currency_pair_tenant_id_index" on "localization"."currency_pair" ("tenant_id");`);
    this.addSql(`alter table "localization"."currency_pair" add constraint "currency_pair_tenant_id_base_quote_unique" unique ("tenant_id", "base", "quote");`);

    this.addSql(`create table "localization"."locale" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "code" varchar(35) not null, "name" varchar(100) not null, "rtl" boolean not null default false, "is_default" boolean not null default false, "position" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "locale_pkey" primary key ("id"), constraint locale_code_check check (code ~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?\$'));`);
    this.addSql(`create index "locale_tenant_id_index" on "localization"."locale" ("tenant_id");`);
    this.addSql(`alter table "localization"."locale" add constraint "locale_tenant_id_code_unique" unique ("tenant_id", "code");`);
    // hand-written: exactly one default locale per tenant, decided by the database (the generator has no partial indexes)
    this.addSql(`create unique index "locale_one_default" on "localization"."locale" ("tenant_id") where is_default;`);

    this.addSql(`create table "localization"."rate_source" ("source" varchar(10) not null, "base" varchar(3) null, "rate_date" varchar(10) null, "rates" jsonb null, "fetched_at" timestamptz null, "last_attempt_at" timestamptz null, "last_error" varchar(500) null, "ok" boolean not null default false, constraint "rate_source_pkey" primary key ("source"), constraint rate_source_source_check check (source in ('ecb', 'json')));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "localization"."currency_pair" cascade;`);

    this.addSql(`drop table if exists "localization"."locale" cascade;`);

    this.addSql(`drop table if exists "localization"."rate_source" cascade;`);

    this.addSql(`drop schema if exists "localization";`);
  }

}
