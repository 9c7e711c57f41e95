import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/** What a menu stores of an item: a label and a link (a URL, or a reference by id resolved when read). */
export interface MenuItemData {
  label: string;
  /** `url`, or the kind of the referenced resource */
  type: 'url' | 'product' | 'collection' | 'category' | 'page' | 'blog_post';
  /** the URL (type `url`), else null */
  url: string | null;
  /** the referenced resource's id (any other type), else null */
  resource_id: string | null;
  children: MenuItemData[];
}

/**
 * A navigation menu of the storefront, found by its handle (`main-menu`, `footer-menu`, …; one per
 * handle and tenant): a title and a tree of items (at most 3 levels, 200 items), stored as one JSON
 * document and replaced as a whole.
 */
@Entity({ tableName: 'menu' })
@Unique({ properties: ['tenantId', 'handle'] })
export class Menu extends TenantOwned {
  [OptionalProps]?: 'id' | 'items' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('menu');
  @Property({ type: 'string', length: 100 }) handle!: string;
  @Property({ type: 'string', length: 200 }) title!: string;
  @Property({ type: 'json' }) items: MenuItemData[] = [];
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
