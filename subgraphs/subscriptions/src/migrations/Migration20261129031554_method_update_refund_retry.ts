import { Migration } from '@mikro-orm/migrations';

export class Migration20261129031554_method_update_refund_retry extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "subscriptions"."subscription" add column "refund_attempts" int not null default 0, add column "refund_retry_at" timestamptz null, add column "method_update" jsonb null;`);
    this.addSql(`create index "subscription_refund_retry_at_index" on "subscriptions"."subscription" ("refund_retry_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "subscriptions"."subscription_refund_retry_at_index";`);
    this.addSql(`alter table "subscriptions"."subscription" drop column "refund_attempts", drop column "refund_retry_at", drop column "method_update";`);
  }

}
