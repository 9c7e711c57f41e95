import { ArrayType, Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/** What a document of the index is. */
export const DOCUMENT_KINDS = ['product', 'blog_post', 'page', 'tour', 'event'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * One searchable document in one locale: a product (one row, the catalog has no language), or one
 * locale variant of a blog post or page (one row per variant; `primary` marks the first variant,
 * shown when the request's locale has none). `tsv` (weighted title A, summary B, body C) is written
 * by the indexer's SQL with the row's text search configuration; the entity never reads it.
 */
@Entity({ tableName: 'search_document' })
@Unique({ properties: ['tenantId', 'kind', 'sourceId', 'locale'] })
export class SearchDocument extends TenantOwned {
  [OptionalProps]?:
    | 'id'
    | 'summary'
    | 'body'
    | 'thumbnail'
    | 'collection'
    | 'productType'
    | 'destination'
    | 'durationDays'
    | 'publishedAt'
    | 'indexedAt'
    | 'primary'
    | 'prices'
    | 'labels';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('sdoc');
  @Property({ type: 'string', length: 20 }) kind!: DocumentKind;
  /** the id in its own domain (`prod_…`, a post id) */
  @Property({ type: 'string', length: 60 }) sourceId!: string;
  /** BCP 47 language of this variant ('' for products) */
  @Property({ type: 'string', length: 20 }) locale!: string;
  /** every locale the document has (a request in one of them gets that variant) */
  @Property({ type: ArrayType }) locales!: string[];
  @Property({ type: 'boolean' }) primary: boolean = true;
  /** text search configuration name (`search.english` …) */
  @Property({ type: 'string', length: 40 }) config!: string;
  @Property({ type: 'text' }) title!: string;
  @Property({ type: 'text' }) summary: string = '';
  @Property({ type: 'text' }) body: string = '';
  /** handle (products) or slug (content) */
  @Property({ type: 'string', length: 300 }) handle!: string;
  @Property({ type: 'text', nullable: true }) thumbnail: string | null = null;
  /** facets: category and collection handles, product type, tags, destination (tours) */
  @Property({ type: ArrayType }) categories!: string[];
  @Property({ type: 'string', length: 300, nullable: true }) collection: string | null = null;
  @Property({ type: 'string', length: 300, nullable: true }) productType: string | null = null;
  @Property({ type: ArrayType }) tags!: string[];
  @Property({ type: 'string', length: 300, nullable: true }) destination: string | null = null;
  /** tours: length in days (the duration facet and filters) */
  @Property({ type: 'integer', nullable: true }) durationDays: number | null = null;
  /** lowest and highest price per currency (major units): `{ "eur": { "min": 19, "max": 25 } }` */
  @Property({ type: 'json' }) prices: Record<string, { min: number; max: number }> = {};
  /** display names of facet values: `{ "category:shirts": "Shirts", "collection:summer": "Summer" }` */
  @Property({ type: 'json' }) labels: Record<string, string> = {};
  @Property({ type: 'datetime', nullable: true }) publishedAt: Date | null = null;
  @Property({ type: 'datetime' }) indexedAt: Date = new Date();
  /** weighted tsvector, written by the indexer's SQL (GIN index in the migration) */
  @Property({ columnType: 'tsvector', nullable: true, lazy: true, hidden: true }) tsv?: string | null;
}

/** A word of a tenant's index (lower-case, unaccented): what typo-tolerant queries expand against. */
@Entity({ tableName: 'search_vocabulary' })
@Unique({ properties: ['tenantId', 'word'] })
export class SearchWord extends TenantOwned {
  [OptionalProps]?: 'id';
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('sword');
  @Property({ type: 'string', length: 60 }) word!: string;
}

/** The index of one tenant: when it was last written and last rebuilt. */
@Entity({ tableName: 'search_index_state' })
@Unique({ properties: ['tenantId'] })
export class SearchIndexState extends TenantOwned {
  [OptionalProps]?: 'id' | 'lastIndexedAt' | 'lastRebuiltAt' | 'rebuildStartedAt' | 'configs';
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('sidx');
  @Property({ type: 'datetime', nullable: true }) lastIndexedAt: Date | null = null;
  @Property({ type: 'datetime', nullable: true }) lastRebuiltAt: Date | null = null;
  @Property({ type: 'datetime', nullable: true }) rebuildStartedAt: Date | null = null;
  /** the text search configurations of its documents (a query is made once per configuration) */
  @Property({ type: ArrayType }) configs: string[] = [];
}

/**
 * A document row removed from the index, kept a day: the in-memory copies of the index
 * (MemoryIndexes) read removals since their last read, as they read written rows by `indexed_at`.
 */
@Entity({ tableName: 'search_removal' })
@Index({ properties: ['tenantId', 'removedAt'] })
export class SearchRemoval extends TenantOwned {
  [OptionalProps]?: 'id' | 'removedAt';
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('srem');
  /** the removed `search_document` row's id */
  @Property({ type: 'string', length: 40 }) documentId!: string;
  @Property({ type: 'datetime' }) removedAt: Date = new Date();
}
