import { DomainError, type SeedContext } from '@svc/kit';
import type { CreateRedirectData } from '../inputs/redirect.input';
import type { SetMetafieldData } from '../inputs/metafield.input';
import type { AddThemeSectionData, UpdateThemeTokensData } from '../inputs/theme.input';
import type { UpdateBrandData } from '../inputs/brand.input';
import type { CreateMenuData, MenuItemArg } from '../inputs/menu.input';
import type { SiteServices } from '../services';
import { SiteDemoLogoDocument, SiteDemoMenuCatalogDocument, SiteDemoMenuContentDocument, SiteDemoProductDocument } from '../ports/generated';

/** The demo store's redirects: moved pages, a temporary campaign link, an external one. */
export const demoRedirects = (): CreateRedirectData[] => [
  { source: '/shop', target: '/store', status_code: 301 },
  { source: '/products/classic-tee', target: '/products/classic-organic-tee', status_code: 301 },
  { source: '/sale', target: '/collections/summer-essentials', status_code: 302 },
  { source: '/help', target: 'https://docs.example.com/help', status_code: 302 },
];

/** The demo product that carries metafields (the catalog's demo seed runs before this one). */
export const DEMO_METAFIELD_PRODUCT = 'classic-organic-tee';

/** Metafields of the demo product: one the storefront shows, one for the back office only. */
export const demoProductMetafields = (productId: string): SetMetafieldData[] => [
  { resource_type: 'product', resource_id: productId, namespace: 'care', key: 'wash_temperature', type: 'integer', value: 30, storefront_visible: true },
  { resource_type: 'product', resource_id: productId, namespace: 'sourcing', key: 'supplier_cost', type: 'decimal', value: '4.85', storefront_visible: false },
];

/** The demo theme: its own colors, typography, spacing and radii, and three home-page sections. */
export const demoTheme = (): { tokens: UpdateThemeTokensData; sections: AddThemeSectionData[]; settings: Record<string, unknown> } => ({
  tokens: {
    colors: { primary: '#1f3a2e', secondary: '#c8a97e', accent: '#e07a5f', background: '#fbf8f3', text: '#1c1c1c' },
    typography: {
      heading: { font_family: "'Fraunces', Georgia, serif", font_size: '2.25rem', font_weight: 600, line_height: 1.15 },
      body: { font_family: 'Inter, system-ui, sans-serif', font_size: '1rem', font_weight: 400, line_height: 1.6 },
    },
    spacing: { xs: '4px', sm: '8px', md: '16px', lg: '32px', xl: '64px' },
    radii: { sm: '4px', md: '10px', pill: '9999px' },
  },
  sections: [
    { type: 'hero', settings: { heading: 'Made to last', subheading: 'Organic basics for every day', cta_label: 'Shop now', cta_link: '/store' } },
    { type: 'featured-collection', settings: { collection_handle: 'summer-essentials', products: 8 } },
    { type: 'newsletter', settings: { heading: 'Stay in the loop', list: 'newsletter' } },
  ],
  settings: { announcement: 'Free shipping on orders over 50', show_vendor: false, products_per_row: 4 },
});

/** The demo brand (the logo is the media domain's demo `logo.png`, when the store has it). */
export const demoBrand = (logoMediaId: string | null): UpdateBrandData => ({
  ...(logoMediaId ? { logo_media_id: logoMediaId } : {}),
  colors: { primary: '#1f3a2e', secondary: '#c8a97e', accent: '#e07a5f', background: '#fbf8f3', text: '#1c1c1c' },
  typography: { heading_font: "'Fraunces', Georgia, serif", body_font: 'Inter, system-ui, sans-serif' },
  social_links: { instagram: 'https://www.instagram.com/demostore', facebook: 'https://www.facebook.com/demostore' },
  contact: { email: 'hello@demo-store.example', phone: '+49 30 1234567', address: 'Demo Street 1, 10115 Berlin' },
});

/** What the demo menus link to (ids found in the demo catalog and content; null when the store has none). */
interface DemoMenuTargets {
  collectionId: string | null;
  categoryId: string | null;
  productId: string | null;
  pageId: string | null;
  blogPostId: string | null;
}

/** The demo store's menus: `main-menu` (a collection, a category, a product, the blog) and `footer-menu`. */
export const demoMenus = (t: DemoMenuTargets): CreateMenuData[] => {
  const ref = (label: string, type: MenuItemArg['type'], id: string | null, children: MenuItemArg[] = []): MenuItemArg[] =>
    id ? [{ label, type, resource_id: id, children }] : [];
  return [
    {
      handle: 'main-menu',
      title: 'Main menu',
      items: [
        {
          label: 'Shop',
          url: '/store',
          children: [
            ...ref('Summer Essentials', 'collection', t.collectionId),
            ...ref('T-Shirts', 'category', t.categoryId, ref('Classic Organic Tee', 'product', t.productId)),
          ],
        },
        { label: 'Journal', url: '/blog', children: ref('Latest story', 'blog_post', t.blogPostId) },
        ...ref('About us', 'page', t.pageId),
      ],
    },
    {
      handle: 'footer-menu',
      title: 'Footer',
      items: [
        ...ref('About us', 'page', t.pageId),
        { label: 'Help', url: 'https://docs.example.com/help' },
        { label: 'Instagram', url: 'https://www.instagram.com/demostore' },
      ],
    },
  ];
};

/** site's part of the demo store, created like an admin would create it. */
export async function seedDemoSite(s: SiteServices, seed: SeedContext): Promise<void> {
  for (const r of demoRedirects()) await s.redirects.create(seed.ctx, r);
  const productId = await demoProductId(s, seed);
  if (productId) for (const m of demoProductMetafields(productId)) await s.metafields.set(seed.ctx, m);
  const theme = demoTheme();
  await s.theme.updateTokens(seed.ctx, theme.tokens);
  for (const section of theme.sections) await s.theme.addSection(seed.ctx, section);
  await s.theme.updateSettings(seed.ctx, theme.settings);
  await s.brand.update(seed.ctx, demoBrand(await demoLogoId(s, seed)));
  for (const m of demoMenus(await demoMenuTargets(s, seed, productId))) await s.menus.create(seed.ctx, m);
  seed.log.debug({ tenantId: seed.tenantId, productId }, 'site: demo redirects, metafields, theme, brand and menus created');
}

/** The id of the demo product, asked of the catalog through the supergraph; null when the store has none. */
async function demoProductId(s: SiteServices, seed: SeedContext): Promise<string | null> {
  if (!s.graph) return null;
  try {
    const d = await s.graph.execute(seed.ctx, SiteDemoProductDocument, { id: DEMO_METAFIELD_PRODUCT });
    return d.product.id;
  } catch (err) {
    if (err instanceof DomainError && err.type === 'not_found') return null;
    throw err;
  }
}

/** The media domain's demo logo (`logo.png`), listed as an admin would; null when the store has none. */
async function demoLogoId(s: SiteServices, seed: SeedContext): Promise<string | null> {
  if (!s.graph) return null;
  const ctx = { ...seed.ctx, roles: [...seed.ctx.roles, 'admin'] };
  const d = await s.graph.execute(ctx, SiteDemoLogoDocument);
  return d.mediaList.items.find((m) => m.filename === 'logo.png')?.id ?? null;
}

/** What the demo menus link to, asked of the catalog and content through the supergraph (what is missing is left out). */
async function demoMenuTargets(s: SiteServices, seed: SeedContext, productId: string | null): Promise<DemoMenuTargets> {
  const none = { collectionId: null, categoryId: null, productId, pageId: null, blogPostId: null };
  if (!s.graph) return none;
  const d = {
    ...(await s.graph.execute(seed.ctx, SiteDemoMenuCatalogDocument)),
    ...(await s.graph.execute(seed.ctx, SiteDemoMenuContentDocument)),
  };
  return {
    ...none,
    collectionId: d.collections.items[0]?.id ?? null,
    categoryId: d.productCategories.items[0]?.id ?? null,
    pageId: (d.pages.items.find((p) => p.slug === 'about-us') ?? d.pages.items[0])?.id ?? null,
    blogPostId: d.blogPosts.items[0]?.id ?? null,
  };
}
