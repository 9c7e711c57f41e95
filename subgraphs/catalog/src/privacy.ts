import { ANONYMOUS_AUTHOR, deleteRows, exportRows, updateRows, type PrivacyDefinition } from '@svc/kit';
import type { CatalogServices } from './services';

/** catalog's part of privacy requests: the customer's product reviews keep their text as "anonymous", or go (the store's policy). */
export const catalogPrivacy: PrivacyDefinition<CatalogServices> = {
  store: (s) => s.store,
  async export(ctx, s, subject) {
    return {
      product_reviews: await exportRows(
        s.store,
        ctx,
        'product_review',
        ['id', 'product_id', 'author_name', 'rating', 'title', 'content', 'status', 'created_at'],
        'customer_id = ?',
        [subject.customer_id],
      ),
    };
  },
  async erase(ctx, s, subject) {
    if (subject.remove_reviews) return { product_review: await deleteRows(s.store, ctx, 'product_review', 'customer_id = ?', [subject.customer_id]) };
    return {
      product_review: await updateRows(s.store, ctx, 'product_review', { author_name: `'${ANONYMOUS_AUTHOR}'`, customer_id: 'null' }, 'customer_id = ?', [
        subject.customer_id,
      ]),
    };
  },
};
