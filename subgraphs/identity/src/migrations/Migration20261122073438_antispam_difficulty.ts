import { Migration } from '@mikro-orm/migrations';

export class Migration20261122073438_antispam_difficulty extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "identity"."tenant" add column "antispam_max_number" int null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "identity"."tenant" drop column "antispam_max_number";`);
  }

}
