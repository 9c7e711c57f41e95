import { Migration } from '@mikro-orm/migrations';

export class Migration20261123064547_reviews_templates extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "catalog"."product_template" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "name" varchar(200) not null, "description" text null, "options" jsonb not null, "attributes" jsonb not null, "default_status" varchar(20) not null default 'draft', "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "product_template_pkey" primary key ("id"));`);
    this.addSql(`create index "product_template_tenant_id_index" on "catalog"."product_template" ("tenant_id");`);
    this.addSql(`alter table "catalog"."product_template" add constraint "product_template_tenant_id_name_unique" unique ("tenant_id", "name");`);

    this.addSql(`create table "catalog"."product_review" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "product_id" varchar(40) not null, "customer_id" varchar(40) null, "author_name" varchar(100) not null, "rating" smallint not null, "title" varchar(200) null, "content" text not null, "status" varchar(20) not null default 'pending', "moderated_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "product_review_pkey" primary key ("id"), constraint product_review_rating_check check (rating between 1 and 5));`);
    this.addSql(`create index "product_review_tenant_id_index" on "catalog"."product_review" ("tenant_id");`);
    this.addSql(`create index "product_review_tenant_id_status_created_at_index" on "catalog"."product_review" ("tenant_id", "status", "created_at");`);
    this.addSql(`create index "product_review_tenant_id_product_id_status_created_at_index" on "catalog"."product_review" ("tenant_id", "product_id", "status", "created_at");`);
    this.addSql(`alter table "catalog"."product_review" add constraint "product_review_tenant_id_product_id_customer_id_unique" unique ("tenant_id", "product_id", "customer_id");`);

    this.addSql(`alter table "catalog"."product_review" add constraint "product_review_product_id_foreign" foreign key ("product_id") references "catalog"."product" ("id") on update cascade on delete cascade;`);
    // (the generator also proposed dropping variant_image_image_id_index, which the variant_images
    // migration adds by hand for the foreign key; kept)

    // cache invalidation like the other document tables: the product document carries the rating of
    // its approved reviews, so a change that makes, unmakes or alters an approved review drops that
    // one document (pending reviews touch no cached read)
    this.addSql(`create or replace function "catalog".notify_product_review_change() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' and old.status = 'approved' then
    perform pg_notify('catalog_changed', old.tenant_id || '|doc|' || old.product_id);
  end if;
  if tg_op <> 'DELETE' and new.status = 'approved' and (tg_op = 'INSERT' or old.product_id is distinct from new.product_id or old.status <> 'approved'
      or old.rating <> new.rating) then
    perform pg_notify('catalog_changed', new.tenant_id || '|doc|' || new.product_id);
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger product_review_changed after insert or update or delete on "catalog"."product_review" for each row execute function "catalog".notify_product_review_change();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "catalog"."product_template" cascade;`);

    this.addSql(`drop table if exists "catalog"."product_review" cascade;`);
    this.addSql(`drop function if exists "catalog".notify_product_review_change();`);
  }

}
