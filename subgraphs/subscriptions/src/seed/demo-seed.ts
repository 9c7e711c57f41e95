import type { RequestContext, SeedContext } from '@svc/kit';
import type { CreatePlanData } from '../inputs/subscription.input';
import type { SubscriptionsServices } from '../services';

/** The demo store's plans: monthly, quarterly, and yearly with a 14-day trial, in the three currencies of the demo regions. */
const demoPlans = (): CreatePlanData[] => [
  {
    handle: 'essentials-monthly',
    name: 'Essentials box, monthly',
    description: 'Three organic basics delivered every month.',
    interval: 'month',
    interval_count: 1,
    prices: [
      { currency_code: 'eur', amount: '29.00' },
      { currency_code: 'usd', amount: '32.00' },
      { currency_code: 'gbp', amount: '25.00' },
    ],
  },
  {
    handle: 'essentials-quarterly',
    name: 'Essentials box, quarterly',
    description: 'The essentials box every three months, a month’s worth cheaper.',
    interval: 'month',
    interval_count: 3,
    prices: [
      { currency_code: 'eur', amount: '79.00' },
      { currency_code: 'usd', amount: '87.00' },
      { currency_code: 'gbp', amount: '68.00' },
    ],
  },
  {
    handle: 'essentials-yearly',
    name: 'Essentials box, yearly',
    description: 'Twelve boxes a year for the price of ten; the first 14 days are free.',
    interval: 'year',
    interval_count: 1,
    trial_days: 14,
    prices: [
      { currency_code: 'eur', amount: '290.00' },
      { currency_code: 'usd', amount: '320.00' },
      { currency_code: 'gbp', amount: '250.00' },
    ],
  },
];

const DEMO_SUBSCRIBER_EMAIL = 'jane@demo.store';

/**
 * subscriptions' part of the demo store: the three plans, and Jane's active monthly subscription,
 * checked out as she would (manual payment: an invoice order for the first month). Jane is found
 * through identity's port, so it works in the scale-out layout too.
 */
export async function seedDemoSubscriptions(s: SubscriptionsServices, seed: SeedContext): Promise<void> {
  for (const plan of demoPlans()) await s.plans.create(seed.ctx, plan);
  const jane = await s.commerce.customerByEmail(seed.ctx, DEMO_SUBSCRIBER_EMAIL);
  if (!jane) {
    seed.log.debug({ tenantId: seed.tenantId }, 'subscriptions: demo plans created (no demo customer)');
    return;
  }
  const asJane: RequestContext = { ...seed.ctx, actor: { type: 'customer', id: jane.id }, roles: ['customer'] };
  const { checkout } = await s.subscriptions.checkout(asJane, { plan_id: 'essentials-monthly', currency_code: 'eur', provider_id: 'pp_system_default' });
  await s.subscriptions.create(asJane, { checkout_id: checkout.id });
  seed.log.debug({ tenantId: seed.tenantId }, 'subscriptions: demo plans and Jane’s subscription created');
}
