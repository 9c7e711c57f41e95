import { z } from 'zod';
import { ConfigError, defineSettings, PASSWORD_HASH_COST } from '@svc/kit';

/** identity's settings (the manifest's `settings`). */
export interface IdentitySettings {
  /** scrypt cost N of new password hashes (and of the stand-in hash of an unknown account) */
  passwordHashCost: number;
}

export const identitySettings = defineSettings(
  {
    PASSWORD_HASH_COST: z.coerce
      .number()
      .int()
      .min(1024)
      .max(262_144)
      .refine((n) => (n & (n - 1)) === 0, 'must be a power of two')
      .default(PASSWORD_HASH_COST)
      .describe(
        `scrypt cost N of new password hashes, a power of two (each doubling doubles a sign-in's CPU time and memory: 16 MiB at ${PASSWORD_HASH_COST}); below ${PASSWORD_HASH_COST} the start is refused with NODE_ENV=production (the test suite lowers it). Stored hashes keep their own cost`,
      ),
  },
  (e, { production }): IdentitySettings => {
    if (production && e.PASSWORD_HASH_COST < PASSWORD_HASH_COST) {
      throw new ConfigError(`PASSWORD_HASH_COST=${e.PASSWORD_HASH_COST} is below ${PASSWORD_HASH_COST}, the lowest NODE_ENV=production accepts`);
    }
    return { passwordHashCost: e.PASSWORD_HASH_COST };
  },
);
