import { Migration } from '@mikro-orm/migrations';

/** PostgreSQL configuration name -> the dictionary after unaccent */
const LANGUAGES: Array<[string, string]> = [
  ['english', 'english_stem'], ['german', 'german_stem'], ['french', 'french_stem'], ['spanish', 'spanish_stem'],
  ['italian', 'italian_stem'], ['dutch', 'dutch_stem'], ['portuguese', 'portuguese_stem'], ['swedish', 'swedish_stem'],
  ['simple', 'simple'],
];

export class Migration20261123125813_init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "search";`);
    // full text search with unaccented words and typo tolerance (contrib extensions, "trusted": the
    // database owner may create them)
    this.addSql(`create extension if not exists unaccent;`);
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create extension if not exists fuzzystrmatch;`);
    // one text search configuration per supported language (and simple): unaccent, then the language's
    // stemmer, so "café" and "cafe" are one word in documents, queries and highlights
    for (const [name, stem] of LANGUAGES) {
      this.addSql(`create text search configuration "search"."${name}" (copy = pg_catalog.${name});`);
      this.addSql(`alter text search configuration "search"."${name}" alter mapping for hword, hword_part, word with unaccent, ${stem};`);
    }
    this.addSql(`create table "search"."search_document" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "kind" varchar(20) not null, "source_id" varchar(60) not null, "locale" varchar(20) not null, "locales" text[] not null, "primary" boolean not null default true, "config" varchar(40) not null, "title" text not null, "summary" text not null default '', "body" text not null default '', "handle" varchar(300) not null, "thumbnail" text null, "categories" text[] not null, "collection" varchar(300) null, "product_type" varchar(300) null, "tags" text[] not null, "destination" varchar(300) null, "prices" jsonb not null, "labels" jsonb not null, "published_at" timestamptz null, "indexed_at" timestamptz not null, "tsv" tsvector null, constraint "search_document_pkey" primary key ("id"));`);
    this.addSql(`create index "search_document_tenant_id_index" on "search"."search_document" ("tenant_id");`);
    this.addSql(`alter table "search"."search_document" add constraint "search_document_tenant_id_kind_source_id_locale_unique" unique ("tenant_id", "kind", "source_id", "locale");`);

    this.addSql(`create table "search"."search_index_state" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "last_indexed_at" timestamptz null, "last_rebuilt_at" timestamptz null, "rebuild_started_at" timestamptz null, "configs" text[] not null default '{}', constraint "search_index_state_pkey" primary key ("id"));`);
    this.addSql(`create index "search_index_state_tenant_id_index" on "search"."search_index_state" ("tenant_id");`);
    this.addSql(`alter table "search"."search_index_state" add constraint "search_index_state_tenant_id_unique" unique ("tenant_id");`);

    this.addSql(`create table "search"."search_vocabulary" ("id" varchar(40) not null, "tenant_id" varchar(40) not null, "word" varchar(60) not null, constraint "search_vocabulary_pkey" primary key ("id"));`);
    this.addSql(`create index "search_vocabulary_tenant_id_index" on "search"."search_vocabulary" ("tenant_id");`);
    this.addSql(`alter table "search"."search_vocabulary" add constraint "search_vocabulary_tenant_id_word_unique" unique ("tenant_id", "word");`);

    // hand-written: the full text and trigram indexes, ids of rows written by bulk SQL
    this.addSql(`create index "search_document_tsv_index" on "search"."search_document" using gin ("tsv");`);
    this.addSql(`create index "search_document_tenant_kind_index" on "search"."search_document" ("tenant_id", "kind", "published_at");`);
    this.addSql(`create index "search_vocabulary_word_trgm_index" on "search"."search_vocabulary" using gist ("word" gist_trgm_ops);`);
    this.addSql(`alter table "search"."search_vocabulary" alter column "id" set default ('sword_' || replace(gen_random_uuid()::text, '-', ''));`);
    // text -> HTML text (highlights are made on escaped text, then marked)
    this.addSql(`create function "search".html_escape(t text) returns text language sql immutable parallel safe as
      $$ select replace(replace(replace(replace(replace(t, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;') $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "search"."search_document" cascade;`);
    this.addSql(`drop table if exists "search"."search_index_state" cascade;`);
    this.addSql(`drop table if exists "search"."search_vocabulary" cascade;`);
    this.addSql(`drop function if exists "search".html_escape(text);`);
    for (const [name] of LANGUAGES) this.addSql(`drop text search configuration if exists "search"."${name}";`);
    this.addSql(`drop schema if exists "search";`);
  }

}
