import { loaderFor, type ReferenceResolver } from '@svc/kit';
import { QuoteService } from '../entities/quote.entity';
import { toServiceView, type QuoteServiceView } from '../services/views';
import type { QuotesServices } from '../services';

/** `__resolveReference` of QuoteService: other subgraphs' references, batched per request. */
export const quoteServiceReference =
  (s: QuotesServices): ReferenceResolver =>
  (ref, ctx) =>
    loaderFor<string, QuoteServiceView>(ctx, 'quotes.service', async (ids) => {
      const rows = await s.store.em(ctx).find(QuoteService, { id: { $in: [...ids] } });
      return new Map(rows.map((r) => [r.id, toServiceView(r)]));
    }).load(String(ref.id));
