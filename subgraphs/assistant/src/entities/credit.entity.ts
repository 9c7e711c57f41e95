import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * The store's credit plan (its monthly allowance of assistant credits), set by the platform
 * operator; a store without a row is on the `starter` plan. Table `assistant.credit_account`.
 */
@Entity({ tableName: 'credit_account' })
@Unique({ properties: ['tenantId'] })
export class CreditAccount extends TenantOwned {
  [OptionalProps]?: 'id' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('acrd');
  @Property({ type: 'string', length: 20 }) plan!: string;
  @Property({ type: 'datetime' }) updatedAt: Date = new Date();
}

/**
 * The credit ledger, append-only (rows are inserted, never updated or deleted): `top_up` adds
 * pay-as-you-go credits (they do not expire), `spend` takes one call's cost (one row per call),
 * from the month's allowance first (`allowance_part`), the rest from the top-ups, with the skill
 * and model tier it was spent on. Table `assistant.credit_entry`.
 */
@Entity({ tableName: 'credit_entry' })
@Index({ properties: ['tenantId', 'period'] })
export class CreditEntry extends TenantOwned {
  [OptionalProps]?: 'id' | 'createdAt' | 'skill' | 'tier' | 'allowancePart' | 'note';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('cred');
  /** top_up or spend */
  @Property({ type: 'string', length: 20 }) kind!: string;
  /** positive for a top-up, negative for a spend */
  @Property({ type: 'integer' }) amount!: number;
  /** of a spend: how many of its credits came from the month's allowance (the rest from top-ups) */
  @Property({ type: 'integer' }) allowancePart: number = 0;
  @Property({ type: 'string', length: 60, nullable: true }) skill: string | null = null;
  @Property({ type: 'string', length: 20, nullable: true }) tier: string | null = null;
  /** the UTC month (`2027-06`) */
  @Property({ type: 'string', length: 7 }) period!: string;
  @Property({ type: 'string', length: 200, nullable: true }) note: string | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
}
