import { Migration } from '@mikro-orm/migrations';
import { outboxTriggerSql } from '@svc/kit';

/** Wakes the outbox relay when an identity event is committed. */
export class Migration20261121061517_triggers extends Migration {
  override async up(): Promise<void> {
    this.addSql(outboxTriggerSql('identity'));
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists outbox_event_notify on "identity".outbox_event; drop function if exists "identity".notify_outbox();`);
  }
}
