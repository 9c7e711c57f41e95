import { Migration } from '@mikro-orm/migrations';

export class Migration20261129210118_store_skill_choice extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "assistant"."skill_setting" add column "store_enabled" boolean not null default true;`);
    this.addSql(`alter table "assistant"."skill_setting" alter column "enabled" type boolean using ("enabled"::boolean);`);
    this.addSql(`alter table "assistant"."skill_setting" alter column "enabled" set default true;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "assistant"."skill_setting" drop column "store_enabled";`);
  }

}
