import { Migration } from '@mikro-orm/migrations';

export class Migration20261126185556_sequence_position extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "webhooks"."webhook_sequence" add column "last_position" bigint null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhooks"."webhook_sequence" drop column "last_position";`);
  }

}
