import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What the catalog tells the rest of the platform (payloads are checked when emitted). */
export const catalogEvents = defineEvents('catalog', {
  'product.created': z.object({ id: z.string(), handle: z.string() }),
  'product.updated': z.object({ id: z.string() }),
  /** the product is gone from the store (orders keep their snapshots) */
  'product.deleted': z.object({ id: z.string(), handle: z.string() }),
  /** a variant is gone from its product (soft: orders and carts keep their snapshots); `product.updated` follows for the product */
  'product_variant.deleted': z.object({ id: z.string(), product_id: z.string(), sku: z.string().nullable() }),
  'inventory.updated': z.object({ variant_id: z.string(), product_id: z.string(), stocked_quantity: z.number().int() }),
  'region.created': z.object({ id: z.string() }),
  'collection.created': z.object({ id: z.string(), handle: z.string() }),
  'collection.updated': z.object({ id: z.string(), handle: z.string() }),
  /** gone from the store; its products stay, in no collection */
  'collection.deleted': z.object({ id: z.string(), handle: z.string() }),
  'category.created': z.object({ id: z.string(), handle: z.string() }),
  /** renamed, moved or reordered (its siblings' ranks may have changed with it) */
  'category.updated': z.object({ id: z.string(), handle: z.string(), parent_category_id: z.string().nullable() }),
  /** gone from the tree (only a category without subcategories can be deleted); its products stay */
  'category.deleted': z.object({ id: z.string(), handle: z.string() }),
  'sales_channel.created': z.object({ id: z.string() }),
  'review.created': z.object({ id: z.string(), product_id: z.string(), customer_id: z.string(), rating: z.number().int() }),
  'review.approved': z.object({ id: z.string(), product_id: z.string(), rating: z.number().int() }),
  'review.rejected': z.object({ id: z.string(), product_id: z.string(), rating: z.number().int() }),
  'product_template.created': z.object({ id: z.string(), name: z.string() }),
  'product_template.updated': z.object({ id: z.string() }),
  'product_template.deleted': z.object({ id: z.string() }),
});
