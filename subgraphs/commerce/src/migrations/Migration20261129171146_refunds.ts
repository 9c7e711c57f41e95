import { Migration } from '@mikro-orm/migrations';

export class Migration20261129171146_refunds extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "commerce"."payment_session" add column "refunds" jsonb not null default '[]';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "commerce"."payment_session" drop column "refunds";`);
  }

}
