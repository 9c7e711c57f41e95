import { randomBytes } from 'node:crypto';
import type { PaymentProviderAdapter, ProviderResult } from './provider';

/** The providers commerce knows, by id (`pp_<identifier>_<registration>`). */
export const PROVIDER_IDS = ['pp_system_default', 'pp_bank-transfer_default', 'pp_stripe_stripe', 'pp_paypal_paypal'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

const ok = (status: ProviderResult['status'], data: Record<string, unknown> = {}): ProviderResult => ({ status, data });

/** Manual payments: nothing external; an admin settles them. */
function systemProvider(): PaymentProviderAdapter {
  return {
    id: 'pp_system_default',
    initiate: async () => ok('pending'),
    authorize: async ({ data }) => ok('authorized', data),
    capture: async ({ data }) => ok('captured', data),
    cancel: async ({ data }) => ok('canceled', data),
    refund: async ({ data }) => ok('captured', data),
  };
}

/** Bank transfer: the shopper pays to the tenant's account with a reference; captured when the admin sees the money. */
function bankTransferProvider(): PaymentProviderAdapter {
  return {
    id: 'pp_bank-transfer_default',
    initiate: async () => ok('pending', { reference: `BT-${randomBytes(4).toString('hex').toUpperCase()}` }),
    authorize: async ({ data }) => ok('authorized', { ...data, awaiting_transfer: true }),
    capture: async ({ data }) => ok('captured', { ...data, awaiting_transfer: false }),
    cancel: async ({ data }) => ok('canceled', data),
    refund: async ({ data }) => ok('captured', data),
  };
}

/** The adapter of a provider with the tenant's settings; undefined for a provider this build cannot reach. */
export function providerAdapter(id: string, _settings: Record<string, unknown>): PaymentProviderAdapter | undefined {
  switch (id) {
    case 'pp_system_default':
      return systemProvider();
    case 'pp_bank-transfer_default':
      return bankTransferProvider();
    default:
      return undefined;
  }
}
