import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { ValidateWith, isUrl, plainText } from '@svc/kit';
import type { MenuItemData } from '../entities/menu.entity';

/**
 * Menu arguments, written once (GraphQL validates with them). A handle is lower case letters, digits
 * and single dashes (`main-menu`); an item has a label and either a `url` (a path of the store or an
 * absolute http(s) URL) or a `type` (product, collection, category, page, blog_post) with the
 * `resource_id` it refers to. At most 3 levels and 200 items per menu.
 */

const MENU_MAX_DEPTH = 3;
const MENU_MAX_ITEMS = 200;
export const REFERENCE_TYPES = ['product', 'collection', 'category', 'page', 'blog_post'] as const;
export type ReferenceType = (typeof REFERENCE_TYPES)[number];

const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const URL_MAX = 2000;

export const menuHandleSchema = z
  .string()
  .max(100, 'handle must be at most 100 characters')
  .regex(HANDLE, 'handle must be lower-case letters, digits and single dashes (e.g. "main-menu")');

export interface MenuItemArg {
  label: string;
  url?: string | null;
  type?: string | null;
  resource_id?: string | null;
  children?: MenuItemArg[] | null;
}

const itemSchema: z.ZodType<MenuItemArg> = z.lazy(() =>
  z
    .strictObject({
      label: plainText(z.string().trim().min(1, 'label must not be empty').max(200, 'label must be at most 200 characters'), 'label'),
      url: z
        .string()
        .trim()
        .max(URL_MAX, `url must be at most ${URL_MAX} characters`)
        .refine(
          (u) => isUrl(u, { relative: true, max: URL_MAX }),
          'url must be a path starting with a single "/" or an absolute http(s) URL, without quotes, spaces or control characters',
        )
        .nullish(),
      type: z.enum(['url', ...REFERENCE_TYPES], { message: `type must be url, ${REFERENCE_TYPES.join(', ')}` }).nullish(),
      resource_id: z.string().trim().min(1, 'resource_id must not be empty').max(100, 'resource_id must be at most 100 characters').nullish(),
      children: z.array(itemSchema).nullish(),
    })
    .superRefine((i, c) => {
      const type = i.type ?? (i.url != null ? 'url' : null);
      if (type === null) c.addIssue({ code: 'custom', message: 'an item needs a url, or a type and a resource_id' });
      else if (type === 'url') {
        if (i.url == null) c.addIssue({ code: 'custom', path: ['url'], message: 'url is required for a url item' });
        if (i.resource_id != null) c.addIssue({ code: 'custom', path: ['resource_id'], message: 'resource_id is only for references' });
      } else {
        if (i.resource_id == null) c.addIssue({ code: 'custom', path: ['resource_id'], message: `resource_id is required for a ${type} item` });
        if (i.url != null) c.addIssue({ code: 'custom', path: ['url'], message: 'url is only for url items (a reference is resolved when read)' });
      }
    }),
);

/** The items of a menu: at most 3 levels deep and 200 items in all. */
const menuItemsSchema = z.array(itemSchema).superRefine((items, c) => {
  let count = 0;
  let deepest = 0;
  const walk = (list: MenuItemArg[], depth: number) => {
    deepest = Math.max(deepest, depth);
    for (const i of list) {
      count++;
      if (i.children?.length) walk(i.children, depth + 1);
    }
  };
  walk(items, 1);
  if (deepest > MENU_MAX_DEPTH) c.addIssue({ code: 'custom', message: `items must be at most ${MENU_MAX_DEPTH} levels deep` });
  if (count > MENU_MAX_ITEMS) c.addIssue({ code: 'custom', message: `a menu has at most ${MENU_MAX_ITEMS} items (got ${count})` });
});

const titleSchema = plainText(z.string().trim().min(1, 'title must not be empty').max(200, 'title must be at most 200 characters'), 'title');

export const createMenuSchema = z.strictObject({ handle: menuHandleSchema, title: titleSchema, items: menuItemsSchema.nullish() });
export type CreateMenuData = z.infer<typeof createMenuSchema>;

export const updateMenuSchema = z.strictObject({ handle: menuHandleSchema.nullish(), title: titleSchema.nullish(), items: menuItemsSchema.nullish() });
export type UpdateMenuData = z.infer<typeof updateMenuSchema>;

/** Validated items as stored (type filled in, empty children as []). */
export const toItemData = (items: MenuItemArg[]): MenuItemData[] =>
  items.map((i) => {
    const type = (i.type ?? 'url') as MenuItemData['type'];
    return {
      label: i.label.trim(),
      type,
      url: type === 'url' ? i.url!.trim() : null,
      resource_id: type === 'url' ? null : i.resource_id!.trim(),
      children: toItemData(i.children ?? []),
    };
  });

@InputType('MenuItemInput', { description: 'A menu item: a URL, or a reference to a product, collection, category, page or blog post by id' })
class MenuItemInput {
  @Field({ description: 'The text shown' }) label!: string;
  @Field(() => String, { nullable: true, description: 'A path of the store or an absolute http(s) URL (type url)' }) url?: string | null;
  @Field(() => String, { nullable: true, description: 'url (default when url is given), product, collection, category, page or blog_post' }) type?:
    string | null;
  @Field(() => String, { nullable: true, description: 'The id of the referenced product, collection, category, page or blog post' }) resource_id?:
    string | null;
  @Field(() => [MenuItemInput], { nullable: true, description: 'Nested items (at most 3 levels in all)' }) children?: MenuItemInput[] | null;
}

@InputType('CreateMenuInput', { description: 'A new menu' })
@ValidateWith(createMenuSchema)
export class CreateMenuInput {
  @Field({ description: 'Lower-case letters, digits and dashes (main-menu, footer-menu, …), unique in the store' }) handle!: string;
  @Field({ description: "The menu's title" }) title!: string;
  @Field(() => [MenuItemInput], { nullable: true, description: 'At most 3 levels and 200 items' }) items?: MenuItemInput[] | null;
}

@InputType('UpdateMenuInput', { description: 'Changes to a menu; absent fields stay' })
@ValidateWith(updateMenuSchema)
export class UpdateMenuInput {
  @Field(() => String, { nullable: true, description: 'A new handle (lower-case letters, digits and dashes), unique in the store' }) handle?: string | null;
  @Field(() => String, { nullable: true, description: 'A new title' }) title?: string | null;
  @Field(() => [MenuItemInput], { nullable: true, description: 'Replaces all items when given' }) items?: MenuItemInput[] | null;
}
