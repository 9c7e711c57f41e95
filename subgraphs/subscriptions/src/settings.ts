import { z } from 'zod';
import { defineSettings } from '@svc/kit';

/** subscriptions' settings (the manifest's `settings`; see subgraphs/subscriptions/README.md). */
export interface SubscriptionsSettings {
  /** failed renewal charges before the subscription is canceled */
  renewalAttempts: number;
  /** hours before each retry of a failed renewal charge (the last one repeats) */
  retryHours: number[];
  /** how long a worker holds a renewal it charges; a worker that died mid-charge is taken over after it */
  leaseMs: number;
  /** how many due renewals one pass of the job takes */
  batchSize: number;
  /** hours an unfinished checkout (`incomplete`) waits before the job cancels it */
  checkoutTtlHours: number;
  /** minutes before each retry of a refund the provider could not be reached for (the last one repeats) */
  refundRetryMinutes: number[];
  /** tries of such a refund before the job leaves it pending for the merchant */
  refundAttempts: number;
}

export const subscriptionsSettings = defineSettings(
  {
    SUBSCRIPTION_RENEWAL_ATTEMPTS: z.coerce
      .number()
      .int()
      .min(1)
      .max(10)
      .default(4)
      .describe('failed renewal charges before a past_due subscription is canceled'),
    SUBSCRIPTION_RETRY_HOURS: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'comma-separated whole hours, e.g. 24,72,120')
      .default('24,72,120')
      .describe('hours before each retry of a failed renewal charge (comma-separated; the last one repeats)'),
    SUBSCRIPTION_RENEWAL_LEASE_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .default(600_000)
      .describe('how long a worker holds a renewal while it charges; a renewal whose worker died is repeated, with the same idempotency key, after it'),
    SUBSCRIPTION_RENEWAL_BATCH: z.coerce.number().int().min(1).max(1000).default(100).describe('due renewals one pass of the renewal job takes'),
    SUBSCRIPTION_CHECKOUT_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .default(24)
      .describe('hours an unfinished subscription checkout (status incomplete) waits before the renewal job cancels it'),
    SUBSCRIPTION_REFUND_RETRY_MINUTES: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'comma-separated whole minutes, e.g. 5,30,120,720')
      .default('5,30,120,720')
      .describe('minutes before each retry of a cancel refund the provider could not be reached for (comma-separated; the last one repeats)'),
    SUBSCRIPTION_REFUND_ATTEMPTS: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(12)
      .describe('tries of such a refund (the first included) before the retry job leaves it pending for the merchant'),
  },
  (e): SubscriptionsSettings => ({
    renewalAttempts: e.SUBSCRIPTION_RENEWAL_ATTEMPTS,
    retryHours: e.SUBSCRIPTION_RETRY_HOURS.split(',').map(Number),
    leaseMs: e.SUBSCRIPTION_RENEWAL_LEASE_MS,
    batchSize: e.SUBSCRIPTION_RENEWAL_BATCH,
    checkoutTtlHours: e.SUBSCRIPTION_CHECKOUT_TTL_HOURS,
    refundRetryMinutes: e.SUBSCRIPTION_REFUND_RETRY_MINUTES.split(',').map(Number),
    refundAttempts: e.SUBSCRIPTION_REFUND_ATTEMPTS,
  }),
);
