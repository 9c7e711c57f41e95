import { Migration } from '@mikro-orm/migrations';

export class Migration20261121065249_fk_indexes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "product_category_parent_id_index" on "catalog"."product_category" ("parent_id");`);

    this.addSql(`create index "product_option_product_id_index" on "catalog"."product_option" ("product_id");`);

    this.addSql(`create index "product_option_value_option_id_index" on "catalog"."product_option_value" ("option_id");`);

    this.addSql(`create index "product_image_product_id_index" on "catalog"."product_image" ("product_id");`);

    this.addSql(`create index "product_variant_product_id_index" on "catalog"."product_variant" ("product_id");`);

    this.addSql(`create index "region_country_region_id_index" on "catalog"."region_country" ("region_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "catalog"."product_category_parent_id_index";`);

    this.addSql(`drop index "catalog"."product_image_product_id_index";`);

    this.addSql(`drop index "catalog"."product_option_product_id_index";`);

    this.addSql(`drop index "catalog"."product_option_value_option_id_index";`);

    this.addSql(`drop index "catalog"."product_variant_product_id_index";`);

    this.addSql(`drop index "catalog"."region_country_region_id_index";`);
  }

}
