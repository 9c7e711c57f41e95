import { Migration } from '@mikro-orm/migrations';

/**
 * Finer cache invalidation. The NOTIFY payload now says how much a change touches:
 *   `<tenant>|doc|<product id>`   one product document (variants, options, images, stock)
 *   `<tenant>|list|<product id>`  that document and the tenant's list pages (product rows and
 *                                 prices decide membership and order of lists and price filters)
 *   `<tenant>`                    everything of the tenant (regions, collections, categories, …)
 * so that frequent writes such as stock changes no longer empty a tenant's whole cache.
 */
const DOC_TABLES: Record<string, string> = {
  product_variant: 'new_row.product_id',
  product_option: 'new_row.product_id',
  product_image: 'new_row.product_id',
  product_option_value: `(select o.product_id from "catalog".product_option o where o.id = new_row.option_id)`,
  inventory_level: `(select v.product_id from "catalog".product_variant v where v.id = new_row.variant_id)`,
};
const LIST_TABLES: Record<string, string> = {
  product: 'new_row.id',
  price: `(select v.product_id from "catalog".product_variant v where v.id = new_row.variant_id)`,
};

function fn(table: string, kind: 'doc' | 'list', productExpr: string): string {
  return `create or replace function "catalog".notify_${table}_change() returns trigger language plpgsql as $$
declare new_row "catalog"."${table}";
begin
  if tg_op = 'DELETE' then new_row := old; else new_row := new; end if;
  perform pg_notify('catalog_changed', new_row.tenant_id || '|${kind}|' || coalesce(${productExpr}, ''));
  return null;
end $$;`;
}

export class Migration20261121070328_product_level_invalidation extends Migration {
  override async up(): Promise<void> {
    for (const [kind, tables] of [['doc', DOC_TABLES], ['list', LIST_TABLES]] as const) {
      for (const [table, expr] of Object.entries(tables)) {
        this.addSql(fn(table, kind, expr));
        this.addSql(`drop trigger if exists ${table}_changed on "catalog"."${table}";`);
        this.addSql(`create trigger ${table}_changed after insert or update or delete on "catalog"."${table}" for each row execute function "catalog".notify_${table}_change();`);
      }
    }
  }

  override async down(): Promise<void> {
    for (const table of [...Object.keys(DOC_TABLES), ...Object.keys(LIST_TABLES)]) {
      this.addSql(`drop trigger if exists ${table}_changed on "catalog"."${table}";`);
      this.addSql(`drop function if exists "catalog".notify_${table}_change();`);
      this.addSql(`create trigger ${table}_changed after insert or update or delete on "catalog"."${table}" for each row execute function "catalog".notify_change();`);
    }
  }
}
