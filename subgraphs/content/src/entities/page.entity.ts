import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';
import type { BodyFormat } from './blog.entity';

export type PageStatus = 'draft' | 'scheduled' | 'published';

export interface StoredPageVariant {
  locale: string;
  title: string;
  body_format: BodyFormat;
  body: string;
  html: string;
  text: string;
  seo_title: string | null;
  seo_description: string | null;
}

/** A page (About us, Shipping & returns…): visible when `published`, or `scheduled` and its `publishedAt` has come. */
@Entity({ tableName: 'page' })
@Unique({ properties: ['tenantId', 'slug'] })
export class Page extends TenantOwned {
  [OptionalProps]?: 'id' | 'status' | 'publishedAt' | 'canonicalUrl' | 'ogImageUrl' | 'createdAt' | 'updatedAt';
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('page');
  @Property({ type: 'string', length: 200 }) slug!: string;
  @Property({ type: 'string', length: 20 }) status: PageStatus = 'draft';
  @Property({ type: 'datetime', nullable: true }) publishedAt: Date | null = null;
  @Property({ type: 'string', length: 2000, nullable: true }) canonicalUrl: string | null = null;
  @Property({ type: 'string', length: 2000, nullable: true }) ogImageUrl: string | null = null;
  @Property({ type: 'json' }) variants!: StoredPageVariant[];
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/** The tenant's content settings (one row per tenant; absent means the defaults). */
@Entity({ tableName: 'content_settings' })
@Unique({ properties: ['tenantId'] })
export class ContentSettings extends TenantOwned {
  [OptionalProps]?: 'id' | 'defaultLocale' | 'updatedAt';
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('cset');
  @Property({ type: 'string', length: 20 }) defaultLocale: string = 'en';
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
