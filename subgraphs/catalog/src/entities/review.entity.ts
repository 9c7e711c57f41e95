import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId, type ReviewStatus } from '@svc/kit';
import { Product } from './product.entity';

/**
 * A customer's review of a product. Created `pending`; only `approved` reviews are listed and count
 * in the product's rating. One per customer and product: the unique constraint decides races
 * (PostgreSQL treats null customer ids, the seeded reviews, as distinct).
 */
@Entity({ tableName: 'product_review' })
@Unique({ properties: ['tenantId', 'product', 'customerId'] })
@Index({ properties: ['tenantId', 'product', 'status', 'createdAt'] })
@Index({ properties: ['tenantId', 'status', 'createdAt'] })
@Check({ name: 'product_review_rating_check', expression: 'rating between 1 and 5' })
export class ProductReview extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('prev');
  @ManyToOne(() => Product, { deleteRule: 'cascade' }) product!: Product;
  /** the reviewing customer; null for reviews not written by a signed-in customer (the demo seed) */
  @Property({ type: 'string', length: 40, nullable: true }) customerId: string | null = null;
  /** what a storefront shows of the author: first name and last initial, taken when the review is written */
  @Property({ type: 'string', length: 100 }) authorName!: string;
  @Property({ type: 'smallint' }) rating!: number;
  @Property({ type: 'string', length: 200, nullable: true }) title: string | null = null;
  @Property({ type: 'text' }) content!: string;
  @Property({ type: 'string', length: 20, default: 'pending' }) status: ReviewStatus = 'pending';
  @Property({ type: 'datetime', nullable: true }) moderatedAt: Date | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
