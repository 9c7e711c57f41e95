import fs from 'node:fs';
import path from 'node:path';
import type { SeedContext } from '@svc/kit';
import type { CatalogServices } from '../services';
import { demoCatalog, type SeedCatalog } from './demo-catalog';
import { demoReviews, demoTemplates } from './demo-reviews';
import { placeholderSvg } from './placeholder-image';

/** Where seeded images live under the platform's static directory, and their public base URL. */
const IMAGES_DIR = 'images';
export const imageBaseUrl = (publicUrl: string) => `${publicUrl}/static/${IMAGES_DIR}`;

/** Writes an SVG placeholder for every image the catalog names (existing files are kept). */
export function writePlaceholderImages(catalog: Pick<SeedCatalog, 'products'>, staticDir: string): number {
  const dir = path.join(staticDir, IMAGES_DIR);
  fs.mkdirSync(dir, { recursive: true });
  let written = 0;
  for (const name of new Set(catalog.products.flatMap((p) => [...p.images, p.thumbnail]))) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) continue;
    fs.writeFileSync(file, placeholderSvg(name));
    written++;
  }
  return written;
}

/** The demo store's catalog: 3 regions, 7 collections, a category tree, 46 products with images, reviews, 3 product templates. */
export async function seedDemoCatalog(s: CatalogServices, seed: SeedContext): Promise<void> {
  const catalog = demoCatalog();
  writePlaceholderImages(catalog, seed.staticDir);
  await s.seed.load(seed.tenantId, catalog, imageBaseUrl(seed.publicUrl));
  // one sales channel selling everything (the platform gives it to the demo publishable key)
  const channel = await s.salesChannels.create(seed.ctx, { name: 'Default Sales Channel', description: 'The web shop' });
  await s.salesChannels.addAllProducts(seed.ctx, channel.id);
  await s.reviews.seed(seed.ctx, demoReviews());
  await s.templates.seed(seed.ctx, demoTemplates());
}
