import { Migration } from '@mikro-orm/migrations';

/**
 * Formerly installed the outbox NOTIFY trigger; the kit migrations own it now (kit-migrations.ts).
 * Kept, empty, because databases record it as applied.
 */
export class Migration20261121061517_triggers extends Migration {
  override async up(): Promise<void> {}

  override async down(): Promise<void> {}
}
