import { Field, ID, ObjectType } from 'type-graphql';

const S = { simpleResolvers: true };

/** An item as stored: a URL, or a reference by id (resolved only for the storefront). */
@ObjectType('MenuItem', { ...S, description: 'A menu item as stored: a URL, or a reference to a resource by id (resolved only for the storefront)' })
class MenuItemType {
  @Field({ description: 'The text shown' }) label!: string;
  @Field({ description: 'url, product, collection, category, page or blog_post' }) type!: string;
  @Field(() => String, { nullable: true, description: 'The link of a url item (a path or an absolute URL); null for a reference' }) url!: string | null;
  @Field(() => String, { nullable: true, description: 'The id of the referenced product, collection, category, page or blog post; null for a url item' })
  resource_id!: string | null;
  @Field(() => [MenuItemType], { description: 'Nested items (at most 3 levels in all)' }) children!: MenuItemType[];
}

@ObjectType('Menu', { ...S, description: 'A navigation menu of the store (e.g. main or footer) with nested items, as stored' })
export class MenuType {
  @Field(() => ID, { description: 'The menu id (menu_…)' }) id!: string;
  @Field({ description: "The menu's unique name in the store (e.g. main), what storefronts ask for" }) handle!: string;
  @Field({ description: "The menu's title" }) title!: string;
  @Field(() => [MenuItemType], { description: 'The top-level items, in order' }) items!: MenuItemType[];
  @Field({ description: 'When the menu was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the menu last changed (ISO 8601, UTC)' }) updated_at!: string;
}

/** An item as a storefront shows it: the link resolved to a current path (or the URL). */
@ObjectType('StoreMenuItem', { ...S, description: 'A menu item as a storefront shows it: the link resolved to a current path (or the URL)' })
class StoreMenuItemType {
  @Field({ description: 'The text shown' }) label!: string;
  @Field({ description: 'Where the item leads: a storefront path (e.g. /products/classic-organic-tee) or an absolute URL' }) url!: string;
  @Field({ description: 'url, product, collection, category, page or blog_post' }) type!: string;
  @Field(() => [StoreMenuItemType], { description: 'Nested items, in order' }) children!: StoreMenuItemType[];
}

@ObjectType('StoreMenu', { ...S, description: 'A menu as a storefront shows it: references resolved to current paths, hidden or deleted targets dropped' })
export class StoreMenuType {
  @Field({ description: "The menu's unique name in the store (e.g. main)" }) handle!: string;
  @Field({ description: "The menu's title" }) title!: string;
  @Field(() => [StoreMenuItemType], { description: 'The top-level items, in order' }) items!: StoreMenuItemType[];
}
