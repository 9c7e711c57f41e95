import { BankTransferProvider, BANK_TRANSFER_PROVIDER_ID } from './bank-transfer';
import { PayPalProvider, PAYPAL_PROVIDER_ID } from './paypal';
import { StripeProvider, STRIPE_PROVIDER_ID } from './stripe';
import { SystemProvider, SYSTEM_PROVIDER_ID } from './system';
import type { PaymentProviderAdapter, PayPalSettings, StripeSettings } from './provider';

/**
 * The payment providers the platform offers, and the factory that makes a tenant's adapter.
 * Adapters hold no per-request state; PayPal's access tokens are cached per app across instances.
 */
export const PAYMENT_PROVIDER_IDS = [SYSTEM_PROVIDER_ID, BANK_TRANSFER_PROVIDER_ID, STRIPE_PROVIDER_ID, PAYPAL_PROVIDER_ID] as const;
type PaymentProviderId = (typeof PAYMENT_PROVIDER_IDS)[number];

interface PaymentProviderSettings {
  [SYSTEM_PROVIDER_ID]: undefined;
  [BANK_TRANSFER_PROVIDER_ID]: undefined;
  [STRIPE_PROVIDER_ID]: StripeSettings;
  [PAYPAL_PROVIDER_ID]: PayPalSettings;
}

export const isPaymentProviderId = (id: string): id is PaymentProviderId => (PAYMENT_PROVIDER_IDS as readonly string[]).includes(id);

/** The adapter of `id`; Stripe and PayPal need their settings (a tenant's own account). Unknown ids throw. */
export function createPaymentProvider<Id extends PaymentProviderId>(id: Id, settings?: PaymentProviderSettings[Id]): PaymentProviderAdapter;
export function createPaymentProvider(id: string, settings?: unknown): PaymentProviderAdapter;
export function createPaymentProvider(id: string, settings?: unknown): PaymentProviderAdapter {
  switch (id) {
    case SYSTEM_PROVIDER_ID:
      return new SystemProvider();
    case BANK_TRANSFER_PROVIDER_ID:
      return new BankTransferProvider();
    case STRIPE_PROVIDER_ID:
      return new StripeProvider(settings as StripeSettings);
    case PAYPAL_PROVIDER_ID:
      return new PayPalProvider(settings as PayPalSettings);
    default:
      throw new Error(`unknown payment provider: ${id} (known: ${PAYMENT_PROVIDER_IDS.join(', ')})`);
  }
}

export * from './provider';
export { StripeProvider, PayPalProvider };
