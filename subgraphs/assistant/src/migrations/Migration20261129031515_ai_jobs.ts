import { Migration } from '@mikro-orm/migrations';

export class Migration20261129031515_ai_jobs extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "assistant"."ai_job" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "kind" varchar(20) not null, "status" varchar(20) not null default 'queued', "input" jsonb not null, "owner" varchar(120) not null, "progress" int not null default 0, "total" int not null, "result" jsonb null, "error" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "finished_at" timestamptz null, constraint "ai_job_pkey" primary key ("id"));`);
    this.addSql(`create index "ai_job_tenant_id_index" on "assistant"."ai_job" ("tenant_id");`);
    this.addSql(`create index "ai_job_tenant_id_created_at_index" on "assistant"."ai_job" ("tenant_id", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "assistant"."ai_job" cascade;`);
  }

}
