import { Errors, requireCustomer, type RequestContext, type Store } from '@svc/kit';
import { Customer } from '../entities/customer.entity';
import { Tenant } from '../entities/tenant.entity';

export interface CheckoutRequirementsView {
  email_verification_required: boolean;
  email_verified: boolean;
}

/**
 * What the store asks of a signed-in customer before checkout (commerce asks at a cart's
 * completion, as the customer): whether the store requires a verified address
 * (`require_email_verification`) and whether the customer's is. Two reads by primary key.
 */
export class CheckoutRequirementsService {
  constructor(private readonly store: Store) {}

  async mine(ctx: RequestContext): Promise<CheckoutRequirementsView> {
    const customerId = requireCustomer(ctx);
    const [tenant, customer] = await Promise.all([
      this.store.emGlobal(ctx).findOne(Tenant, { id: ctx.tenantId! }, { fields: ['requireEmailVerification'] }),
      this.store.em(ctx).findOne(Customer, { id: customerId }, { fields: ['emailVerifiedAt'] }),
    ]);
    if (!tenant) throw Errors.notFound('Store');
    return { email_verification_required: tenant.requireEmailVerification, email_verified: !!customer?.emailVerifiedAt };
  }
}
