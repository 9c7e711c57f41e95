import { Field, ID, ObjectType } from 'type-graphql';

const S = { simpleResolvers: true };

/** An item as stored: a URL, or a reference by id (resolved only for the storefront). */
@ObjectType('MenuItem', S)
class MenuItemType {
  @Field() label!: string;
  @Field({ description: 'url, product, collection, category, page or blog_post' }) type!: string;
  @Field(() => String, { nullable: true }) url!: string | null;
  @Field(() => String, { nullable: true }) resource_id!: string | null;
  @Field(() => [MenuItemType]) children!: MenuItemType[];
}

@ObjectType('Menu', S)
export class MenuType {
  @Field(() => ID) id!: string;
  @Field() handle!: string;
  @Field() title!: string;
  @Field(() => [MenuItemType]) items!: MenuItemType[];
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

/** An item as a storefront shows it: the link resolved to a current path (or the URL). */
@ObjectType('StoreMenuItem', S)
class StoreMenuItemType {
  @Field() label!: string;
  @Field() url!: string;
  @Field() type!: string;
  @Field(() => [StoreMenuItemType]) children!: StoreMenuItemType[];
}

@ObjectType('StoreMenu', S)
export class StoreMenuType {
  @Field() handle!: string;
  @Field() title!: string;
  @Field(() => [StoreMenuItemType]) items!: StoreMenuItemType[];
}
