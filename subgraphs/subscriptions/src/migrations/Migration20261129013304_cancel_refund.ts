import { Migration } from '@mikro-orm/migrations';

export class Migration20261129013304_cancel_refund extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "subscriptions"."subscription" add column "refund_amount" numeric(30,0) null, add column "refund_status" varchar(20) null, add column "refund_reference" varchar(200) null;`);

    this.addSql(`alter table "subscriptions"."subscription_ledger" add column "payment_data" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "subscriptions"."subscription" drop column "refund_amount", drop column "refund_status", drop column "refund_reference";`);

    this.addSql(`alter table "subscriptions"."subscription_ledger" drop column "payment_data";`);
  }

}
