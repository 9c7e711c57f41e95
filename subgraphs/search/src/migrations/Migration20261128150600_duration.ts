import { Migration } from '@mikro-orm/migrations';

export class Migration20261128150600_duration extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "search"."search_document" add column "duration_days" int null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "search"."search_document" drop column "duration_days";`);
  }

}
