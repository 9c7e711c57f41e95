import { Migration } from '@mikro-orm/migrations';

export class Migration20261123062223_storefront_servers extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "identity"."tenant" add column "storefront_servers" jsonb not null default '[]';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "identity"."tenant" drop column "storefront_servers";`);
  }

}
