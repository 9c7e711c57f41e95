import { createPaymentProvider, isPaymentProviderId } from './index';
import type { PaymentProviderAdapter, PayPalSettings, StripeSettings } from './provider';

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.length ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);

/**
 * The adapter of a provider with the tenant's stored settings; undefined when the provider is
 * unknown or the tenant has not given the credentials it needs (it is then not offered).
 */
export function providerAdapter(id: string, settings: Record<string, unknown>): PaymentProviderAdapter | undefined {
  if (!isPaymentProviderId(id)) return undefined;
  if (id === 'pp_stripe_stripe') {
    const api_key = text(settings.api_key);
    if (!api_key) return undefined;
    const s: StripeSettings = { api_key, base_url: text(settings.base_url), timeout_ms: num(settings.timeout_ms) };
    return createPaymentProvider(id, s);
  }
  if (id === 'pp_paypal_paypal') {
    const client_id = text(settings.client_id);
    const client_secret = text(settings.client_secret);
    if (!client_id || !client_secret) return undefined;
    const s: PayPalSettings = { client_id, client_secret, base_url: text(settings.base_url), timeout_ms: num(settings.timeout_ms) };
    return createPaymentProvider(id, s);
  }
  return createPaymentProvider(id);
}
