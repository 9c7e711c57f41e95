import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantOwned } from '@svc/kit';

/**
 * One use of a promotion by one cart completion run (`key`): claiming inserts it and counts the use
 * in the same transaction, giving it back deletes it and uncounts it, so a repeated claim or
 * release never counts twice.
 */
@Entity({ tableName: 'promotion_usage' })
export class PromotionUsage extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) promotionId!: string;
  @PrimaryKey({ type: 'string', length: 200 }) key!: string;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
}
