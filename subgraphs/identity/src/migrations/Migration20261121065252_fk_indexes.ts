import { Migration } from '@mikro-orm/migrations';

export class Migration20261121065252_fk_indexes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "customer_address_customer_id_index" on "identity"."customer_address" ("customer_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "identity"."customer_address_customer_id_index";`);
  }

}
