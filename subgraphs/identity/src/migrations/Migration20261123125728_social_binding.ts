import { Migration } from '@mikro-orm/migrations';

export class Migration20261123125728_social_binding extends Migration {

  override async up(): Promise<void> {
    // sign-ins in progress have no binding: they are dropped (they last 10 minutes anyway)
    this.addSql(`delete from "identity"."social_state";`);
    this.addSql(`alter table "identity"."social_state" add column "binding_hash" varchar(64) not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "identity"."social_state" drop column "binding_hash";`);
  }

}
