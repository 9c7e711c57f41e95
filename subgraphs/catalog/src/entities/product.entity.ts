import { Collection, Entity, Index, ManyToMany, ManyToOne, OneToMany, OneToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';
import { ProductCategory, ProductCollection, ProductTag, ProductType, SalesChannel } from './taxonomy.entity';

/** `archived`: kept for orders and history, off the storefront and out of the admin's default list */
export type ProductStatus = 'draft' | 'proposed' | 'published' | 'rejected' | 'archived';

@Entity({ tableName: 'product' })
@Unique({ properties: ['tenantId', 'handle'] })
@Index({ properties: ['tenantId', 'status', 'createdAt'] })
export class Product extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('prod');
  @Property({ type: 'string', length: 300 }) title!: string;
  @Property({ type: 'string', length: 200 }) handle!: string;
  @Property({ type: 'string', length: 300, nullable: true }) subtitle: string | null = null;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  @Property({ type: 'boolean', default: false }) isGiftcard: boolean = false;
  @Property({ type: 'string', length: 20, default: 'draft' }) status: ProductStatus = 'draft';
  @Property({ type: 'string', length: 1000, nullable: true }) thumbnail: string | null = null;
  @Property({ type: 'integer', nullable: true }) weight: number | null = null;
  @Property({ type: 'integer', nullable: true }) length: number | null = null;
  @Property({ type: 'integer', nullable: true }) height: number | null = null;
  @Property({ type: 'integer', nullable: true }) width: number | null = null;
  @Property({ type: 'string', length: 2, nullable: true }) originCountry: string | null = null;
  @Property({ type: 'string', length: 50, nullable: true }) hsCode: string | null = null;
  @Property({ type: 'string', length: 50, nullable: true }) midCode: string | null = null;
  @Property({ type: 'string', length: 200, nullable: true }) material: string | null = null;
  @ManyToOne(() => ProductCollection, { nullable: true, deleteRule: 'set null' }) collection: ProductCollection | null = null;
  @ManyToOne(() => ProductType, { nullable: true, deleteRule: 'set null' }) type: ProductType | null = null;
  @Property({ type: 'boolean', default: true }) discountable: boolean = true;
  @Property({ type: 'string', length: 200, nullable: true }) externalId: string | null = null;
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @ManyToMany({ entity: () => ProductCategory, pivotTable: 'product_category_link', joinColumn: 'product_id', inverseJoinColumn: 'category_id' })
  categories = new Collection<ProductCategory>(this);
  @ManyToMany({ entity: () => ProductTag, pivotTable: 'product_tag_link', joinColumn: 'product_id', inverseJoinColumn: 'tag_id' })
  tags = new Collection<ProductTag>(this);
  @ManyToMany({ entity: () => SalesChannel, pivotTable: 'product_sales_channel', joinColumn: 'product_id', inverseJoinColumn: 'sales_channel_id' })
  salesChannels = new Collection<SalesChannel>(this);
  @OneToMany(() => ProductOption, (o) => o.product) options = new Collection<ProductOption>(this);
  @OneToMany(() => ProductVariant, (v) => v.product) variants = new Collection<ProductVariant>(this);
  @OneToMany(() => ProductImage, (i) => i.product) images = new Collection<ProductImage>(this);
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
  @Property({ type: 'datetime', nullable: true }) deletedAt: Date | null = null;
}

@Entity({ tableName: 'product_option' })
export class ProductOption extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('opt');
  @Index() @ManyToOne(() => Product, { deleteRule: 'cascade' }) product!: Product;
  @Property({ type: 'string', length: 200 }) title!: string;
  @Property({ type: 'integer', default: 0 }) rank: number = 0;
  @OneToMany(() => ProductOptionValue, (v) => v.option) values = new Collection<ProductOptionValue>(this);
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

@Entity({ tableName: 'product_option_value' })
export class ProductOptionValue extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('optval');
  @Index() @ManyToOne(() => ProductOption, { deleteRule: 'cascade' }) option!: ProductOption;
  @Property({ type: 'string', length: 200 }) value!: string;
  @Property({ type: 'integer', default: 0 }) rank: number = 0;
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

@Entity({ tableName: 'product_variant' })
@Unique({ properties: ['tenantId', 'sku'] })
export class ProductVariant extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('variant');
  @Index() @ManyToOne(() => Product, { deleteRule: 'cascade' }) product!: Product;
  @Property({ type: 'string', length: 300 }) title!: string;
  @Property({ type: 'string', length: 100, nullable: true }) sku: string | null = null;
  @Property({ type: 'string', length: 100, nullable: true }) barcode: string | null = null;
  @Property({ type: 'string', length: 100, nullable: true }) ean: string | null = null;
  @Property({ type: 'string', length: 100, nullable: true }) upc: string | null = null;
  @Property({ type: 'boolean', default: false }) allowBackorder: boolean = false;
  @Property({ type: 'boolean', default: true }) manageInventory: boolean = true;
  @Property({ type: 'string', length: 50, nullable: true }) hsCode: string | null = null;
  @Property({ type: 'string', length: 2, nullable: true }) originCountry: string | null = null;
  @Property({ type: 'string', length: 50, nullable: true }) midCode: string | null = null;
  @Property({ type: 'string', length: 200, nullable: true }) material: string | null = null;
  @Property({ type: 'integer', nullable: true }) weight: number | null = null;
  @Property({ type: 'integer', nullable: true }) length: number | null = null;
  @Property({ type: 'integer', nullable: true }) height: number | null = null;
  @Property({ type: 'integer', nullable: true }) width: number | null = null;
  @Property({ type: 'integer', default: 0 }) variantRank: number = 0;
  @ManyToMany({ entity: () => ProductOptionValue, pivotTable: 'variant_option_value', joinColumn: 'variant_id', inverseJoinColumn: 'option_value_id' })
  options = new Collection<ProductOptionValue>(this);
  @OneToMany(() => Price, (p) => p.variant) prices = new Collection<Price>(this);
  /** the product's images that show this variant (Medusa 2.x variant images) */
  @ManyToMany({ entity: () => ProductImage, pivotTable: 'variant_image', joinColumn: 'variant_id', inverseJoinColumn: 'image_id' })
  images = new Collection<ProductImage>(this);
  @OneToOne(() => InventoryLevel, (i) => i.variant, { nullable: true }) inventory?: InventoryLevel | null;
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
  @Property({ type: 'datetime', nullable: true }) deletedAt: Date | null = null;
}

/** Amount in major units, exact (`numeric`), per currency and optionally per region. */
@Entity({ tableName: 'price' })
@Index({ properties: ['variant', 'currencyCode'] })
export class Price extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('price');
  @ManyToOne(() => ProductVariant, { deleteRule: 'cascade' }) variant!: ProductVariant;
  @Property({ type: 'string', length: 3 }) currencyCode!: string;
  @Property({ type: 'decimal', precision: 20, scale: 4 }) amount!: string;
  @Property({ type: 'string', length: 40, nullable: true }) regionId: string | null = null;
  @Property({ type: 'integer', nullable: true }) minQuantity: number | null = null;
  @Property({ type: 'integer', nullable: true }) maxQuantity: number | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

@Entity({ tableName: 'inventory_level' })
export class InventoryLevel extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('ilev');
  @OneToOne(() => ProductVariant, { owner: true, deleteRule: 'cascade', unique: true }) variant!: ProductVariant;
  @Property({ type: 'integer', default: 0 }) stockedQuantity: number = 0;
  @Property({ type: 'integer', default: 0 }) reservedQuantity: number = 0;
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

@Entity({ tableName: 'product_image' })
export class ProductImage extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('img');
  @Index() @ManyToOne(() => Product, { deleteRule: 'cascade' }) product!: Product;
  @Property({ type: 'string', length: 1000 }) url!: string;
  @Property({ type: 'integer', default: 0 }) rank: number = 0;
  /** what the image shows, for shoppers who cannot see it (the storefront's `alt`); null: none */
  @Property({ type: 'string', length: 500, nullable: true }) alt: string | null = null;
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
