import { Migration } from '@mikro-orm/migrations';

export class Migration20261129214132 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "identity"."admin_membership" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "admin_user_id" varchar(40) not null, "added_by" varchar(40) null, "created_at" timestamptz not null, constraint "admin_membership_pkey" primary key ("id"));`);
    this.addSql(`create index "admin_membership_tenant_id_index" on "identity"."admin_membership" ("tenant_id");`);
    this.addSql(`create index "admin_membership_admin_user_id_index" on "identity"."admin_membership" ("admin_user_id");`);
    this.addSql(`alter table "identity"."admin_membership" add constraint "admin_membership_admin_user_id_tenant_id_unique" unique ("admin_user_id", "tenant_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "identity"."admin_membership" cascade;`);
  }

}
