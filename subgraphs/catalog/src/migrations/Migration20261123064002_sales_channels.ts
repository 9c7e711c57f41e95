import { Migration } from '@mikro-orm/migrations';

export class Migration20261123064002_sales_channels extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "catalog"."sales_channel" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "name" varchar(200) not null, "description" varchar(1000) null, "is_disabled" boolean not null default false, "metadata" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "sales_channel_pkey" primary key ("id"));`);
    this.addSql(`create index "sales_channel_tenant_id_index" on "catalog"."sales_channel" ("tenant_id");`);

    this.addSql(`create table "catalog"."product_sales_channel" ("product_id" varchar(40) not null, "sales_channel_id" varchar(40) not null, constraint "product_sales_channel_pkey" primary key ("product_id", "sales_channel_id"));`);

    this.addSql(`alter table "catalog"."product_sales_channel" add constraint "product_sales_channel_product_id_foreign" foreign key ("product_id") references "catalog"."product" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "catalog"."product_sales_channel" add constraint "product_sales_channel_sales_channel_id_foreign" foreign key ("sales_channel_id") references "catalog"."sales_channel" ("id") on update cascade on delete cascade;`);
    // channel membership decides which products a key's lists show: a change drops the tenant's list pages
    this.addSql(`create or replace function "catalog".notify_product_sales_channel_change() returns trigger language plpgsql as $$
declare row_product varchar(40);
begin
  if tg_op = 'DELETE' then row_product := old.product_id; else row_product := new.product_id; end if;
  perform pg_notify('catalog_changed', p.tenant_id || '|list|' || p.id) from "catalog".product p where p.id = row_product;
  return null;
end $$;`);
    this.addSql(`create trigger product_sales_channel_changed after insert or update or delete on "catalog"."product_sales_channel" for each row execute function "catalog".notify_product_sales_channel_change();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists "catalog".notify_product_sales_channel_change() cascade;`);
    this.addSql(`alter table "catalog"."product_sales_channel" drop constraint "product_sales_channel_sales_channel_id_foreign";`);

    this.addSql(`drop table if exists "catalog"."sales_channel" cascade;`);

    this.addSql(`drop table if exists "catalog"."product_sales_channel" cascade;`);

  }

}
