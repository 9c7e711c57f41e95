import { z } from 'zod';
import { defineSettings } from '@svc/kit';

/** search's settings (the manifest's `settings`). */
export interface SearchSettings {
  /** documents of search indexes held in memory per process, all tenants together (0: SQL answers every search) */
  memoryDocs: number;
}

export const searchSettings = defineSettings(
  {
    SEARCH_MEMORY_DOCS: z.coerce
      .number()
      .int()
      .min(0)
      .max(50_000_000)
      .default(500_000)
      .describe(
        'search index documents held in memory per process, all tenants together (about 1.2–2 KB each); larger tenants and `0` are answered by SQL (subgraphs/search/README.md)',
      ),
  },
  (e): SearchSettings => ({ memoryDocs: e.SEARCH_MEMORY_DOCS }),
);
