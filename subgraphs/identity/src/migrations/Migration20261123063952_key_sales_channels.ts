import { Migration } from '@mikro-orm/migrations';

export class Migration20261123063952_key_sales_channels extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "identity"."publishable_key" add column "sales_channel_ids" jsonb not null default '[]';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "identity"."publishable_key" drop column "sales_channel_ids";`);
  }

}
