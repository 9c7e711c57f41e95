import { Migration } from '@mikro-orm/migrations';

export class Migration20261123063023_variant_images extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "catalog"."variant_image" ("variant_id" varchar(40) not null, "image_id" varchar(40) not null, constraint "variant_image_pkey" primary key ("variant_id", "image_id"));`);

    this.addSql(`alter table "catalog"."variant_image" add constraint "variant_image_variant_id_foreign" foreign key ("variant_id") references "catalog"."product_variant" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "catalog"."variant_image" add constraint "variant_image_image_id_foreign" foreign key ("image_id") references "catalog"."product_image" ("id") on update cascade on delete cascade;`);
    // cache invalidation like the other document tables (the pivot has no tenant column: the variant names it)
    this.addSql(`create or replace function "catalog".notify_variant_image_change() returns trigger language plpgsql as $$
declare row_variant varchar(40);
begin
  if tg_op = 'DELETE' then row_variant := old.variant_id; else row_variant := new.variant_id; end if;
  perform pg_notify('catalog_changed', v.tenant_id || '|doc|' || v.product_id) from "catalog".product_variant v where v.id = row_variant;
  return null;
end $$;`);
    this.addSql(`create trigger variant_image_changed after insert or update or delete on "catalog"."variant_image" for each row execute function "catalog".notify_variant_image_change();`);

  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists "catalog".notify_variant_image_change() cascade;`);
    this.addSql(`drop table if exists "catalog"."variant_image" cascade;`);
  }

}
