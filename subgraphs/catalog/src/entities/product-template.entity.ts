import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

interface TemplateOption {
  title: string;
  values: string[];
}

/** What the admin product editor starts a new product from: options with their values, attributes, a status. */
@Entity({ tableName: 'product_template' })
@Unique({ properties: ['tenantId', 'name'] })
export class ProductTemplate extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('ptpl');
  @Property({ type: 'string', length: 200 }) name!: string;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  @Property({ type: 'json' }) options: TemplateOption[] = [];
  /** flat key -> value (metadata limits): what a new product's metadata starts with */
  @Property({ type: 'json' }) attributes: Record<string, string | number | boolean | null> = {};
  @Property({ type: 'string', length: 20, default: 'draft' }) defaultStatus: 'draft' | 'proposed' | 'published' = 'draft';
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
