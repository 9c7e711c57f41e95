import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

export interface ThemeTokens {
  colors: Record<string, string>;
  typography: Record<string, { font_family: string; font_size: string; font_weight?: number; line_height?: number }>;
  spacing: Record<string, string>;
  radii: Record<string, string>;
}

export interface ThemeSection {
  id: string;
  type: string;
  settings: Record<string, unknown>;
}

/**
 * The storefront theme of a store (one per tenant, created by its first change): design tokens,
 * ordered sections with their settings, global settings. `version` grows by one on every change,
 * so a storefront can cache the theme by version.
 */
@Entity({ tableName: 'theme' })
@Unique({ properties: ['tenantId'] })
export class Theme extends TenantOwned {
  [OptionalProps]?: 'id' | 'version' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('theme');
  @Property({ type: 'integer' }) version: number = 0;
  @Property({ type: 'json' }) tokens!: ThemeTokens;
  @Property({ type: 'json' }) sections!: ThemeSection[];
  @Property({ type: 'json' }) settings!: Record<string, unknown>;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
