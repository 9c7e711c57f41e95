import { Errors, normalizePage, requireTenant, type Paginated, type RequestContext, type Store } from '@svc/kit';
import { Region, RegionCountry } from '../entities/region.entity';
import { catalogEvents } from '../events';
import type { RegionData } from '../inputs/region.input';
import type { CatalogCache } from './catalog-cache';
import { COUNTRIES } from './countries';
import { isoNN, type RegionView } from './views';

/** Regions: currency and countries of a market; the pricing context of product reads. */
export class RegionService {
  constructor(
    private readonly store: Store,
    private readonly cache: CatalogCache,
  ) {}

  /** Every region of the tenant (cached), oldest first. */
  async all(tenantId: string): Promise<RegionView[]> {
    const v = this.cache.version(tenantId);
    const hit = this.cache.get<RegionView[]>(tenantId, 'regions');
    if (hit) return hit;
    const [regions, countries] = await Promise.all([
      this.store.sql(null, `select * from ${this.store.table('region')} where tenant_id = ? order by created_at, id`, [tenantId]),
      this.store.sql(null, `select * from ${this.store.table('region_country')} where tenant_id = ? order by iso2`, [tenantId]),
    ]);
    const out: RegionView[] = regions.map((r) => {
      // a region's countries are written with it and never changed on their own: their rows' times are the region's creation
      const created = isoNN(r.created_at);
      return {
        id: r.id,
        name: r.name,
        currency_code: r.currency_code,
        automatic_taxes: r.automatic_taxes,
        countries: countries
          .filter((c) => c.region_id === r.id)
          .map((c) => ({
            id: c.id,
            iso_2: c.iso2,
            iso_3: c.iso3,
            num_code: c.num_code,
            name: c.name,
            display_name: c.display_name,
            region_id: c.region_id,
            metadata: null, // countries have no metadata here (Medusa's default)
            created_at: created,
            updated_at: created,
            deleted_at: null, // no soft delete of countries (Medusa's default)
          })),
        metadata: r.metadata,
        created_at: created,
        updated_at: isoNN(r.updated_at),
        deleted_at: null, // no soft delete of regions (Medusa's default)
      };
    });
    this.cache.set(tenantId, 'regions', out, v);
    return out;
  }

  async list(ctx: RequestContext, a: { limit?: number; offset?: number }): Promise<Paginated<RegionView>> {
    const all = await this.all(requireTenant(ctx));
    const page = normalizePage(a, 50);
    return { items: all.slice(page.offset, page.offset + page.limit), count: all.length, ...page };
  }

  async get(ctx: RequestContext, id: string): Promise<RegionView> {
    const r = (await this.all(requireTenant(ctx))).find((x) => x.id === id);
    if (!r) throw Errors.notFound('Region', id);
    return r;
  }

  /** Federation reference: the tenant's region or null. */
  async byId(ctx: RequestContext, id: string): Promise<RegionView | null> {
    return (await this.all(requireTenant(ctx))).find((x) => x.id === id) ?? null;
  }

  /** Pricing context of a read: an unknown region is a client error (400), as in Medusa. */
  async pricing(tenantId: string, regionId?: string | null, countryCode?: string | null): Promise<RegionView | null> {
    if (regionId) {
      const r = (await this.all(tenantId)).find((x) => x.id === regionId);
      if (!r) throw Errors.invalidField('region_id', `Region with id "${regionId}" was not found`);
      return r;
    }
    if (countryCode) {
      const cc = countryCode.toLowerCase();
      const r = (await this.all(tenantId)).find((x) => x.countries.some((c) => c.iso_2 === cc));
      if (!r) throw Errors.invalidField('country_code', `No region serves country "${countryCode}"`);
      return r;
    }
    return null;
  }

  async create(ctx: RequestContext, input: RegionData): Promise<RegionView> {
    const tenantId = requireTenant(ctx);
    const id = await this.store.transaction(ctx, async (em, tx) => {
      const r = em.create(Region, { tenantId, name: input.name, currencyCode: input.currency_code } as never);
      for (const code of input.countries ?? []) {
        const c = COUNTRIES[code.toLowerCase()];
        if (!c) throw Errors.invalidField('countries', `Unknown country code ${code}`);
        em.create(RegionCountry, {
          tenantId,
          region: r,
          iso2: code.toLowerCase(),
          iso3: c[0],
          numCode: c[1],
          name: c[2].toUpperCase(),
          displayName: c[2],
        } as never);
      }
      catalogEvents.emit(em, tx, 'region.created', { id: r.id });
      await this.store.afterCommit(tx, () => this.cache.invalidate(tenantId));
      return r.id;
    });
    return this.get(ctx, id);
  }
}
