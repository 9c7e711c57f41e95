import { z } from 'zod';
import { defineSettings } from '@svc/kit';

/** catalog's settings (the manifest's `settings`). */
export interface CatalogSettings {
  /** the read cache of product documents and lists (off only for measurements) */
  cache: boolean;
}

export const catalogSettings = defineSettings(
  {
    CATALOG_CACHE: z.enum(['on', 'off']).default('on').describe('`off` disables the catalog read cache (measurements of the uncached read path)'),
  },
  (e): CatalogSettings => ({ cache: e.CATALOG_CACHE === 'on' }),
);
