import { Migration } from '@mikro-orm/migrations';

/**
 * What the entity metadata cannot say: the consent audit trail is append-only (a trigger refuses
 * every UPDATE and DELETE of its rows), and a tenant has at most one newsletter list.
 */
export class Migration20261123145431_append_only extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function "marketing".consent_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'consent_audit is append-only' using errcode = 'insufficient_privilege';
end $$;`);
    this.addSql(`create trigger consent_audit_append_only before update or delete on "marketing"."consent_audit" for each row execute function "marketing".consent_audit_append_only();`);
    this.addSql(`create unique index "mailing_list_one_newsletter" on "marketing"."mailing_list" ("tenant_id") where is_newsletter;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "marketing"."mailing_list_one_newsletter";`);
    this.addSql(`drop trigger if exists consent_audit_append_only on "marketing"."consent_audit";`);
    this.addSql(`drop function if exists "marketing".consent_audit_append_only();`);
  }
}
