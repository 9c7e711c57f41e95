import { DomainError, SecretBox, requireTenant, systemClock, type Clock, type GraphClient, type RequestContext, type Store } from '@svc/kit';
import { AdChannel, MetricsCache } from '../entities/metrics.entity';
import { SocialAccount } from '../entities/social.entity';
import { AssistantMarketingConversionsDocument } from '../ports/generated';
import type { AssistantSettings } from '../settings';
import { metaInsights } from '../social/meta';
import { googleAdsDaily } from './google-ads';

const TOKEN = 'assistant.social_token';
const AD_TOKEN = 'assistant.ad_token';
const MAX_DAYS = 366;

export const AD_CHANNELS = ['meta', 'google_ads'] as const;
type AdChannelId = (typeof AD_CHANNELS)[number];

/** utm_source values (lower case) that name each advertising channel; every other source counts as `other` */
const SOURCES: Record<AdChannelId, string[]> = {
  meta: ['facebook', 'fb', 'instagram', 'ig', 'meta', 'facebook_ads', 'meta_ads'],
  google_ads: ['google', 'google_ads', 'googleads', 'adwords', 'gads'],
};

interface AdChannelInput {
  channel: AdChannelId;
  account_id: string;
  access_token?: string;
  login_customer_id?: string;
  refresh_token?: string;
}

interface Money {
  currency_code: string;
  amount: number;
}

interface DayRow {
  day: string;
  spend: number | null;
  impressions: number | null;
  clicks: number | null;
  conversions: number;
  revenue: Money[];
}

interface ChannelView {
  channel: string;
  /** ok, unavailable (the ad platform failed: its spend is unknown), not_connected (no account set up) */
  status: 'ok' | 'unavailable' | 'not_connected';
  error: string | null;
  account_id: string | null;
  /** the currency of spend (the ad account's) */
  currency_code: string | null;
  sources: string[];
  totals: Omit<DayRow, 'day'>;
  days: DayRow[];
}

interface DashboardView {
  from: string;
  to: string;
  channels: ChannelView[];
  platform: { orders: number; revenue: Money[]; days: Array<{ day: string; orders: number; revenue: Money[] }> };
  computed_at: string;
  cached: boolean;
}

const addMoney = (list: Money[], currency: string, amount: number) => {
  const hit = list.find((m) => m.currency_code === currency);
  if (hit) hit.amount = round2(hit.amount + amount);
  else list.push({ currency_code: currency, amount: round2(amount) });
};
const round2 = (n: number) => Math.round(n * 100) / 100;

function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

const channelOf = (source: string): AdChannelId | 'other' => (AD_CHANNELS.find((c) => SOURCES[c].includes(source)) as AdChannelId | undefined) ?? 'other';

/**
 * The marketing dashboard: spend, impressions and clicks per advertising channel and day from the
 * ad platforms (Meta Marketing API insights, Google Ads searchStream), joined with the platform's
 * own conversions and revenue (analytics' rollups: tracked purchases by utm_source; orders and
 * revenue of the store per day). Computed dashboards are cached per store and range.
 */
export class MetricsService {
  private readonly box: SecretBox;

  constructor(
    private readonly store: Store,
    secretsKey: string,
    private readonly settings: AssistantSettings['social'],
    private readonly graph: () => GraphClient | undefined,
    private readonly clock: Clock = systemClock,
  ) {
    this.box = new SecretBox(secretsKey);
  }

  async channels(ctx: RequestContext) {
    const rows = await this.store.em(ctx).find(AdChannel, {}, { orderBy: { channel: 'asc' } });
    return rows.map((r) => ({
      channel: r.channel,
      account_id: r.accountId,
      login_customer_id: r.loginCustomerId,
      has_token: !!r.tokenSealed,
      updated_at: r.updatedAt.toISOString(),
    }));
  }

  /** Saves the store's account of a channel (a token given replaces the saved one); the store's cached dashboards are dropped. */
  async configure(ctx: RequestContext, input: AdChannelInput) {
    const tenantId = requireTenant(ctx);
    if (input.channel === 'google_ads') {
      const g = this.settings.googleAds;
      if (!g.clientId || !g.clientSecret || !g.developerToken)
        throw new DomainError(
          'conflict',
          'provider_required',
          'Google Ads is not set up on this platform (ASSISTANT_GOOGLE_CLIENT_ID, …_SECRET, ASSISTANT_GOOGLE_ADS_DEVELOPER_TOKEN)',
        );
    } else if (!this.settings.meta.appId) throw new DomainError('conflict', 'provider_required', 'Meta is not set up on this platform (ASSISTANT_META_APP_ID)');
    const secret = input.channel === 'google_ads' ? input.refresh_token : input.access_token;
    await this.store.transaction(ctx, async (em, tx) => {
      const row = await em.findOne(AdChannel, { channel: input.channel });
      const tokenSealed = secret ? this.box.seal(secret, AD_TOKEN) : (row?.tokenSealed ?? null);
      if (input.channel === 'google_ads' && !tokenSealed)
        throw new DomainError('validation_error', 'missing_field', 'refresh_token is required the first time', [
          { field: 'refresh_token', code: 'missing_field', message: 'refresh_token is required' },
        ]);
      if (input.channel === 'meta' && !tokenSealed && !(await em.findOne(SocialAccount, { network: 'facebook', userTokenSealed: { $ne: null } })))
        throw new DomainError('validation_error', 'missing_field', 'access_token is required when the store has not connected Meta', [
          { field: 'access_token', code: 'missing_field', message: 'access_token is required' },
        ]);
      const values = { accountId: input.account_id, loginCustomerId: input.login_customer_id ?? null, tokenSealed, updatedAt: new Date(this.clock.now()) };
      if (row) Object.assign(row, values);
      else em.create(AdChannel, { tenantId, channel: input.channel, ...values });
      await this.store.sql(tx, `delete from ${this.store.table('metrics_cache')} where tenant_id = ?`, [tenantId]);
    });
    return (await this.channels(ctx)).find((c) => c.channel === input.channel)!;
  }

  async remove(ctx: RequestContext, channel: AdChannelId): Promise<boolean> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const row = await em.findOne(AdChannel, { channel });
      if (!row) throw new DomainError('not_found', 'not_found', `The store has no ${channel} account`);
      em.remove(row);
      await this.store.sql(tx, `delete from ${this.store.table('metrics_cache')} where tenant_id = ?`, [tenantId]);
      return true;
    });
  }

  async dashboard(ctx: RequestContext, from: string, to: string): Promise<DashboardView> {
    const tenantId = requireTenant(ctx);
    const days = from <= to ? daysOf(from, to) : [];
    if (!days.length || days.length > MAX_DAYS) {
      const message = !days.length ? 'from must not be after to' : `the range may span at most ${MAX_DAYS} days`;
      throw new DomainError('validation_error', 'invalid_range', message, [{ field: 'to', code: 'invalid_range', message }]);
    }
    const now = this.clock.now();
    const em = this.store.em(ctx);
    const hit = await em.findOne(MetricsCache, { rangeFrom: from, rangeTo: to, expiresAt: { $gt: new Date(now) } });
    if (hit) return { ...(hit.body as DashboardView), cached: true };

    const accounts = await em.find(AdChannel, {});
    const g = this.graph();
    if (!g) throw new Error('assistant: the graph client is not bound yet');
    const [own, ...ads] = await Promise.all([
      g.execute(ctx, AssistantMarketingConversionsDocument, { from, to }),
      ...AD_CHANNELS.map((c) => this.adDays(ctx, c, accounts.find((a) => a.channel === c) ?? null, from, to)),
    ]);
    const connected = ads.filter((a) => a.status !== 'not_connected');
    if (connected.length && connected.every((a) => a.status === 'unavailable'))
      throw new DomainError(
        'provider_error',
        'provider_unavailable',
        `No advertising channel answered (${connected.map((a) => `${a.channel}: ${a.error}`).join('; ')})`,
      );

    // conversions and revenue per channel and day from the tracked purchases' utm_source
    const byChannel = new Map<string, Map<string, { conversions: number; revenue: Money[] }>>();
    const sources = new Map<string, Set<string>>();
    for (const r of own.attributed) {
      const ch = channelOf(r.value);
      if (!sources.has(ch)) sources.set(ch, new Set());
      sources.get(ch)!.add(r.value);
      const perDay = byChannel.get(ch) ?? new Map();
      byChannel.set(ch, perDay);
      const cell = perDay.get(r.day) ?? { conversions: 0, revenue: [] };
      perDay.set(r.day, cell);
      cell.conversions += r.count;
      if (r.currency_code && r.amount) addMoney(cell.revenue, r.currency_code, r.amount);
    }
    const build = (
      base: Omit<ChannelView, 'days' | 'totals' | 'sources'>,
      spend: Map<string, { spend: number; impressions: number; clicks: number }> | null,
    ): ChannelView => {
      const conv = byChannel.get(base.channel);
      const totals: Omit<DayRow, 'day'> = { spend: spend ? 0 : null, impressions: spend ? 0 : null, clicks: spend ? 0 : null, conversions: 0, revenue: [] };
      const rows = days.map((day) => {
        const s = spend?.get(day);
        const c = conv?.get(day);
        const row: DayRow = {
          day,
          spend: spend ? round2(s?.spend ?? 0) : null,
          impressions: spend ? (s?.impressions ?? 0) : null,
          clicks: spend ? (s?.clicks ?? 0) : null,
          conversions: c?.conversions ?? 0,
          revenue: (c?.revenue ?? []).map((m) => ({ ...m })),
        };
        if (spend) {
          totals.spend = round2(totals.spend! + row.spend!);
          totals.impressions! += row.impressions!;
          totals.clicks! += row.clicks!;
        }
        totals.conversions += row.conversions;
        for (const m of row.revenue) addMoney(totals.revenue, m.currency_code, m.amount);
        return row;
      });
      return { ...base, sources: [...(sources.get(base.channel) ?? [])].sort(), totals, days: rows };
    };
    const channels: ChannelView[] = ads.map((a) =>
      build({ channel: a.channel, status: a.status, error: a.error, account_id: a.accountId, currency_code: a.currency }, a.status === 'ok' ? a.days : null),
    );
    channels.push(build({ channel: 'other', status: 'ok', error: null, account_id: null, currency_code: null }, null));

    const platform: DashboardView['platform'] = { orders: 0, revenue: [], days: days.map((day) => ({ day, orders: 0, revenue: [] })) };
    for (const r of own.orders) {
      const d = platform.days.find((x) => x.day === r.day);
      if (!d) continue;
      d.orders += r.count;
      platform.orders += r.count;
      if (r.currency_code) {
        addMoney(d.revenue, r.currency_code, r.amount);
        addMoney(platform.revenue, r.currency_code, r.amount);
      }
    }
    const view: DashboardView = { from, to, channels, platform, computed_at: new Date(now).toISOString(), cached: false };
    // a dashboard with a channel unavailable is not kept: the next request asks again
    if (this.settings.metricsCacheMs > 0 && !ads.some((a) => a.status === 'unavailable'))
      await this.store.sql(
        ctx,
        `insert into ${this.store.table('metrics_cache')} (id, tenant_id, range_from, range_to, body, computed_at, expires_at) values (?, ?, ?, ?, ?::jsonb, ?, ?)
         on conflict (tenant_id, range_from, range_to) do update set body = excluded.body, computed_at = excluded.computed_at, expires_at = excluded.expires_at`,
        [new MetricsCache().id, tenantId, from, to, JSON.stringify(view), new Date(now), new Date(now + this.settings.metricsCacheMs)],
      );
    return view;
  }

  /** One channel's spend per day, or why it has none. */
  private async adDays(ctx: RequestContext, channel: AdChannelId, account: AdChannel | null, from: string, to: string) {
    const base = { channel, accountId: account?.accountId ?? null };
    if (!account) return { ...base, status: 'not_connected' as const, error: null, currency: null, days: null };
    const days = new Map<string, { spend: number; impressions: number; clicks: number }>();
    const add = (day: string, spend: number, impressions: number, clicks: number) => {
      const d = days.get(day) ?? { spend: 0, impressions: 0, clicks: 0 };
      days.set(day, { spend: d.spend + spend, impressions: d.impressions + impressions, clicks: d.clicks + clicks });
    };
    try {
      let currency: string | null = null;
      if (channel === 'meta') {
        const m = this.settings.meta;
        const token = await this.metaToken(ctx, account);
        const rows = await metaInsights(
          { graphUrl: m.graphUrl, appId: m.appId, appSecret: m.appSecret, timeoutMs: this.settings.timeoutMs },
          account.accountId,
          token,
          from,
          to,
        );
        for (const r of rows) {
          add(r.date_start, Number(r.spend ?? 0), Number(r.impressions ?? 0), Number(r.clicks ?? 0));
          currency ??= r.account_currency?.toLowerCase() ?? null;
        }
      } else {
        const gs = this.settings.googleAds;
        const rows = await googleAdsDaily(
          { ...gs, timeoutMs: this.settings.timeoutMs },
          { customerId: account.accountId, loginCustomerId: account.loginCustomerId, refreshToken: this.box.open(account.tokenSealed!, AD_TOKEN) },
          from,
          to,
        );
        for (const r of rows) {
          add(r.date, r.costMicros / 1_000_000, r.impressions, r.clicks);
          currency ??= r.currency?.toLowerCase() ?? null;
        }
      }
      return { ...base, status: 'ok' as const, error: null, currency, days };
    } catch (err) {
      ctx.log.warn({ err, channel }, 'assistant: an advertising channel did not answer the dashboard');
      return { ...base, status: 'unavailable' as const, error: `${channel} ${(err as Error).message}`, currency: null, days: null };
    }
  }

  private async metaToken(ctx: RequestContext, account: AdChannel): Promise<string> {
    if (account.tokenSealed) return this.box.open(account.tokenSealed, AD_TOKEN);
    const conn = await this.store.em(ctx).findOne(SocialAccount, { network: 'facebook', userTokenSealed: { $ne: null } }, { orderBy: { updatedAt: 'desc' } });
    if (!conn?.userTokenSealed) throw new Error('has no token: connect Meta or give the ad account an access_token');
    return this.box.open(conn.userTokenSealed, TOKEN);
  }
}
