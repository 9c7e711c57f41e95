import { Migration } from '@mikro-orm/migrations';

export class Migration20261128102936_line_catalog_refs extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "commerce"."line_item" add column "catalog_refs" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "commerce"."line_item" drop column "catalog_refs";`);
  }

}
