import { Migration } from '@mikro-orm/migrations';

const TENANT_TABLES = [
  'region', 'region_country', 'product_collection', 'product_category', 'product_type', 'product_tag', 'product',
  'product_option', 'product_option_value', 'product_variant', 'price', 'inventory_level', 'product_image',
];
const LINK_TABLES = ['product_category_link', 'product_tag_link', 'variant_option_value'];

/**
 * Catalog caches on every instance are invalidated by NOTIFY catalog_changed(<tenant id>), sent
 * on commit by these triggers whatever wrote the row (services, bulk loads, manual SQL). Link
 * tables carry no tenant id: a change there invalidates every tenant ('*'). (The outbox trigger
 * this migration used to create comes from the kit migrations now.)
 */
export class Migration20261121061520_triggers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function "catalog".notify_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then perform pg_notify('catalog_changed', old.tenant_id);
  else perform pg_notify('catalog_changed', new.tenant_id); end if;
  return null;
end $$;`);
    this.addSql(`create or replace function "catalog".notify_change_all() returns trigger language plpgsql as $$
begin perform pg_notify('catalog_changed', '*'); return null; end $$;`);
    for (const t of TENANT_TABLES) {
      this.addSql(`create trigger ${t}_changed after insert or update or delete on "catalog"."${t}" for each row execute function "catalog".notify_change();`);
    }
    for (const t of LINK_TABLES) {
      this.addSql(`create trigger ${t}_changed after insert or update or delete on "catalog"."${t}" for each statement execute function "catalog".notify_change_all();`);
    }
  }

  override async down(): Promise<void> {
    for (const t of [...TENANT_TABLES, ...LINK_TABLES]) this.addSql(`drop trigger if exists ${t}_changed on "catalog"."${t}";`);
    this.addSql(`drop function if exists "catalog".notify_change(); drop function if exists "catalog".notify_change_all();`);
  }
}
