import { ANONYMOUS_AUTHOR, deleteRows, exportRows, updateRows, type PrivacyDefinition } from '@svc/kit';
import type { ContentServices } from './services';

const theirs = (s: { customer_id: string; email: string }) => ({
  where: 'customer_id = ? or lower(author_email) = ?',
  params: [s.customer_id, s.email.toLowerCase()],
});

/** content's part of privacy requests: the customer's blog comments keep their text as "anonymous", or go (the store's policy). */
export const contentPrivacy: PrivacyDefinition<ContentServices> = {
  store: (s) => s.store,
  async export(ctx, s, subject) {
    const t = theirs(subject);
    return {
      blog_comments: await exportRows(
        s.store,
        ctx,
        'blog_comment',
        ['id', 'post_id', 'author_name', 'author_email', 'body', 'status', 'created_at'],
        t.where,
        t.params,
      ),
    };
  },
  async erase(ctx, s, subject) {
    const t = theirs(subject);
    if (subject.remove_reviews) return { blog_comment: await deleteRows(s.store, ctx, 'blog_comment', t.where, t.params) };
    return {
      blog_comment: await updateRows(
        s.store,
        ctx,
        'blog_comment',
        { author_name: `'${ANONYMOUS_AUTHOR}'`, author_email: 'null', customer_id: 'null' },
        t.where,
        t.params,
      ),
    };
  },
};
