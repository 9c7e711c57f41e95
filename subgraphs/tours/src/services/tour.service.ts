import type { EntityManager } from '@mikro-orm/core';
import {
  Errors,
  fromScaled,
  normalizePage,
  pgArray,
  requireTenant,
  slugify,
  toScaled,
  type Clock,
  type GraphClient,
  type Paginated,
  type RequestContext,
  type Row,
  type Store,
} from '@svc/kit';
import { Tour, TourCategory, TourCategoryLink, TourDeparture, TourDestination, TourItineraryDay, type DeparturePrice } from '../entities/tour.entity';
import { toursEvents } from '../events';
import type {
  CategoryData,
  CategoryUpdate,
  DepartureData,
  DepartureUpdate,
  DestinationData,
  DestinationListQuery,
  DestinationUpdate,
  TourData,
  TourListQuery,
  TourUpdate,
  TourViewQuery,
} from '../inputs/tour.input';
import { ToursRegionCurrencyDocument } from '../ports/generated';
import type { ToursTranslator } from './translate';
import { dateOf, iso, type CategoryView, type DepartureView, type DestinationView, type TourView } from './views';

const DAY = 86_400_000;
/** `date` + n days, both `YYYY-MM-DD` */
const plusDays = (date: string, n: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const isCalendarDate = (d: string) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;
const isAdmin = (ctx: RequestContext) => ctx.roles.includes('admin');
const amountOf = (a: string): number => Number(fromScaled(toScaled(a)));

function destinationRowView(r: Row, tourCount = 0): DestinationView {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    country_code: r.country_code,
    description: r.description,
    image: r.image,
    tour_count: tourCount,
    tours: null,
  };
}

function categoryRowView(r: Row, tourCount = 0): CategoryView {
  return { id: r.id, slug: r.slug, name: r.name, description: r.description, rank: Number(r.rank), tour_count: tourCount };
}

/**
 * Destinations, tour categories, tours with their itinerary, and departures: the storefront's
 * reads (published tours only; prices in a currency known from `currency_code` or `region_id`;
 * translated through the localization overlay) and the admin's writes. Every statement names the
 * tenant; another tenant's ids answer 404.
 */
export class TourService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly translator: ToursTranslator,
    private readonly graph: () => GraphClient | undefined,
  ) {}

  private t(name: string): string {
    return this.store.table(name);
  }

  /** today's date (UTC) by the domain's clock: departures starting after it are in the future */
  today(): string {
    return new Date(this.clock.now()).toISOString().slice(0, 10);
  }

  /** The currency of the request's prices: `currency_code`, or the region's (400 invalid_field for an unknown region). */
  async currencyOf(ctx: RequestContext, q: { currency_code?: string | null; region_id?: string | null }): Promise<string | null> {
    if (q.region_id) {
      const graph = this.graph();
      if (!graph) throw Errors.invalidField('region_id', 'Regions are not available');
      try {
        const r = await graph.execute(ctx, ToursRegionCurrencyDocument, { id: q.region_id });
        return r.region.currency_code.toLowerCase();
      } catch {
        throw Errors.invalidField('region_id', 'No region of the store has this id');
      }
    }
    return q.currency_code?.toLowerCase() ?? null;
  }

  // ---------------------------------------------------------------- store reads

  /** Published tours by title with every filter; `from_price` in the request's currency. */
  async list(ctx: RequestContext, q: TourListQuery): Promise<Paginated<TourView>> {
    const tenantId = requireTenant(ctx);
    const page = normalizePage(q, 20);
    const currency = await this.currencyOf(ctx, q);
    if ((q.price_min !== undefined || q.price_max !== undefined) && !currency) {
      throw Errors.validation('missing_field', 'A price range needs currency_code or region_id', [
        { field: 'currency_code', code: 'missing_field', message: 'currency_code or region_id is required with a price range' },
      ]);
    }
    if (q.duration_min !== undefined && q.duration_max !== undefined && q.duration_min > q.duration_max)
      throw Errors.invalidField('duration_max', 'duration_max must not be below duration_min');
    if (q.price_min !== undefined && q.price_max !== undefined && q.price_min > q.price_max)
      throw Errors.invalidField('price_max', 'price_max must not be below price_min');
    const where = [`t.tenant_id = ?`, `t.status = 'published'`];
    const params: unknown[] = [currency, tenantId, this.today(), tenantId];
    if (q.destination?.length) {
      where.push(`(d.slug = any(?::text[]) or d.id = any(?::text[]))`);
      params.push(pgArray(q.destination), pgArray(q.destination));
    }
    if (q.category?.length) {
      where.push(`exists (select 1 from ${this.t('tour_category_link')} l join ${this.t('tour_category')} c on c.id = l.category_id
        where l.tour_id = t.id and (c.slug = any(?::text[]) or c.id = any(?::text[])))`);
      params.push(pgArray(q.category), pgArray(q.category));
    }
    if (q.duration_min !== undefined) {
      where.push('t.duration_days >= ?');
      params.push(q.duration_min);
    }
    if (q.duration_max !== undefined) {
      where.push('t.duration_days <= ?');
      params.push(q.duration_max);
    }
    if (q.price_min !== undefined) {
      where.push('fp.from_price >= ?');
      params.push(q.price_min);
    }
    if (q.price_max !== undefined) {
      where.push('fp.from_price <= ?');
      params.push(q.price_max);
    }
    // the from price of each tour in the currency: the lowest of its open future departures
    const from = `with fp as (
         select dep.tour_id, min((p->>'amount')::numeric) as from_price
           from ${this.t('tour_departure')} dep cross join jsonb_array_elements(dep.prices) p
          where p->>'currency_code' = ? and dep.tenant_id = ? and dep.status = 'open' and dep.starts_on > ?::date
          group by dep.tour_id)`;
    const body = `from ${this.t('tour')} t join ${this.t('tour_destination')} d on d.id = t.destination_id and d.tenant_id = t.tenant_id
         left join fp on fp.tour_id = t.id
        where ${where.join(' and ')}`;
    const rows = await this.store.sql<{ id: string; n: number }>(
      null,
      `${from} select t.id, count(*) over ()::int as n ${body} order by t.title asc, t.id asc limit ? offset ?`,
      [...params, page.limit, page.offset],
    );
    // a page past the end (or limit=0) still counts every match
    let count = rows[0]?.n ?? 0;
    if (!rows.length) count = (await this.store.sql<{ n: number }>(null, `${from} select count(*)::int as n ${body}`, params))[0].n;
    const views = await this.views(
      ctx,
      rows.map((r) => r.id),
      currency,
      false,
    );
    return { items: await this.translator.tours(ctx, views, q.locale), count, ...page };
  }

  /** One published tour by slug or id (admins: any status) with itinerary and departures; 404 otherwise. */
  async get(ctx: RequestContext, idOrSlug: string, q: TourViewQuery = {}): Promise<TourView> {
    const row = await this.findRow(ctx, idOrSlug);
    const admin = isAdmin(ctx) && !ctx.publishableKey;
    if (row.status !== 'published' && !admin) throw Errors.notFound('Tour', idOrSlug);
    const currency = await this.currencyOf(ctx, q);
    const [view] = await this.views(ctx, [row.id], currency, admin);
    const [out] = await this.translator.tours(ctx, [view], q.locale);
    return out;
  }

  /** A published tour's row for another service (reviews); 404 for drafts and other tenants'. */
  async published(ctx: RequestContext, idOrSlug: string): Promise<{ id: string; slug: string }> {
    const row = await this.findRow(ctx, idOrSlug);
    if (row.status !== 'published') throw Errors.notFound('Tour', idOrSlug);
    return { id: row.id, slug: row.slug };
  }

  private async findRow(ctx: RequestContext, idOrSlug: string): Promise<Row> {
    const [row] = await this.store.sql(null, `select id, slug, status from ${this.t('tour')} where tenant_id = ? and (id = ? or slug = ?)`, [
      requireTenant(ctx),
      idOrSlug,
      idOrSlug,
    ]);
    if (!row) throw Errors.notFound('Tour', idOrSlug);
    return row;
  }

  /** Destinations by name with their count of published tours. */
  async destinations(ctx: RequestContext, q: DestinationListQuery): Promise<Paginated<DestinationView>> {
    const tenantId = requireTenant(ctx);
    const page = normalizePage(q, 20);
    const [rows, [c]] = await Promise.all([
      this.store.sql(
        null,
        `select d.*, (select count(*)::int from ${this.t('tour')} t where t.destination_id = d.id and t.status = 'published') as tour_count
           from ${this.t('tour_destination')} d where d.tenant_id = ? order by d.name asc, d.id asc limit ? offset ?`,
        [tenantId, page.limit, page.offset],
      ),
      this.store.sql<{ n: number }>(null, `select count(*)::int as n from ${this.t('tour_destination')} where tenant_id = ?`, [tenantId]),
    ]);
    const items = rows.map((r) => destinationRowView(r, r.tour_count));
    return { items: await this.translator.destinations(ctx, items, q.locale), count: c.n, ...page };
  }

  /** One destination by slug or id with its published tours (by title). */
  async destination(ctx: RequestContext, idOrSlug: string, q: TourViewQuery = {}): Promise<DestinationView> {
    const tenantId = requireTenant(ctx);
    const [row] = await this.store.sql(null, `select * from ${this.t('tour_destination')} where tenant_id = ? and (id = ? or slug = ?)`, [
      tenantId,
      idOrSlug,
      idOrSlug,
    ]);
    if (!row) throw Errors.notFound('Destination', idOrSlug);
    const currency = await this.currencyOf(ctx, q);
    const ids = await this.store.sql<{ id: string }>(
      null,
      `select id from ${this.t('tour')} where tenant_id = ? and destination_id = ? and status = 'published' order by title asc, id asc limit 100`,
      [tenantId, row.id],
    );
    const tours = await this.translator.tours(
      ctx,
      await this.views(
        ctx,
        ids.map((r) => r.id),
        currency,
        false,
      ),
      q.locale,
    );
    const [view] = await this.translator.destinations(ctx, [destinationRowView(row, tours.length)], q.locale);
    return { ...view, tours };
  }

  /** Tour categories by rank, then name, with their count of published tours. */
  async categories(ctx: RequestContext, locale?: string | null): Promise<CategoryView[]> {
    const rows = await this.store.sql(
      null,
      `select c.*, (select count(*)::int from ${this.t('tour_category_link')} l join ${this.t('tour')} t on t.id = l.tour_id
                     where l.category_id = c.id and t.status = 'published') as tour_count
         from ${this.t('tour_category')} c where c.tenant_id = ? order by c.rank asc, c.name asc, c.id asc limit 200`,
      [requireTenant(ctx)],
    );
    return this.translator.categories(
      ctx,
      rows.map((r) => categoryRowView(r, r.tour_count)),
      locale,
    );
  }

  /** Full views of the tours `ids` (in that order): destination, categories, itinerary, departures, rating, from price. */
  async views(ctx: RequestContext, ids: string[], currency: string | null, allDepartures: boolean): Promise<TourView[]> {
    if (!ids.length) return [];
    const tenantId = requireTenant(ctx);
    const idsArg = pgArray(ids);
    const today = this.today();
    const [tours, cats, days, deps, ratings, held] = await Promise.all([
      this.store.sql(
        null,
        `select t.*, row_to_json(d) as dest from ${this.t('tour')} t join ${this.t('tour_destination')} d on d.id = t.destination_id
          where t.tenant_id = ? and t.id = any(?::text[])`,
        [tenantId, idsArg],
      ),
      this.store.sql(
        null,
        `select l.tour_id, c.* from ${this.t('tour_category_link')} l join ${this.t('tour_category')} c on c.id = l.category_id
          where l.tenant_id = ? and l.tour_id = any(?::text[]) order by c.rank asc, c.name asc`,
        [tenantId, idsArg],
      ),
      this.store.sql(null, `select * from ${this.t('tour_itinerary_day')} where tenant_id = ? and tour_id = any(?::text[]) order by day asc`, [
        tenantId,
        idsArg,
      ]),
      this.store.sql(
        null,
        `select * from ${this.t('tour_departure')} where tenant_id = ? and tour_id = any(?::text[])
           ${allDepartures ? '' : `and status <> 'canceled' and starts_on > ?::date`} order by starts_on asc, id asc`,
        allDepartures ? [tenantId, idsArg] : [tenantId, idsArg, today],
      ),
      this.store.sql(
        null,
        `select tour_id, round(avg(rating)::numeric, 2)::float8 as average, count(*)::int as n from ${this.t('tour_review')}
          where tenant_id = ? and tour_id = any(?::text[]) and status = 'approved' group by tour_id`,
        [tenantId, idsArg],
      ),
      this.activeHolds(ctx, null, ids),
    ]);
    const byTour = <T extends Row>(rows: T[]) => {
      const m = new Map<string, T[]>();
      for (const r of rows) m.set(r.tour_id, [...(m.get(r.tour_id) ?? []), r]);
      return m;
    };
    const catsBy = byTour(cats);
    const daysBy = byTour(days);
    const depsBy = byTour(deps);
    const ratingBy = new Map(ratings.map((r) => [r.tour_id as string, r]));
    const views = new Map<string, TourView>();
    for (const t of tours) {
      const departures = (depsBy.get(t.id) ?? []).map((d) => this.departureView(d, held.get(d.id) ?? 0, currency));
      const open = departures.filter((d) => d.status === 'open' && d.starts_on > today && d.calculated_price !== null);
      const rating = ratingBy.get(t.id);
      views.set(t.id, {
        id: t.id,
        slug: t.slug,
        title: t.title,
        summary: t.summary,
        description: t.description,
        thumbnail: t.thumbnail,
        images: t.images ?? [],
        destination_id: t.destination_id,
        destination: destinationRowView(t.dest),
        categories: (catsBy.get(t.id) ?? []).map((c) => categoryRowView(c)),
        duration_days: t.duration_days,
        status: t.status,
        requires_traveller_details: t.requires_traveller_details,
        min_age: t.min_age,
        max_travellers_per_booking: t.max_travellers_per_booking,
        highlights: t.highlights ?? [],
        included: t.included ?? [],
        metadata: t.metadata,
        rating: { average: rating ? Number(rating.average) : null, count: rating?.n ?? 0 },
        from_price: open.length ? Math.min(...open.map((d) => d.calculated_price as number)) : null,
        currency_code: currency,
        itinerary: (daysBy.get(t.id) ?? []).map((d) => ({ day: d.day, title: d.title, description: d.description, overnight: d.overnight })),
        departures,
        created_at: iso(t.created_at),
        updated_at: iso(t.updated_at),
      });
    }
    return ids.map((id) => views.get(id)).filter((v): v is TourView => !!v);
  }

  departureView(d: Row, held: number, currency: string | null): DepartureView {
    const prices = (d.prices as DeparturePrice[]).map((p) => ({ currency_code: p.currency_code, amount: amountOf(p.amount) }));
    return {
      id: d.id,
      tour_id: d.tour_id,
      starts_on: dateOf(d.starts_on),
      ends_on: dateOf(d.ends_on),
      seats: d.capacity,
      seats_sold: d.seats_sold,
      seats_remaining: Math.max(0, d.capacity - d.seats_sold - held),
      prices,
      calculated_price: currency ? (prices.find((p) => p.currency_code === currency)?.amount ?? null) : null,
      status: d.status,
    };
  }

  /** Seats of live holds (held, not yet expired by the domain's clock) per departure, of the departures given or of the tours given. */
  async activeHolds(ctx: RequestContext, departureIds: string[] | null, tourIds: string[] | null = null): Promise<Map<string, number>> {
    const tenantId = requireTenant(ctx);
    const rows = await this.store.sql<{ departure_id: string; n: number }>(
      this.store.inTransaction(ctx) ? ctx : null,
      `select l->>'departure_id' as departure_id, sum((l->>'quantity')::int)::int as n
         from ${this.t('tour_seat_hold')} h cross join jsonb_array_elements(h.lines) l
        where h.tenant_id = ? and h.status = 'held' and h.expires_at > ?
          and ${departureIds ? `l->>'departure_id' = any(?::text[])` : `l->>'departure_id' in (select id from ${this.t('tour_departure')} where tour_id = any(?::text[]))`}
        group by 1`,
      [tenantId, new Date(this.clock.now()), pgArray(departureIds ?? tourIds ?? [])],
    );
    return new Map(rows.map((r) => [r.departure_id, r.n]));
  }

  // ---------------------------------------------------------------- admin

  /** Admin: the tenant's tours, any status (or one), by title. */
  async adminList(ctx: RequestContext, q: { status?: string | null; limit?: number; offset?: number }): Promise<Paginated<TourView>> {
    const tenantId = requireTenant(ctx);
    const page = normalizePage(q, 20);
    const where = q.status ? `tenant_id = ? and status = ?` : `tenant_id = ?`;
    const params = q.status ? [tenantId, q.status] : [tenantId];
    const [rows, [c]] = await Promise.all([
      this.store.sql<{ id: string }>(null, `select id from ${this.t('tour')} where ${where} order by title asc, id asc limit ? offset ?`, [
        ...params,
        page.limit,
        page.offset,
      ]),
      this.store.sql<{ n: number }>(null, `select count(*)::int as n from ${this.t('tour')} where ${where}`, params),
    ]);
    return {
      items: await this.views(
        ctx,
        rows.map((r) => r.id),
        null,
        true,
      ),
      count: c.n,
      ...page,
    };
  }

  async createDestination(ctx: RequestContext, input: DestinationData): Promise<DestinationView> {
    const tenantId = requireTenant(ctx);
    const id = await this.store.transaction(ctx, async (em) => {
      const slug = input.slug ?? slugify(input.name);
      await this.assertSlugFree(em, TourDestination, slug);
      const d = em.create(TourDestination, {
        tenantId,
        slug,
        name: input.name,
        countryCode: input.country_code?.toLowerCase() ?? null,
        description: input.description ?? null,
        image: input.image ?? null,
      });
      return d.id;
    });
    return this.adminDestination(ctx, id);
  }

  async updateDestination(ctx: RequestContext, id: string, input: DestinationUpdate): Promise<DestinationView> {
    await this.store.transaction(ctx, async (em) => {
      const d = await em.findOne(TourDestination, { id });
      if (!d) throw Errors.notFound('Destination', id);
      if (input.slug && input.slug !== d.slug) await this.assertSlugFree(em, TourDestination, input.slug);
      if (input.slug) d.slug = input.slug;
      if (input.name) d.name = input.name;
      if (input.country_code !== undefined) d.countryCode = input.country_code?.toLowerCase() ?? null;
      if (input.description !== undefined) d.description = input.description;
      if (input.image !== undefined) d.image = input.image;
    });
    return this.adminDestination(ctx, id);
  }

  /** Deletes a destination without tours (409 in_use otherwise). */
  async deleteDestination(ctx: RequestContext, id: string): Promise<DestinationView> {
    const view = await this.adminDestination(ctx, id);
    await this.store.transaction(ctx, async (em) => {
      if (await em.count(Tour, { destination: id })) throw Errors.conflict('in_use', 'The destination still has tours');
      await em.nativeDelete(TourDestination, { id });
    });
    return view;
  }

  private async adminDestination(ctx: RequestContext, id: string): Promise<DestinationView> {
    const [row] = await this.store.sql(
      this.store.inTransaction(ctx) ? ctx : null,
      `select * from ${this.t('tour_destination')} where tenant_id = ? and id = ?`,
      [requireTenant(ctx), id],
    );
    if (!row) throw Errors.notFound('Destination', id);
    return destinationRowView(row);
  }

  async createCategory(ctx: RequestContext, input: CategoryData): Promise<CategoryView> {
    const tenantId = requireTenant(ctx);
    const id = await this.store.transaction(ctx, async (em) => {
      const slug = input.slug ?? slugify(input.name);
      await this.assertSlugFree(em, TourCategory, slug);
      return em.create(TourCategory, { tenantId, slug, name: input.name, description: input.description ?? null, rank: input.rank ?? 0 }).id;
    });
    return this.adminCategory(ctx, id);
  }

  async updateCategory(ctx: RequestContext, id: string, input: CategoryUpdate): Promise<CategoryView> {
    await this.store.transaction(ctx, async (em) => {
      const c = await em.findOne(TourCategory, { id });
      if (!c) throw Errors.notFound('Tour category', id);
      if (input.slug && input.slug !== c.slug) await this.assertSlugFree(em, TourCategory, input.slug);
      if (input.slug) c.slug = input.slug;
      if (input.name) c.name = input.name;
      if (input.description !== undefined) c.description = input.description;
      if (input.rank !== undefined && input.rank !== null) c.rank = input.rank;
    });
    return this.adminCategory(ctx, id);
  }

  async deleteCategory(ctx: RequestContext, id: string): Promise<CategoryView> {
    const view = await this.adminCategory(ctx, id);
    await this.store.transaction(ctx, async (em) => void (await em.nativeDelete(TourCategory, { id })));
    return view;
  }

  private async adminCategory(ctx: RequestContext, id: string): Promise<CategoryView> {
    const [row] = await this.store.sql(null, `select * from ${this.t('tour_category')} where tenant_id = ? and id = ?`, [requireTenant(ctx), id]);
    if (!row) throw Errors.notFound('Tour category', id);
    return categoryRowView(row);
  }

  /** A new tour (draft unless published later) with its itinerary and categories. */
  async create(ctx: RequestContext, input: TourData): Promise<TourView> {
    const tenantId = requireTenant(ctx);
    const id = await this.store.transaction(ctx, async (em) => {
      const slug = input.slug ?? slugify(input.title);
      await this.assertSlugFree(em, Tour, slug);
      const destination = await em.findOne(TourDestination, { id: input.destination_id });
      if (!destination) throw Errors.invalidField('destination_id', 'No destination of the store has this id');
      this.checkItinerary(input.itinerary, input.duration_days);
      const tour = em.create(Tour, {
        tenantId,
        slug,
        title: input.title,
        summary: input.summary ?? null,
        description: input.description ?? null,
        thumbnail: input.thumbnail ?? null,
        images: input.images ?? [],
        destination,
        durationDays: input.duration_days,
        requiresTravellerDetails: input.requires_traveller_details ?? false,
        minAge: input.min_age ?? null,
        maxTravellersPerBooking: input.max_travellers_per_booking ?? null,
        highlights: input.highlights ?? [],
        included: input.included ?? [],
        metadata: input.metadata ?? null,
      });
      await this.setCategories(em, tour, input.category_ids ?? []);
      this.setItinerary(em, tour, input.itinerary ?? []);
      return tour.id;
    });
    return this.adminView(ctx, id);
  }

  /** Any tour of the tenant, any status, all departures (admin writes answer it). */
  async adminView(ctx: RequestContext, id: string): Promise<TourView> {
    const [view] = await this.views(ctx, [id], null, true);
    if (!view) throw Errors.notFound('Tour', id);
    return view;
  }

  /** Changes the fields given (itinerary and categories replaced when given); `tour.updated` for a published tour. */
  async update(ctx: RequestContext, id: string, input: TourUpdate): Promise<TourView> {
    await this.store.transaction(ctx, async (em, tx) => {
      const tour = await em.findOne(Tour, { id });
      if (!tour) throw Errors.notFound('Tour', id);
      if (input.slug && input.slug !== tour.slug) await this.assertSlugFree(em, Tour, input.slug);
      if (input.destination_id) {
        const destination = await em.findOne(TourDestination, { id: input.destination_id });
        if (!destination) throw Errors.invalidField('destination_id', 'No destination of the store has this id');
        tour.destination = destination;
      }
      const durationChanged = input.duration_days !== undefined && input.duration_days !== tour.durationDays;
      if (input.slug) tour.slug = input.slug;
      if (input.title) tour.title = input.title;
      if (input.summary !== undefined) tour.summary = input.summary;
      if (input.description !== undefined) tour.description = input.description;
      if (input.thumbnail !== undefined) tour.thumbnail = input.thumbnail;
      if (input.images !== undefined) tour.images = input.images ?? [];
      if (input.duration_days !== undefined) tour.durationDays = input.duration_days;
      if (input.requires_traveller_details !== undefined) tour.requiresTravellerDetails = input.requires_traveller_details ?? false;
      if (input.min_age !== undefined) tour.minAge = input.min_age;
      if (input.max_travellers_per_booking !== undefined) tour.maxTravellersPerBooking = input.max_travellers_per_booking;
      if (input.highlights !== undefined) tour.highlights = input.highlights ?? [];
      if (input.included !== undefined) tour.included = input.included ?? [];
      if (input.metadata !== undefined) tour.metadata = input.metadata;
      if (input.category_ids !== undefined) {
        await em.nativeDelete(TourCategoryLink, { tour: tour.id });
        await this.setCategories(em, tour, input.category_ids ?? []);
      }
      if (input.itinerary !== undefined && input.itinerary !== null) {
        this.checkItinerary(input.itinerary, tour.durationDays);
        await em.nativeDelete(TourItineraryDay, { tour: tour.id });
        this.setItinerary(em, tour, input.itinerary);
      }
      tour.updatedAt = new Date();
      await em.flush();
      if (durationChanged) {
        // every departure ends duration − 1 days after it starts
        await this.store.sql(tx, `update ${this.t('tour_departure')} set ends_on = starts_on + ? where tenant_id = ? and tour_id = ?`, [
          tour.durationDays - 1,
          requireTenant(ctx),
          tour.id,
        ]);
      }
      if (tour.status === 'published') toursEvents.emit(em, tx, 'tour.updated', { id: tour.id, slug: tour.slug });
    });
    return this.adminView(ctx, id);
  }

  /** published (`tour.published`) or archived (`tour.updated`) or back to draft. */
  async setStatus(ctx: RequestContext, id: string, status: 'published' | 'archived' | 'draft'): Promise<TourView> {
    await this.store.transaction(ctx, async (em, tx) => {
      const tour = await em.findOne(Tour, { id });
      if (!tour) throw Errors.notFound('Tour', id);
      if (tour.status === status) return;
      tour.status = status;
      toursEvents.emit(em, tx, status === 'published' ? 'tour.published' : 'tour.updated', { id: tour.id, slug: tour.slug });
    });
    return this.adminView(ctx, id);
  }

  /** Deletes a tour without bookings (409 in_use otherwise; archive it instead). */
  async delete(ctx: RequestContext, id: string): Promise<TourView> {
    const view = await this.adminView(ctx, id);
    await this.store.transaction(ctx, async (em, tx) => {
      const [b] = await this.store.sql(tx, `select 1 from ${this.t('tour_booking')} where tenant_id = ? and tour_id = ? limit 1`, [requireTenant(ctx), id]);
      if (b) throw Errors.conflict('in_use', 'The tour has bookings: archive it instead');
      await em.nativeDelete(Tour, { id });
      toursEvents.emit(em, tx, 'tour.deleted', { id, slug: view.slug });
    });
    return view;
  }

  async createDeparture(ctx: RequestContext, tourId: string, input: DepartureData): Promise<DepartureView> {
    const tenantId = requireTenant(ctx);
    if (!isCalendarDate(input.starts_on)) throw Errors.validation('invalid_date', `starts_on is not a date of the calendar: ${input.starts_on}`);
    const id = await this.store.transaction(ctx, async (em) => {
      const tour = await em.findOne(Tour, { id: tourId });
      if (!tour) throw Errors.notFound('Tour', tourId);
      return em.create(TourDeparture, {
        tenantId,
        tour,
        startsOn: input.starts_on,
        endsOn: plusDays(input.starts_on, tour.durationDays - 1),
        capacity: input.capacity,
        prices: input.prices.map((p) => ({ currency_code: p.currency_code, amount: fromScaled(toScaled(p.amount)) })),
        status: input.status ?? 'open',
      }).id;
    });
    return this.departure(ctx, id);
  }

  /** Changes a departure; the capacity never goes below the seats sold and held (409 capacity_below_sold). */
  async updateDeparture(ctx: RequestContext, id: string, input: DepartureUpdate): Promise<DepartureView> {
    if (input.starts_on && !isCalendarDate(input.starts_on))
      throw Errors.validation('invalid_date', `starts_on is not a date of the calendar: ${input.starts_on}`);
    await this.store.transaction(ctx, async (_em, tx) => {
      const t = this.t('tour_departure');
      const [d] = await this.store.sql(
        tx,
        `select d.*, t.duration_days from ${t} d join ${this.t('tour')} t on t.id = d.tour_id where d.tenant_id = ? and d.id = ? for update of d`,
        [requireTenant(ctx), id],
      );
      if (!d) throw Errors.notFound('Departure', id);
      const capacity = input.capacity ?? d.capacity;
      if (capacity < d.seats_sold + d.seats_held)
        throw Errors.conflict('capacity_below_sold', `The departure has ${d.seats_sold + d.seats_held} seats sold or held`);
      const startsOn = input.starts_on ?? dateOf(d.starts_on);
      const prices = input.prices ? input.prices.map((p) => ({ currency_code: p.currency_code, amount: fromScaled(toScaled(p.amount)) })) : d.prices;
      await this.store.sql(tx, `update ${t} set capacity = ?, starts_on = ?, ends_on = ?, prices = ?::jsonb, status = ?, updated_at = now() where id = ?`, [
        capacity,
        startsOn,
        plusDays(startsOn, d.duration_days - 1),
        JSON.stringify(prices),
        input.status ?? d.status,
        id,
      ]);
    });
    return this.departure(ctx, id);
  }

  async departure(ctx: RequestContext, id: string): Promise<DepartureView> {
    const [d] = await this.store.sql(null, `select * from ${this.t('tour_departure')} where tenant_id = ? and id = ?`, [requireTenant(ctx), id]);
    if (!d) throw Errors.notFound('Departure', id);
    const held = await this.activeHolds(ctx, [id]);
    return this.departureView(d, held.get(id) ?? 0, null);
  }

  private checkItinerary(days: TourData['itinerary'], duration: number): void {
    const late = (days ?? []).find((d) => d.day > duration);
    if (late) throw Errors.invalidField('itinerary', `day ${late.day} is after the tour's ${duration} days`);
  }

  private async setCategories(em: EntityManager, tour: Tour, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (!unique.length) return;
    const found = await em.find(TourCategory, { id: { $in: unique } });
    if (found.length !== unique.length) throw Errors.invalidField('category_ids', 'Some tour categories do not exist');
    for (const category of found) em.create(TourCategoryLink, { tenantId: tour.tenantId, tour, category });
  }

  private setItinerary(em: EntityManager, tour: Tour, days: NonNullable<TourData['itinerary']>): void {
    for (const d of days)
      em.create(TourItineraryDay, {
        tenantId: tour.tenantId,
        tour,
        day: d.day,
        title: d.title,
        description: d.description ?? null,
        overnight: d.overnight ?? null,
      });
  }

  private async assertSlugFree(em: EntityManager, entity: typeof Tour | typeof TourDestination | typeof TourCategory, slug: string): Promise<void> {
    if (await em.count(entity as typeof Tour, { slug })) throw Errors.conflict('duplicate', `The slug "${slug}" is taken`);
  }
}
