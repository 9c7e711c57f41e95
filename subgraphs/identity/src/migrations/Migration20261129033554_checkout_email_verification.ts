import { Migration } from '@mikro-orm/migrations';

export class Migration20261129033554_checkout_email_verification extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "identity"."tenant" add column "require_email_verification" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "identity"."tenant" drop column "require_email_verification";`);
  }

}
