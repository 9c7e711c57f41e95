import { randomInt } from 'node:crypto';
import { SystemProvider } from './system';
import type { PaymentContext, ProviderResult } from './provider';

/**
 * pp_bank-transfer_default: the shopper pays by bank transfer after ordering. Initiate gives the
 * session a short payment reference the shopper writes on the transfer (`data.reference`, e.g.
 * "PAY-7K4M-Q9XD"). Authorisation succeeds at once, so a Medusa-like storefront can complete the
 * cart, and says the money has not arrived (`data.awaiting_transfer: true`); the admin captures
 * when the transfer is booked, which clears it. No external calls.
 */
export const BANK_TRANSFER_PROVIDER_ID = 'pp_bank-transfer_default';

/** Crockford base32 without I, L, O, U: nothing a shopper can mistype for something else. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A payment reference: "PAY-" and 8 characters in two groups (40 bits of randomness). */
function newTransferReference(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `PAY-${s.slice(0, 4)}-${s.slice(4)}`;
}

export class BankTransferProvider extends SystemProvider {
  override readonly id = BANK_TRANSFER_PROVIDER_ID;

  override async initiate(input: { amount: string; currency_code: string; context: PaymentContext; data?: Record<string, unknown> }): Promise<ProviderResult> {
    // an existing reference is kept: re-initiating a session must not change what the shopper was told
    const reference = typeof input.data?.reference === 'string' ? input.data.reference : newTransferReference();
    return { status: 'pending', data: { ...input.data, reference } };
  }

  override async authorize(session: { data: Record<string, unknown> }): Promise<ProviderResult> {
    return { status: 'authorized', data: { ...session.data, awaiting_transfer: true } };
  }

  override async capture(payment: { data: Record<string, unknown> }): Promise<ProviderResult> {
    return { status: 'captured', data: { ...payment.data, awaiting_transfer: false } };
  }
}
