import { Migration } from '@mikro-orm/migrations';

export class Migration20261123145815_removals extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "search"."search_removal" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "document_id" varchar(40) not null, "removed_at" timestamptz not null, constraint "search_removal_pkey" primary key ("id"));`);
    this.addSql(`create index "search_removal_tenant_id_index" on "search"."search_removal" ("tenant_id");`);
    this.addSql(`create index "search_removal_tenant_id_removed_at_index" on "search"."search_removal" ("tenant_id", "removed_at");`);
    // hand-written: ids and times of rows written by the indexer's bulk SQL (the generator's other
    // differences are the init migration's hand-written indexes and defaults, kept)
    this.addSql(`alter table "search"."search_removal" alter column "id" set default ('srem_' || replace(gen_random_uuid()::text, '-', ''));`);
    this.addSql(`alter table "search"."search_removal" alter column "removed_at" set default now();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "search"."search_removal" cascade;`);
  }

}
