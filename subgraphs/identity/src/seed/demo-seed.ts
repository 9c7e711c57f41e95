import type { SeedContext } from '@svc/kit';
import { Customer } from '../entities/customer.entity';
import { SocialLink } from '../entities/social.entity';
import type { IdentityServices } from '../services';

/** The demo customer: signs in with a password, or with "Google" (the demo's development provider) as `jane`. */
export const DEMO_CUSTOMER = { email: 'jane@demo.store', password: 'demo-customer-password', login: 'jane' } as const;

/** identity's part of the demo store: one customer with an address and a linked Google account. */
export async function seedDemoIdentity(s: IdentityServices, seed: SeedContext): Promise<void> {
  await s.auth.registerCustomer(seed.ctx, { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
  await s.store.transaction(seed.ctx, async (em) => {
    const jane = await em.findOneOrFail(Customer, { email: DEMO_CUSTOMER.email });
    jane.firstName = 'Jane';
    jane.lastName = 'Doe';
    // she confirmed her address long ago (no verification mail is left to send)
    await s.verifications.markVerified(em, jane);
    em.create(SocialLink, {
      tenantId: seed.tenantId,
      customerId: jane.id,
      provider: 'google',
      subject: DEMO_CUSTOMER.login,
      email: DEMO_CUSTOMER.email,
      emailVerified: true,
      displayName: 'Jane Doe',
      lastLoginAt: new Date(Date.now() - 3 * 86400_000),
    });
  });
  const ctx = {
    ...seed.ctx,
    actor: { type: 'customer' as const, id: (await s.store.em(seed.ctx).findOneOrFail(Customer, { email: DEMO_CUSTOMER.email })).id },
    roles: ['customer'],
  };
  await s.customers.addAddress(ctx, {
    first_name: 'Jane',
    last_name: 'Doe',
    address_1: 'Friedrichstraße 43',
    city: 'Berlin',
    postal_code: '10117',
    country_code: 'de',
    phone: '+49 30 1234567',
    is_default_billing: true,
  });
}
