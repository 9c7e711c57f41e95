import { Migration } from '@mikro-orm/migrations';

export class Migration20261129210048_image_alt extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "catalog"."product_image" add column "alt" varchar(500) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "catalog"."product_image" drop column "alt";`);
  }

}
