import type { Redirect } from '../entities/redirect.entity';
import type { Metafield } from '../entities/metafield.entity';
import type { MetafieldDefinition } from '../entities/metafield-definition.entity';
import type { ThemeSection, ThemeTokens } from '../entities/theme.entity';

/** Views the services return: plain objects, snake_case like the API (GraphQL fields = REST JSON). */
export interface RedirectView {
  id: string;
  source: string;
  target: string;
  status_code: number;
  active: boolean;
  created_at: string;
  updated_at: string;
}

export const toRedirectView = (r: Redirect): RedirectView => ({
  id: r.id,
  source: r.source,
  target: r.target,
  status_code: r.statusCode,
  active: r.active,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export interface StoreMetafield {
  namespace: string;
  key: string;
  type: string;
  value: unknown;
}

export interface MetafieldView extends StoreMetafield {
  id: string;
  resource_type: string;
  resource_id: string;
  storefront_visible: boolean;
  created_at: string;
  updated_at: string;
}

export const toMetafieldView = (m: Metafield): MetafieldView => ({
  id: m.id,
  resource_type: m.resourceType,
  resource_id: m.resourceId,
  namespace: m.namespace,
  key: m.key,
  type: m.type,
  value: m.value,
  storefront_visible: m.storefrontVisible,
  created_at: m.createdAt.toISOString(),
  updated_at: m.updatedAt.toISOString(),
});

export interface ThemeView {
  version: number;
  tokens: ThemeTokens;
  sections: ThemeSection[];
  settings: Record<string, unknown>;
}

export interface BrandView {
  logo_media_id: string | null;
  /** a reference to the media domain's Media (the gateway resolves url, alt, …) */
  logo: { id: string } | null;
  colors: { primary: string; secondary: string; accent: string; background: string; text: string };
  typography: { heading_font: string; body_font: string };
  social_links: Record<string, string | null>;
  contact: Record<string, string | null>;
}

export interface MetafieldDefinitionView {
  id: string;
  resource_type: string;
  namespace: string;
  key: string;
  type: string;
  name: string;
  description: string | null;
  storefront_visible: boolean;
  metafield_count: number;
  created_at: string;
  updated_at: string;
}

export const toMetafieldDefinitionView = (d: MetafieldDefinition, metafieldCount: number): MetafieldDefinitionView => ({
  id: d.id,
  resource_type: d.resourceType,
  namespace: d.namespace,
  key: d.key,
  type: d.type,
  name: d.name,
  description: d.description,
  storefront_visible: d.storefrontVisible,
  metafield_count: metafieldCount,
  created_at: d.createdAt.toISOString(),
  updated_at: d.updatedAt.toISOString(),
});
