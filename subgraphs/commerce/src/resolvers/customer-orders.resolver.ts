import { Arg, Ctx, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import { withDocument, type ReferenceResolver, type RequestContext } from '@svc/kit';
import type { CommerceServices } from '../services';
import { CustomerRefType, OrderListType } from '../types/commerce.type';

/** Commerce's part of the identity's Customer: their orders (for that customer and admins only). */
@Resolver(() => CustomerRefType)
export class CustomerOrdersResolver {
  constructor(private readonly s: CommerceServices) {}

  @FieldResolver(() => OrderListType, { nullable: true, description: "the customer's orders, newest first (null for anyone but the customer and admins)" })
  async orders(
    @Root() customer: { id: string },
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true, description: 'Page size: 50 by default, at most 100' }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true, description: 'Orders to skip (0 by default)' }) offset: number | null,
  ) {
    const a = ctx.actor;
    const allowed = (a.type === 'customer' && a.id === customer.id) || a.type === 'admin' || a.type === 'agent' || a.type === 'operator';
    if (!allowed) return null;
    const r = await this.s.orders.list(ctx, { customer_id: customer.id, limit: limit ?? 50, offset: offset ?? 0 });
    return { ...r, items: r.items.map(withDocument) };
  }
}

/** A Customer reference carries only its id here; identity owns the rest. */
export const customerReference = (): ReferenceResolver => (ref) => ({ id: String(ref.id) });
