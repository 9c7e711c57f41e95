import type { PaymentContext, PaymentProviderAdapter, ProviderResult } from './provider';

/**
 * pp_system_default: Medusa's manual provider. Nothing leaves the platform: every step succeeds
 * and only records what happened (the money is collected outside, e.g. cash on delivery).
 */
export const SYSTEM_PROVIDER_ID = 'pp_system_default';

export class SystemProvider implements PaymentProviderAdapter {
  readonly id: string = SYSTEM_PROVIDER_ID;

  async initiate(input: { amount: string; currency_code: string; context: PaymentContext; data?: Record<string, unknown> }): Promise<ProviderResult> {
    return { status: 'pending', data: { ...input.data } };
  }

  async authorize(session: { data: Record<string, unknown> }): Promise<ProviderResult> {
    return { status: 'authorized', data: { ...session.data } };
  }

  async capture(payment: { data: Record<string, unknown> }): Promise<ProviderResult> {
    return { status: 'captured', data: { ...payment.data } };
  }

  async cancel(payment: { data: Record<string, unknown> }): Promise<ProviderResult> {
    return { status: 'canceled', data: { ...payment.data } };
  }

  async refund(payment: { amount: string; data: Record<string, unknown> }): Promise<ProviderResult> {
    const refunds = Array.isArray(payment.data.refunds) ? payment.data.refunds : [];
    return { status: 'captured', data: { ...payment.data, refunds: [...refunds, { amount: payment.amount }] } };
  }
}
