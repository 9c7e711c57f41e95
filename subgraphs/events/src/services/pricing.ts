import { DomainError, Errors, type GraphClient, type RequestContext } from '@svc/kit';
import { EventsRegionCurrencyDocument } from '../ports/generated';

/** The currency a storefront read prices tickets in: `currency_code`, or the currency of `region_id` (the catalog's, through the port). */
export class PricingResolver {
  constructor(private readonly graph: () => GraphClient | undefined) {}

  async currency(ctx: RequestContext, q: { currency_code?: string | null; region_id?: string | null }): Promise<string | null> {
    if (q.currency_code) return q.currency_code.toLowerCase();
    if (!q.region_id) return null;
    const graph = this.graph();
    if (!graph) return null;
    try {
      const d = await graph.execute(ctx, EventsRegionCurrencyDocument, { id: q.region_id });
      return d.region.currency_code.toLowerCase();
    } catch (err) {
      if (err instanceof DomainError && err.type === 'not_found') throw Errors.invalidField('region_id', 'no region of the store has this id');
      throw err;
    }
  }
}
