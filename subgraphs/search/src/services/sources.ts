import { DomainError, systemContext, type GraphClient, type RequestContext } from '@svc/kit';
import type { z } from 'zod';
import type { contentEvents } from '@svc/content/events';
import type { DocumentKind } from '../entities/search.entity';
import { compounds, configFor, cleanText } from './text';
import {
  SearchIndexContentDocument,
  SearchIndexEventDocument,
  SearchIndexEventsDocument,
  SearchIndexProductDocument,
  SearchIndexProductsDocument,
  SearchIndexTourDocument,
  SearchIndexToursDocument,
  type SearchIndexEventQuery,
  type SearchIndexProductFieldsFragment,
  type SearchIndexTourFieldsFragment,
} from '../ports/generated';

/** A published blog post or page as content describes it (its events' payload). */
export type SearchableDocument = z.output<(typeof contentEvents.schemas)['blog_post.published']>;

/** A document as the indexer writes it: one row per locale variant. */
export interface IndexRow {
  id: string;
  kind: DocumentKind;
  source_id: string;
  locale: string;
  locales: string[];
  primary: boolean;
  config: string;
  title: string;
  summary: string;
  body: string;
  /** extra words for the title's weight (hyphen-free forms) */
  title_extra: string;
  handle: string;
  thumbnail: string | null;
  categories: string[];
  collection: string | null;
  product_type: string | null;
  tags: string[];
  destination: string | null;
  /** tours: length in days (the duration facet and filters); null for everything else */
  duration_days: number | null;
  prices: Record<string, { min: number; max: number }>;
  labels: Record<string, string>;
  published_at: string | null;
}

/** What the index reads of a product (catalog, through the supergraph: `ports/catalog.graphql`). */
type CatalogProduct = SearchIndexProductFieldsFragment;

/** products are indexed once, without stemming: the catalog carries no language */
const PRODUCT_LOCALE = '';

export function productRow(p: CatalogProduct, id: string): IndexRow {
  const prices: Record<string, { min: number; max: number }> = {};
  for (const v of p.variants) {
    for (const pr of v.prices) {
      const c = pr.currency_code.toLowerCase();
      const cur = prices[c];
      prices[c] = cur ? { min: Math.min(cur.min, pr.amount), max: Math.max(cur.max, pr.amount) } : { min: pr.amount, max: pr.amount };
    }
  }
  const labels: Record<string, string> = {};
  for (const c of p.categories) labels[`category:${c.handle}`] = c.name;
  if (p.collection) labels[`collection:${p.collection.handle}`] = p.collection.title;
  const skus = p.variants.map((v) => v.sku).filter((s): s is string => !!s);
  const summary = cleanText([p.subtitle, p.type?.value, p.collection?.title, ...p.categories.map((c) => c.name)].filter(Boolean).join(' · '));
  const body = cleanText(
    [p.description, p.tags.map((t) => t.value).join(' '), [...new Set(p.variants.map((v) => v.title))].join(' '), skus.join(' ')].filter(Boolean).join('\n'),
  );
  return {
    id,
    kind: 'product',
    source_id: p.id,
    locale: PRODUCT_LOCALE,
    locales: [PRODUCT_LOCALE],
    primary: true,
    config: configFor(null),
    title: cleanText(p.title, 1000),
    summary,
    body,
    title_extra: [compounds(p.title), compounds(summary), compounds(body)].filter(Boolean).join(' '),
    handle: p.handle,
    thumbnail: p.thumbnail,
    categories: p.categories.map((c) => c.handle),
    collection: p.collection?.handle ?? null,
    product_type: p.type?.value ?? null,
    tags: p.tags.map((t) => t.value),
    destination: null,
    duration_days: null,
    prices,
    labels,
    published_at: null,
  };
}

type Money = { currency_code: string; amount: number };

/** lowest and highest amount per currency (lower-case codes) */
function priceRanges(prices: Money[]): Record<string, { min: number; max: number }> {
  const out: Record<string, { min: number; max: number }> = {};
  for (const pr of prices) {
    const c = pr.currency_code.toLowerCase();
    const cur = out[c];
    out[c] = cur ? { min: Math.min(cur.min, pr.amount), max: Math.max(cur.max, pr.amount) } : { min: pr.amount, max: pr.amount };
  }
  return out;
}

/** What the index reads of a tour (tours, through the supergraph: `ports/tours.graphql`). */
type SourceTour = SearchIndexTourFieldsFragment;

/**
 * A published tour's row: title (A); summary, destination and category names (B); description,
 * highlights and the itinerary (C). Prices: per currency, lowest and highest per-traveller price of
 * the open departures from `today` on (an ISO date).
 */
export function tourRow(t: SourceTour, id: string, today: string): IndexRow {
  const open = t.departures.filter((d) => d.status === 'open' && d.starts_on >= today);
  const labels: Record<string, string> = { [`destination:${t.destination.slug}`]: t.destination.name };
  for (const c of t.categories) labels[`category:${c.slug}`] = c.name;
  const summary = cleanText([t.summary, t.destination.name, ...t.categories.map((c) => c.name)].filter(Boolean).join(' · '), 2000);
  const itinerary = t.itinerary.map((d) => [d.title, d.description, d.overnight].filter(Boolean).join(' '));
  const body = cleanText([t.description, ...t.highlights, ...itinerary].filter(Boolean).join('\n'));
  return {
    id,
    kind: 'tour',
    source_id: t.id,
    locale: PRODUCT_LOCALE,
    locales: [PRODUCT_LOCALE],
    primary: true,
    config: configFor(null),
    title: cleanText(t.title, 1000),
    summary,
    body,
    title_extra: [compounds(t.title), compounds(summary), compounds(body)].filter(Boolean).join(' '),
    handle: t.slug,
    thumbnail: t.thumbnail,
    categories: t.categories.map((c) => c.slug),
    collection: null,
    product_type: null,
    tags: [],
    destination: t.destination.slug,
    duration_days: t.duration_days,
    prices: priceRanges(open.flatMap((d) => d.prices)),
    labels,
    published_at: null,
  };
}

/** What the index reads of an event: the event with its schedule and speakers, and its ticket prices. */
type SourceEvent = SearchIndexEventQuery;

/** A published event's row: title (A); subtitle, venue name and city (B); description, session titles, speaker names (C). */
export function eventRow(e: SourceEvent, id: string): IndexRow {
  const ev = e.event;
  const summary = cleanText([ev.subtitle, ev.venue?.name, ev.venue?.city].filter(Boolean).join(' · '), 2000);
  const body = cleanText([ev.description, ...ev.sessions.map((x) => x.title), ...ev.speakers.map((x) => x.name)].filter(Boolean).join('\n'));
  return {
    id,
    kind: 'event',
    source_id: ev.id,
    locale: PRODUCT_LOCALE,
    locales: [PRODUCT_LOCALE],
    primary: true,
    config: configFor(null),
    title: cleanText(ev.title, 1000),
    summary,
    body,
    title_extra: [compounds(ev.title), compounds(summary), compounds(body)].filter(Boolean).join(' '),
    handle: ev.slug,
    thumbnail: ev.thumbnail,
    categories: [],
    collection: null,
    product_type: null,
    tags: [],
    destination: null,
    duration_days: null,
    prices: priceRanges(e.eventTickets.flatMap((t) => t.prices)),
    labels: {},
    published_at: null,
  };
}

/** The rows of a published blog post or page: one per locale variant (the first is the primary one). */
export function contentRows(kind: 'blog_post' | 'page', d: SearchableDocument, ids: () => string): IndexRow[] {
  const locales = d.variants.map((v) => v.locale);
  const labels: Record<string, string> = {};
  for (const c of d.categories) labels[`category:${c}`] = c;
  return d.variants.map((v, i) => {
    const summary = cleanText(v.summary, 2000);
    const body = cleanText(v.text);
    return {
      id: ids(),
      kind,
      source_id: d.id,
      locale: v.locale,
      locales,
      primary: i === 0,
      config: configFor(v.locale),
      title: cleanText(v.title, 1000),
      summary,
      body: cleanText([body, d.tags.join(' ')].join('\n')),
      title_extra: [compounds(v.title), compounds(summary), compounds(body)].filter(Boolean).join(' '),
      handle: d.slug,
      thumbnail: d.image_url,
      categories: d.categories,
      collection: null,
      product_type: null,
      tags: d.tags,
      destination: null,
      duration_days: null,
      prices: {},
      labels,
      published_at: d.published_at,
    };
  });
}

/**
 * The index's sources, asked through the supergraph as the platform itself (the operations of
 * `src/ports/`, checked against the supergraph at start): the catalog's published products, and
 * content's published documents (`contentSearchDocuments`).
 */
export class SourcePort {
  constructor(private readonly graph: () => GraphClient) {}

  private sys(ctx: RequestContext): RequestContext {
    return systemContext(ctx.log, ctx.tenantId, ctx.requestId);
  }

  /** A published product, or null when it is not (any more): unpublished, deleted, unknown. */
  async product(ctx: RequestContext, id: string): Promise<CatalogProduct | null> {
    try {
      const r = await this.graph().execute(this.sys(ctx), SearchIndexProductDocument, { id });
      return r.product.status === 'published' ? r.product : null;
    } catch (err) {
      if (err instanceof DomainError && err.type === 'not_found') return null;
      throw err;
    }
  }

  /** One page of the tenant's published products. */
  async products(ctx: RequestContext, offset: number, limit = 100): Promise<{ items: CatalogProduct[]; count: number }> {
    return (await this.graph().execute(this.sys(ctx), SearchIndexProductsDocument, { limit, offset })).products;
  }

  /** A published tour, or null when it is not (any more). */
  async tour(ctx: RequestContext, id: string): Promise<SourceTour | null> {
    const r = await this.orNull(() => this.graph().execute(this.sys(ctx), SearchIndexTourDocument, { id }));
    return r?.tour.status === 'published' ? r.tour : null;
  }

  /** One page of the tenant's published tours. */
  async tours(ctx: RequestContext, offset: number, limit = 100): Promise<{ items: SourceTour[]; count: number }> {
    return (await this.graph().execute(this.sys(ctx), SearchIndexToursDocument, { limit, offset })).tours;
  }

  /** A published event (by slug: events' storefront query), or null when it is not (canceled, deleted, draft). */
  async event(ctx: RequestContext, slug: string): Promise<SourceEvent | null> {
    const r = await this.orNull(() => this.graph().execute(this.sys(ctx), SearchIndexEventDocument, { slug }));
    return r?.event.status === 'published' ? r : null;
  }

  /** One page of the tenant's published events (upcoming, or with `past` ended ones). */
  async events(ctx: RequestContext, past: boolean, offset: number, limit = 100): Promise<{ items: Array<{ id: string; slug: string }>; count: number }> {
    return (await this.graph().execute(this.sys(ctx), SearchIndexEventsDocument, { limit, offset, past })).events;
  }

  private async orNull<T>(run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof DomainError && err.type === 'not_found') return null;
      throw err;
    }
  }

  /** One page of content's published documents of a kind (keyset: `after` the last id). */
  async contentDocuments(ctx: RequestContext, kind: 'blog_post' | 'page', after: string | null, limit = 100): Promise<SearchableDocument[]> {
    return (await this.graph().execute(this.sys(ctx), SearchIndexContentDocument, { kind, after, limit })).contentSearchDocuments;
  }
}
