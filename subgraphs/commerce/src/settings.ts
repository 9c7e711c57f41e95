import { z } from 'zod';
import { defineSettings } from '@svc/kit';

/** Settings of cart completion (see subgraphs/commerce/README.md). */
export interface CompletionSettings {
  leaseMs: number;
  resumeWindowMs: number;
  holdTtlS: number;
  recoveryIntervalMs: number;
  /** how long event tickets and tour seats stay held for a cart line (seconds) */
  cartHoldTtlS: number;
}

/** commerce's settings (the manifest's `settings`). */
export interface CommerceDomainSettings {
  completion: CompletionSettings;
  /** how long setup reads (shipping options, tax rates, promotions, providers) are kept per tenant; 0: not kept */
  setupCacheMs: number;
}

const int = (min: number, def: number) => z.coerce.number().int().min(min).default(def);

export const commerceSettings = defineSettings(
  {
    CHECKOUT_LEASE_MS: int(300, 10_000).describe(
      "a holder's lease of a completion record, renewed every third of it while the holder works: how long a crashed instance's completion waits before the shopper's retry or another instance's recovery takes it over",
    ),
    CHECKOUT_RESUME_WINDOW_MS: int(0, 600_000).describe('an abandoned completion younger than this is resumed, older ones are compensated'),
    CHECKOUT_HOLD_TTL_S: int(1, 900).describe('how long held stock waits for its completion before the catalog releases it (seconds)'),
    CHECKOUT_CART_HOLD_TTL_S: int(60, 1_800).describe(
      'how long event tickets and tour seats added to a cart stay held for it (seconds); a line added or changed holds them anew, an expired hold gives them back and the completion takes them again when they are still free',
    ),
    CHECKOUT_RECOVERY_INTERVAL_MS: int(50, 15_000).describe('the recovery pass of each instance (the cron job runs every minute besides)'),
    COMMERCE_SETUP_CACHE_MS: int(0, 5_000).describe(
      'shipping options, tax rates, promotions, provider settings and checkout settings are cached per tenant this long (`0`: off); every setup write of the instance drops them at once',
    ),
  },
  (e): CommerceDomainSettings => ({
    completion: {
      leaseMs: e.CHECKOUT_LEASE_MS,
      resumeWindowMs: e.CHECKOUT_RESUME_WINDOW_MS,
      holdTtlS: e.CHECKOUT_HOLD_TTL_S,
      recoveryIntervalMs: e.CHECKOUT_RECOVERY_INTERVAL_MS,
      cartHoldTtlS: e.CHECKOUT_CART_HOLD_TTL_S,
    },
    setupCacheMs: e.COMMERCE_SETUP_CACHE_MS,
  }),
);

/** The defaults, for code that builds commerce's services without a configuration (tests of single services). */
export const defaultCommerceSettings = (): CommerceDomainSettings => commerceSettings.resolve(commerceSettings.variables.parse({}), { production: false });
