import { Migration } from '@mikro-orm/migrations';

export class Migration20261125184913_translations extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "localization"."translation" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "resource_type" varchar(40) not null, "resource_id" varchar(100) not null, "locale" varchar(35) not null, "fields" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "translation_pkey" primary key ("id"));`);
    this.addSql(`create index "translation_tenant_id_index" on "localization"."translation" ("tenant_id");`);
    this.addSql(`create index "translation_tenant_id_resource_type_locale_resource_id_index" on "localization"."translation" ("tenant_id", "resource_type", "locale", "resource_id");`);
    this.addSql(`alter table "localization"."translation" add constraint "translation_tenant_id_resource_type_resource_id_locale_unique" unique ("tenant_id", "resource_type", "resource_id", "locale");`);

  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "localization"."translation" cascade;`);

  }

}
