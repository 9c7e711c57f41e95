import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

@Entity({ tableName: 'product_collection' })
@Unique({ properties: ['tenantId', 'handle'] })
export class ProductCollection extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('pcol');
  @Property({ type: 'string', length: 300 }) title!: string;
  @Property({ type: 'string', length: 200 }) handle!: string;
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
  @Property({ type: 'datetime', nullable: true }) deletedAt: Date | null = null;
}

@Entity({ tableName: 'product_category' })
@Unique({ properties: ['tenantId', 'handle'] })
export class ProductCategory extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('pcat');
  @Property({ type: 'string', length: 300 }) name!: string;
  @Property({ type: 'text', default: '' }) description: string = '';
  @Property({ type: 'string', length: 200 }) handle!: string;
  @Index() @ManyToOne(() => ProductCategory, { nullable: true, deleteRule: 'set null' }) parent: ProductCategory | null = null;
  @Property({ type: 'integer', default: 0 }) rank: number = 0;
  @Property({ type: 'boolean', default: true }) isActive: boolean = true;
  @Property({ type: 'boolean', default: false }) isInternal: boolean = false;
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
  @Property({ type: 'datetime', nullable: true }) deletedAt: Date | null = null;
}

@Entity({ tableName: 'product_type' })
@Unique({ properties: ['tenantId', 'value'] })
export class ProductType extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('ptyp');
  @Property({ type: 'string', length: 200 }) value!: string;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

@Entity({ tableName: 'product_tag' })
@Unique({ properties: ['tenantId', 'value'] })
export class ProductTag extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('ptag');
  @Property({ type: 'string', length: 200 }) value!: string;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/**
 * A sales channel (Medusa): where products are sold (web shop, app, marketplace …). A publishable
 * key sees the products of its channels; a key without channels sees every product.
 */
@Entity({ tableName: 'sales_channel' })
export class SalesChannel extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('sc');
  @Property({ type: 'string', length: 200 }) name!: string;
  @Property({ type: 'string', length: 1000, nullable: true }) description: string | null = null;
  @Property({ type: 'boolean', default: false }) isDisabled: boolean = false;
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
