import { Migration } from '@mikro-orm/migrations';

export class Migration20261129183443_page_scheduled extends Migration {

  // pages may be scheduled (schedulePage); only the hand-written status check changes (the generator's
  // diff would also drop the hand-written checks and indexes of the init migration, so it is not kept)
  override async up(): Promise<void> {
    this.addSql(`alter table "content"."page" drop constraint if exists "page_status_check";`);
    this.addSql(`alter table "content"."page" add constraint "page_status_check" check ("status" in ('draft', 'scheduled', 'published'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "content"."page" set "status" = 'draft' where "status" = 'scheduled';`);
    this.addSql(`alter table "content"."page" drop constraint if exists "page_status_check";`);
    this.addSql(`alter table "content"."page" add constraint "page_status_check" check ("status" in ('draft', 'published'));`);
  }

}
