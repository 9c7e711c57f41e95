import { Migration } from '@mikro-orm/migrations';

export class Migration20261129002515_api_key_scope extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "identity"."agent_api_key" add column "scope" varchar(20) not null default 'agent';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "identity"."agent_api_key" drop column "scope";`);
  }

}
