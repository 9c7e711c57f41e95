import { Migration } from '@mikro-orm/migrations';

export class Migration20261129213344_daily extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "analytics"."rollup_day" ("id" bigserial primary key, "tenant_id" varchar(40) not null, "metric" varchar(40) not null, "dim" varchar(40) not null, "value" varchar(300) not null, "currency" varchar(8) not null, "day" date not null, "count" bigint not null, "amount" numeric(20,4) not null);`);
    this.addSql(`create index "rollup_day_tenant_id_index" on "analytics"."rollup_day" ("tenant_id");`);
    this.addSql(`alter table "analytics"."rollup_day" add constraint "rollup_day_cell" unique ("tenant_id", "metric", "dim", "day", "value", "currency");`);
    // by hand (the generator writes no data): the days of the cells kept so far
    this.addSql(`insert into "analytics"."rollup_day" ("tenant_id", "metric", "dim", "day", "value", "currency", "count", "amount") select "tenant_id", "metric", "dim", ("bucket" at time zone 'UTC')::date, "value", "currency", sum("count"), sum("amount") from "analytics"."rollup" group by 1, 2, 3, 4, 5, 6;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "analytics"."rollup_day" cascade;`);
  }

}
