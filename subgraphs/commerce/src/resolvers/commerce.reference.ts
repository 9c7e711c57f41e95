import { withDocument, type ReferenceResolver } from '@svc/kit';
import type { CommerceServices } from '../services';

/** Federation reference: an order the caller may see (others resolve to null, never data). */
export const orderReference =
  (s: CommerceServices): ReferenceResolver =>
  async (ref, ctx) => {
    try {
      return withDocument(await s.orders.get(ctx, String(ref.id)));
    } catch (err) {
      if ((err as { type?: string }).type === 'not_found') return null;
      throw err;
    }
  };
