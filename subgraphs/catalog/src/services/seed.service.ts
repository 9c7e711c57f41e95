import { newId, toScaled, fromScaled, type Store } from '@svc/kit';
import type { SeedCatalog, SeedProduct } from '../seed/demo-catalog';

type Row = Record<string, unknown>;

/**
 * Bulk loader for catalogs (demo seed, benchmark catalogs): plain multi-row INSERTs in one
 * transaction, thousands of rows per statement (10,000 products with ~74k variants and ~220k prices
 * take about 20 s on two cores, most of it in PostgreSQL's foreign-key and change triggers).
 */
export class CatalogSeedService {
  constructor(private readonly store: Store) {}

  async hasCatalog(tenantId: string): Promise<boolean> {
    const rows = await this.store.sql(null, `select 1 from ${this.store.table('product')} where tenant_id = ? limit 1`, [tenantId]);
    return rows.length > 0;
  }

  /** Loads regions, collections, categories and products; returns the region ids by key. */
  async load(
    tenantId: string,
    catalog: Partial<SeedCatalog> & { products: SeedProduct[] },
    imageBase: string,
    existing?: {
      collections?: Map<string, string>;
      categories?: Map<string, string>;
    },
  ): Promise<{ regions: Map<string, string>; collections: Map<string, string>; categories: Map<string, string> }> {
    const s = this.store.schema;
    const knex = this.store.orm.em.getKnex();
    const now = Date.now();
    const ts = (offsetMs: number) => new Date(now - offsetMs);
    const rows: Record<string, Row[]> = {};
    const add = (table: string, row: Row) => (rows[table] ??= []).push({ tenant_id: tenantId, ...row });

    const regions = new Map<string, string>();
    for (const r of catalog.regions ?? []) {
      const id = newId('reg');
      regions.set(r.key, id);
      add('region', { id, name: r.name, currency_code: r.currency_code, automatic_taxes: r.automatic_taxes, created_at: ts(0), updated_at: ts(0) });
      for (const c of r.countries) {
        add('region_country', {
          id: newId('regc'),
          region_id: id,
          iso2: c.iso_2,
          iso3: c.iso_3,
          num_code: c.num_code,
          name: c.name,
          display_name: c.display_name,
        });
      }
    }
    const collections = new Map(existing?.collections ?? []);
    (catalog.collections ?? []).forEach((c, i) => {
      const id = newId('pcol');
      collections.set(c.key, id);
      add('product_collection', { id, title: c.title, handle: c.handle, created_at: ts(i * 1000), updated_at: ts(i * 1000) });
    });
    const categories = new Map(existing?.categories ?? []);
    for (const c of catalog.categories ?? []) {
      const id = newId('pcat');
      categories.set(c.key, id);
      add('product_category', {
        id,
        name: c.name,
        handle: c.handle,
        description: c.description,
        parent_id: c.parent_key ? (categories.get(c.parent_key) ?? null) : null,
        rank: c.rank,
        is_active: true,
        is_internal: false,
        created_at: ts(0),
        updated_at: ts(0),
      });
    }
    const types = new Map<string, string>();
    const tags = new Map<string, string>();
    catalog.products.forEach((p, i) => {
      const id = newId('prod');
      const created = ts(i * 1000);
      let typeId: string | null = null;
      if (p.type) {
        typeId = types.get(p.type) ?? newId('ptyp');
        if (!types.has(p.type)) {
          types.set(p.type, typeId);
          add('product_type', { id: typeId, value: p.type, created_at: created, updated_at: created });
        }
      }
      const url = (name: string) => `${imageBase}/${name}`;
      add('product', {
        id,
        title: p.title,
        handle: p.handle,
        subtitle: p.subtitle,
        description: p.description,
        is_giftcard: false,
        status: 'published',
        thumbnail: url(p.thumbnail),
        weight: p.weight,
        origin_country: p.origin_country,
        material: p.material,
        collection_id: p.collection_key ? (collections.get(p.collection_key) ?? null) : null,
        type_id: typeId,
        discountable: true,
        metadata: JSON.stringify(p.metadata ?? {}),
        created_at: created,
        updated_at: created,
      });
      for (const key of p.category_keys) {
        const cid = categories.get(key);
        if (cid) add('product_category_link', { product_id: id, category_id: cid });
      }
      for (const value of p.tags) {
        let tid = tags.get(value);
        if (!tid) {
          tid = newId('ptag');
          tags.set(value, tid);
          add('product_tag', { id: tid, value, created_at: created, updated_at: created });
        }
        add('product_tag_link', { product_id: id, tag_id: tid });
      }
      const imageIds = p.images.map((name, rank) => {
        const iid = newId('img');
        add('product_image', { id: iid, product_id: id, url: url(name), rank, created_at: created, updated_at: created });
        return iid;
      });
      // variant images: the variants of one value of the first option (a colour, say) show the same image
      const firstOption = p.options[0];
      const valueIds = new Map<string, string>();
      p.options.forEach((o, rank) => {
        const oid = newId('opt');
        add('product_option', { id: oid, product_id: id, title: o.title, rank, created_at: created, updated_at: created });
        o.values.forEach((value, vrank) => {
          const vid = newId('optval');
          valueIds.set(`${o.title}\u0000${value}`, vid);
          add('product_option_value', { id: vid, option_id: oid, value, rank: vrank, created_at: created, updated_at: created });
        });
      });
      p.variants.forEach((v, rank) => {
        const vid = newId('variant');
        add('product_variant', {
          id: vid,
          product_id: id,
          title: v.title,
          sku: v.sku,
          barcode: v.barcode,
          allow_backorder: v.allow_backorder,
          manage_inventory: v.manage_inventory,
          weight: v.weight,
          variant_rank: rank,
          created_at: created,
          updated_at: created,
        });
        if (firstOption && imageIds.length) {
          const at = firstOption.values.indexOf(v.options[firstOption.title]);
          if (at >= 0) (rows['variant_image'] ??= []).push({ variant_id: vid, image_id: imageIds[at % imageIds.length] });
        }
        for (const [title, value] of Object.entries(v.options)) {
          const ov = valueIds.get(`${title}\u0000${value}`);
          if (ov) (rows['variant_option_value'] ??= []).push({ variant_id: vid, option_value_id: ov });
        }
        for (const pr of v.prices) {
          add('price', {
            id: newId('price'),
            variant_id: vid,
            currency_code: pr.currency_code,
            amount: fromScaled(toScaled(pr.amount)),
            created_at: created,
            updated_at: created,
          });
        }
        add('inventory_level', { id: newId('ilev'), variant_id: vid, stocked_quantity: v.inventory_quantity, reserved_quantity: 0, updated_at: created });
      });
    });

    const order = [
      'region',
      'region_country',
      'product_collection',
      'product_category',
      'product_type',
      'product_tag',
      'product',
      'product_category_link',
      'product_tag_link',
      'product_image',
      'product_option',
      'product_option_value',
      'product_variant',
      'variant_option_value',
      'variant_image',
      'price',
      'inventory_level',
    ];
    await knex.transaction(async (trx) => {
      for (const table of order) {
        const list = rows[table];
        if (!list?.length) continue;
        const plain = table.endsWith('_link') || table === 'variant_option_value' || table === 'variant_image';
        const data = plain ? list.map(({ tenant_id: _t, ...r }) => r) : list;
        const chunk = Math.max(1, Math.floor(30000 / Object.keys(data[0]).length));
        for (let i = 0; i < data.length; i += chunk) {
          await trx
            .withSchema(s)
            .table(table)
            .insert(data.slice(i, i + chunk));
        }
      }
    });
    return { regions, collections, categories };
  }
}
