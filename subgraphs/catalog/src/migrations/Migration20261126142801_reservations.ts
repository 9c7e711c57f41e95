import { Migration } from '@mikro-orm/migrations';

export class Migration20261126142801_reservations extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "catalog"."inventory_reservation" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "key" varchar(200) not null, "status" varchar(20) not null, "lines" jsonb not null, "expires_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "inventory_reservation_pkey" primary key ("id"));`);
    this.addSql(`create index "inventory_reservation_tenant_id_index" on "catalog"."inventory_reservation" ("tenant_id");`);
    this.addSql(`create index "inventory_reservation_status_expires_at_index" on "catalog"."inventory_reservation" ("status", "expires_at");`);
    this.addSql(`alter table "catalog"."inventory_reservation" add constraint "inventory_reservation_tenant_id_key_unique" unique ("tenant_id", "key");`);

  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "catalog"."inventory_reservation" cascade;`);

  }

}
