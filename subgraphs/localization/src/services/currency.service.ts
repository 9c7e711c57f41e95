import { LockMode, type EntityManager } from '@mikro-orm/core';
import { Errors, loaderFor, requireTenant, translateDbError, validated, type RequestContext, type Store } from '@svc/kit';
import { CurrencyPair, RATE_SOURCES, RateSource, type FeedSource } from '../entities/currency.entity';
import { localizationEvents } from '../events';
import { addCurrencyPairSchema, isoCurrencySchema, setManualRateSchema, type AddCurrencyPairData } from '../inputs/currency.input';
import { FeedError, crossRate, fetchFeed, roundRate, type RateDocument } from './feeds';
import type { LocalizationSettings } from '../settings';
import { toCurrencyPairView, type CurrencyPairView, type CurrencyRateView, type ExchangeRatesView, type RateSourceView } from './views';

type RatesConfig = LocalizationSettings['currencyRates'] & { production: boolean };

/** Fetches one feed; the seam the service calls (tests point the URLs at local servers instead). */
type FeedFetcher = (source: FeedSource, url: string) => Promise<RateDocument>;

/**
 * Currency pairs of a store and their active rates. The source order of a pair: the admin's manual
 * override, then the ECB feed, then the JSON rate service. A feed counts while its last refresh
 * succeeded and its snapshot is not older than two refresh intervals; a feed that lacks a currency
 * of the pair passes the pair on to the next one. When no feed counts, the last known snapshot that
 * has the pair answers, marked `stale: true`. Cross rates go through the snapshot's base.
 *
 * The feed snapshots (`rate_source`) are the platform's, shared by every tenant; pairs and
 * overrides are the tenant's.
 */
export class CurrencyService {
  private readonly fetcher: FeedFetcher;

  constructor(
    private readonly store: Store,
    readonly config: RatesConfig,
  ) {
    this.fetcher = (source, url) => fetchFeed(source, url, { timeoutMs: config.timeoutMs, production: config.production });
  }

  urlOf(source: FeedSource): string {
    return source === 'ecb' ? this.config.ecbUrl : this.config.jsonUrl;
  }

  // ---- pairs and overrides (tenant) ----

  async pairs(ctx: RequestContext): Promise<CurrencyPairView[]> {
    return (await this.store.em(ctx).find(CurrencyPair, {}, { orderBy: { base: 'asc', quote: 'asc' } })).map(toCurrencyPairView);
  }

  async addPair(ctx: RequestContext, raw: AddCurrencyPairData): Promise<CurrencyPairView> {
    const input = validated(addCurrencyPairSchema, raw, 'input');
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      if (await em.count(CurrencyPair, { base: input.base, quote: input.quote }))
        throw Errors.conflict('duplicate', `The pair ${input.base}/${input.quote} is already configured`);
      const manual = input.manual_rate ?? null;
      const pair = em.create(CurrencyPair, {
        tenantId,
        base: input.base,
        quote: input.quote,
        manualRate: manual === null ? null : manual.toFixed(12),
        manualSetAt: manual === null ? null : new Date(),
      });
      localizationEvents.emit(em, tx, 'currency_pair.created', { id: pair.id, base: pair.base, quote: pair.quote });
      await this.flush(em);
      return toCurrencyPairView(pair);
    });
  }

  async removePair(ctx: RequestContext, id: string): Promise<CurrencyPairView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const pair = await this.load(em, id);
      const view = toCurrencyPairView(pair);
      localizationEvents.emit(em, tx, 'currency_pair.deleted', { id: pair.id, base: pair.base, quote: pair.quote });
      em.remove(pair);
      await this.flush(em);
      return view;
    });
  }

  /** Sets (a number) or clears (null) the pair's manual override. */
  async setManualRate(ctx: RequestContext, id: string, rate: number | null): Promise<CurrencyPairView> {
    if (rate !== null) validated(setManualRateSchema, { rate }, 'input');
    return this.store.transaction(ctx, async (em, tx) => {
      const pair = await this.load(em, id);
      pair.manualRate = rate === null ? null : rate.toFixed(12);
      pair.manualSetAt = rate === null ? null : new Date();
      localizationEvents.emit(em, tx, 'currency_pair.override_changed', { id: pair.id, base: pair.base, quote: pair.quote, manual_rate: rate });
      await this.flush(em);
      return toCurrencyPairView(pair);
    });
  }

  byId(ctx: RequestContext, id: string): Promise<CurrencyPairView | null> {
    return loaderFor<string, CurrencyPairView>(ctx, 'localization.currency_pair', async (ids) => {
      const rows = await this.store.em(ctx).find(CurrencyPair, { id: { $in: [...ids] } });
      return new Map(rows.map((r) => [r.id, toCurrencyPairView(r)]));
    }).load(id);
  }

  // ---- rates ----

  /** The active rate of every configured pair of the tenant. */
  async activeRates(ctx: RequestContext): Promise<CurrencyRateView[]> {
    const pairs = await this.store.em(ctx).find(CurrencyPair, {}, { orderBy: { base: 'asc', quote: 'asc' } });
    const sources = await this.sources(ctx);
    return pairs.map((p) => this.rateOf(p, sources));
  }

  private rateOf(p: CurrencyPair, sources: RateSource[]): CurrencyRateView {
    const pair = { pair_id: p.id, base: p.base, quote: p.quote };
    if (p.manualRate !== null)
      return {
        ...pair,
        rate: roundRate(Number(p.manualRate)),
        source: 'manual',
        fetched_at: p.manualSetAt?.toISOString() ?? null,
        rate_date: null,
        stale: false,
      };
    for (const s of sources) {
      if (!this.fresh(s)) continue;
      const rate = crossRate(s.rates!, p.base, p.quote);
      if (rate !== null) return { ...pair, rate, source: s.source, fetched_at: s.fetchedAt!.toISOString(), rate_date: s.rateDate, stale: false };
    }
    // no feed answers now: the newest snapshot that knows the pair, marked stale
    const known = sources
      .filter((s) => s.rates && s.fetchedAt && crossRate(s.rates, p.base, p.quote) !== null)
      .sort((a, b) => b.fetchedAt!.getTime() - a.fetchedAt!.getTime());
    const last = known[0];
    if (last)
      return {
        ...pair,
        rate: crossRate(last.rates!, p.base, p.quote),
        source: last.source,
        fetched_at: last.fetchedAt!.toISOString(),
        rate_date: last.rateDate,
        stale: true,
      };
    return { ...pair, rate: null, source: null, fetched_at: null, rate_date: null, stale: true };
  }

  /** A feed answers while its last refresh succeeded and its snapshot is younger than two refresh intervals. */
  private fresh(s: RateSource): boolean {
    return s.ok && !!s.rates && !!s.fetchedAt && Date.now() - s.fetchedAt.getTime() <= 2 * this.config.refreshMinutes * 60_000;
  }

  /**
   * The snapshot for `base` (default: the first feed's own base): every quote the answering feed
   * knows. 400 `invalid_field` for a malformed code, `unknown_currency` when no snapshot knows it.
   */
  async exchangeRates(ctx: RequestContext, rawBase?: string | null): Promise<ExchangeRatesView> {
    let base: string | undefined;
    if (rawBase !== undefined && rawBase !== null) {
      const parsed = /^[a-zA-Z]{3}$/.test(rawBase) ? isoCurrencySchema.safeParse(rawBase) : null;
      if (!parsed?.success) throw Errors.invalidField('base', 'base must be a 3-letter ISO 4217 currency code');
      base = parsed.data;
    }
    const sources = (await this.sources(ctx)).filter((s) => s.rates && s.fetchedAt && (base === undefined || s.rates[base] !== undefined));
    const chosen = sources.find((s) => this.fresh(s)) ?? [...sources].sort((a, b) => b.fetchedAt!.getTime() - a.fetchedAt!.getTime())[0];
    if (!chosen) {
      if (base === undefined) throw Errors.notFound('Exchange rate snapshot');
      throw Errors.validation('unknown_currency', `No rate source knows the currency ${base}`, [
        { field: 'base', code: 'unknown_currency', message: `No rate source knows the currency ${base}` },
      ]);
    }
    const b = base ?? chosen.base!;
    const rates: Record<string, number> = {};
    for (const code of Object.keys(chosen.rates!).sort()) if (code !== b) rates[code] = crossRate(chosen.rates!, b, code)!;
    return { base: b, date: chosen.rateDate!, source: chosen.source, fetched_at: chosen.fetchedAt!.toISOString(), stale: !this.fresh(chosen), rates };
  }

  /** The feeds' state (admin): what each last answered and whether it counts now. */
  async sourceStatus(ctx: RequestContext): Promise<RateSourceView[]> {
    const rows = await this.sources(ctx);
    return RATE_SOURCES.map((source) => {
      const s = rows.find((r) => r.source === source);
      return {
        source,
        url: this.urlOf(source),
        ok: s?.ok ?? false,
        base: s?.base ?? null,
        rate_date: s?.rateDate ?? null,
        currencies: s?.rates ? Object.keys(s.rates).length : 0,
        fetched_at: s?.fetchedAt?.toISOString() ?? null,
        last_attempt_at: s?.lastAttemptAt?.toISOString() ?? null,
        last_error: s?.lastError ?? null,
        stale: !s || !this.fresh(s),
      };
    });
  }

  /**
   * Asks every feed (one after the other, each within the timeout) and keeps what each answered:
   * a good document replaces the snapshot, a failure keeps the last one and records why. The
   * fetches run before the short write transaction, never inside it.
   */
  async refresh(ctx: RequestContext): Promise<RateSourceView[]> {
    const results: Array<{ source: FeedSource; at: Date; doc?: RateDocument; error?: string }> = [];
    for (const source of RATE_SOURCES) {
      const at = new Date();
      try {
        results.push({ source, at, doc: await this.fetcher(source, this.urlOf(source)) });
      } catch (err) {
        results.push({ source, at, error: err instanceof FeedError ? err.message : 'unexpected failure' });
      }
    }
    await this.store.transaction(
      ctx,
      async (em, tx) => {
        for (const r of results) {
          const row = await this.lockedSource(em, tx, r.source);
          row.lastAttemptAt = r.at;
          row.ok = !!r.doc;
          row.lastError = r.error?.slice(0, 500) ?? null;
          if (r.doc) Object.assign(row, { base: r.doc.base, rateDate: r.doc.date, rates: r.doc.rates, fetchedAt: r.at });
        }
        await em.flush();
      },
      { global: true },
    );
    return this.sourceStatus(ctx);
  }

  /** The job's entry: refreshes when the last attempt is older than the refresh interval (the job ticks every minute). */
  async refreshIfDue(ctx: RequestContext): Promise<boolean> {
    const rows = await this.sources(ctx);
    const last = Math.min(...RATE_SOURCES.map((s) => rows.find((r) => r.source === s)?.lastAttemptAt?.getTime() ?? 0));
    if (Date.now() - last < this.config.refreshMinutes * 60_000 - 5_000) return false;
    await this.refresh(ctx);
    return true;
  }

  /**
   * Keeps `doc` as the last known snapshot of `source` when the feed has none yet (the demo seed:
   * rates to show before the first refresh). It stays stale until a refresh succeeds.
   */
  async seedSnapshot(ctx: RequestContext, source: FeedSource, doc: RateDocument, fetchedAt: Date): Promise<void> {
    await this.store.transaction(
      ctx,
      async (em, tx) => {
        const row = await this.lockedSource(em, tx, source);
        // a refresh that got a document first wins; one that failed left no rates, which the snapshot gives
        if (row.rates) return;
        Object.assign(row, { base: doc.base, rateDate: doc.date, rates: doc.rates, fetchedAt });
        if (!row.lastAttemptAt) row.lastError = 'seeded snapshot: not fetched yet';
        await em.flush();
      },
      { global: true },
    );
  }

  /**
   * The feed's row, created when missing and locked for this transaction: the demo seed and a
   * refresh (the job, or an admin's) may run at the same moment in different processes.
   */
  private async lockedSource(em: EntityManager, tx: RequestContext, source: FeedSource): Promise<RateSource> {
    await this.store.sql(tx, `insert into ${this.store.table('rate_source')} (source, ok) values (?, false) on conflict (source) do nothing`, [source]);
    return em.findOneOrFail(RateSource, { source }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  private async sources(ctx: RequestContext): Promise<RateSource[]> {
    const rows = await this.store.emGlobal(ctx).find(RateSource, {});
    return RATE_SOURCES.map((s) => rows.find((r) => r.source === s)).filter((r): r is RateSource => !!r);
  }

  private async load(em: EntityManager, id: string): Promise<CurrencyPair> {
    const pair = await em.findOne(CurrencyPair, { id });
    if (!pair) throw Errors.notFound('Currency pair', id);
    return pair;
  }

  private async flush(em: EntityManager): Promise<void> {
    try {
      await em.flush();
    } catch (err) {
      throw translateDbError(err) ?? err;
    }
  }
}
