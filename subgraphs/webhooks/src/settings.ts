import { z } from 'zod';
import { defineSettings } from '@svc/kit';
import type { GateLimits } from './services/gate';

/** webhooks's settings (the manifest's `settings`): delivery limits and the SSRF allow-list. */
export interface WebhooksSettings {
  allowHosts: string[];
  retryScale: number;
  leaseSeconds: number;
  timeoutMs: number;
  pollMs: number;
  concurrency: number;
  /** per-endpoint concurrency, rate limit and circuit breaker (per process) */
  endpointLimits: GateLimits;
}

export const webhooksSettings = defineSettings(
  {
    WEBHOOK_ALLOW_HOSTS: z
      .string()
      .default('')
      .describe('host names, `*.suffixes`, addresses and CIDRs allowed as targets although private or loopback (comma-separated)'),
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000).describe('time limit of one delivery request'),
    WEBHOOK_RETRY_SCALE: z.coerce
      .number()
      .min(0)
      .max(100)
      .default(1)
      .describe("multiplies the retry schedule and a receiver's Retry-After (tests and benches: 0.001 makes 24 h about 86 s)"),
    WEBHOOK_LEASE_SECONDS: z.coerce
      .number()
      .min(1)
      .max(3600)
      .default(60)
      .describe("how long a claimed delivery stays with its worker before another may take it (a dead worker's)"),
    WEBHOOK_POLL_MS: z.coerce.number().int().positive().default(1000).describe('longest pause of the delivery loop between two looks for due deliveries'),
    WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16).describe('deliveries in flight per process'),
    WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8).describe('deliveries in flight to one endpoint per process'),
    WEBHOOK_ENDPOINT_RATE: z.coerce.number().min(0).max(100_000).default(0).describe('requests started per second to one endpoint per process (0: unlimited)'),
    WEBHOOK_BREAKER_FAILURES: z.coerce
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(5)
      .describe("consecutive failures (no answer, 5xx, 429) that open an endpoint's circuit breaker"),
    WEBHOOK_BREAKER_OPEN_MS: z.coerce
      .number()
      .int()
      .min(1)
      .max(3_600_000)
      .default(30_000)
      .describe('how long an open breaker sends nothing before one trial request (half-open); scaled by WEBHOOK_RETRY_SCALE'),
  },
  (e): WebhooksSettings => ({
    allowHosts: e.WEBHOOK_ALLOW_HOSTS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    retryScale: e.WEBHOOK_RETRY_SCALE,
    leaseSeconds: e.WEBHOOK_LEASE_SECONDS,
    timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    pollMs: e.WEBHOOK_POLL_MS,
    concurrency: e.WEBHOOK_CONCURRENCY,
    endpointLimits: {
      concurrency: e.WEBHOOK_ENDPOINT_CONCURRENCY,
      ratePerSecond: e.WEBHOOK_ENDPOINT_RATE,
      breakerFailures: e.WEBHOOK_BREAKER_FAILURES,
      // scaled like the retry schedule, so a test's scale shortens the open period too
      breakerOpenMs: Math.max(1, e.WEBHOOK_BREAKER_OPEN_MS * e.WEBHOOK_RETRY_SCALE),
    },
  }),
);
