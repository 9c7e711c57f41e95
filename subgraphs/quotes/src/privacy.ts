import { ERASED, ERASED_EMAIL, exportRows, redactRows, updateRows, type PrivacyDefinition } from '@svc/kit';
import type { QuotesServices } from './services';

const theirs = (s: { customer_id: string; email: string }) => ({
  where: 'customer_id = ? or lower(email) = ?',
  params: [s.customer_id, s.email.toLowerCase()],
});

/** quotes' part of privacy requests: quotes stay (numbers, products, services, prices) without the requester's name, address, company, phone, message or form answers. */
export const quotesPrivacy: PrivacyDefinition<QuotesServices> = {
  store: (s) => s.store,
  async export(ctx, s, subject) {
    const t = theirs(subject);
    return {
      quotes: await exportRows(
        s.store,
        ctx,
        'quote',
        ['id', 'number', 'status', 'name', 'email', 'company', 'phone', 'message', 'currency_code', 'products', 'services', 'fields', 'created_at'],
        t.where,
        t.params,
      ),
    };
  },
  async erase(ctx, s, subject) {
    const t = theirs(subject);
    const copies = await redactRows(s.store, ctx, subject, { table: 'quote', where: t.where, params: t.params, redact: ['products', 'services'] });
    return {
      quote: await updateRows(
        s.store,
        ctx,
        'quote',
        { name: `'${ERASED}'`, email: `'${ERASED_EMAIL}'`, company: 'null', phone: 'null', message: 'null', fields: `'[]'::jsonb` },
        t.where,
        t.params,
      ),
      quote_copies: copies,
    };
  },
};
