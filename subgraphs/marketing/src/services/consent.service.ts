import { DomainError, Errors, newId, normalizePage, requireTenant, sha256Hex, type Paginated, type RequestContext, type Row, type Store } from '@svc/kit';
import { CONSENT_SIGNALS, ConsentAudit, CookieBanner, type BannerConfig, type ConsentSignal } from '../entities/consent.entity';
import { marketingEvents } from '../events';
import type { AuditListQuery, BannerData, ConsentData } from '../inputs/consent.input';
import type { MarketingLinks } from './links';

type ConsentMode = Record<ConsentSignal, 'granted' | 'denied'>;

/** The banner a store has until it saves its own: the four Consent Mode categories, English copy. */
export const DEFAULT_BANNER: BannerConfig = {
  default_locale: 'en',
  categories: [
    {
      key: 'necessary',
      required: true,
      signals: [],
      label: { en: 'Strictly necessary' },
      description: { en: 'Needed for the shop to work: cart, sign-in, security. Always on.' },
    },
    {
      key: 'analytics',
      required: false,
      signals: ['analytics_storage'],
      label: { en: 'Analytics' },
      description: { en: 'Helps us understand how the shop is used.' },
    },
    {
      key: 'marketing',
      required: false,
      signals: ['ad_storage', 'ad_user_data'],
      label: { en: 'Marketing' },
      description: { en: 'Measures and improves our advertising.' },
    },
    {
      key: 'personalization',
      required: false,
      signals: ['ad_personalization'],
      label: { en: 'Personalised ads' },
      description: { en: 'Shows you ads that fit your interests.' },
    },
  ],
  copy: {
    en: {
      title: 'Cookies',
      body: 'We use cookies to run the shop and, with your consent, for analytics and marketing.',
      accept_all: 'Accept all',
      reject_all: 'Reject all',
      save: 'Save choices',
    },
  },
  privacy_policy_url: null,
  cookie_policy_url: null,
  imprint_url: null,
};

export interface ConsentView {
  session_id: string;
  banner_version: number;
  categories: Record<string, boolean>;
  /** Google Consent Mode v2, ready for `gtag('consent', 'update', consent_mode)` */
  consent_mode: ConsentMode;
  tcf_string: string | null;
  withdrawn: boolean;
  updated_at: string;
}

export interface AuditEntryView {
  id: string;
  session_hash: string;
  action: string;
  banner_version: number;
  categories: Record<string, boolean>;
  consent_mode: Record<string, string>;
  tcf_string: string | null;
  ip_hash: string | null;
  user_agent: string | null;
  created_at: string;
}

const pick = <T>(map: Record<string, T>, locale: string | null | undefined, fallback: string): T => {
  if (locale && map[locale]) return map[locale];
  const lang = locale?.split('-')[0];
  return (lang && map[lang]) || map[fallback] || Object.values(map)[0];
};

/** every signal denied unless a granted category (or a required one) maps to it */
function consentModeOf(config: BannerConfig, granted: Record<string, boolean>): ConsentMode {
  const mode = Object.fromEntries(CONSENT_SIGNALS.map((s) => [s, 'denied'])) as ConsentMode;
  for (const c of config.categories) if (granted[c.key]) for (const s of c.signals) mode[s] = 'granted';
  return mode;
}

/**
 * Cookie banner and consent. A session's consent is keyed by the SHA-256 of its session id (a
 * secret the client made); every decision and withdrawal appends to the audit trail (time, banner
 * version, categories, Consent Mode signals, TCF string, keyed hash of the IP, user agent), which
 * a trigger keeps append-only.
 */
export class ConsentService {
  constructor(
    private readonly store: Store,
    private readonly links: MarketingLinks,
  ) {}

  private async banner(ctx: RequestContext): Promise<{ version: number; config: BannerConfig }> {
    const row = await this.store.em(ctx).findOne(CookieBanner, {});
    return row ? { version: row.version, config: row.config } : { version: 1, config: DEFAULT_BANNER };
  }

  /** The banner for a locale (`?locale=`, else the request's, else the store's default). */
  async bannerConfig(ctx: RequestContext, locale?: string | null) {
    const { version, config } = await this.banner(ctx);
    const want = locale ?? ctx.locale;
    const copyLocale = want && (config.copy[want] ? want : config.copy[want.split('-')[0]] ? want.split('-')[0] : null);
    return {
      version,
      locale: copyLocale ?? config.default_locale,
      // the default first, then the others by name (jsonb keeps no key order)
      locales: [
        config.default_locale,
        ...Object.keys(config.copy)
          .filter((l) => l !== config.default_locale)
          .sort(),
      ],
      categories: config.categories.map((c) => ({
        key: c.key,
        required: c.required,
        label: pick(c.label, want, config.default_locale),
        description: pick(c.description, want, config.default_locale),
        consent_mode: c.signals,
      })),
      copy: pick(config.copy, want, config.default_locale),
      links: { privacy_policy: config.privacy_policy_url, cookie_policy: config.cookie_policy_url, imprint: config.imprint_url },
      /** what a tag manager sets before any decision */
      consent_mode_default: consentModeOf(config, Object.fromEntries(config.categories.map((c) => [c.key, c.required]))),
    };
  }

  /** Admin: the whole banner (all locales). */
  async adminBanner(ctx: RequestContext): Promise<{ version: number; config: BannerConfig }> {
    return this.banner(ctx);
  }

  /** Admin: replaces the banner; its version goes up by one (consents record the version shown). */
  async saveBanner(ctx: RequestContext, input: BannerData): Promise<{ version: number; config: BannerConfig }> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const row = await em.findOne(CookieBanner, {});
      const config: BannerConfig = {
        ...input,
        privacy_policy_url: input.privacy_policy_url ?? null,
        cookie_policy_url: input.cookie_policy_url ?? null,
        imprint_url: input.imprint_url ?? null,
      };
      const saved = row ?? em.create(CookieBanner, { tenantId, config, version: 1 });
      if (row) {
        row.version += 1;
        row.config = config;
      } else saved.version = 2; // the default banner was version 1
      saved.updatedAt = new Date();
      marketingEvents.emit(em, tx, 'cookie_banner.updated', { version: saved.version });
      await em.flush();
      return { version: saved.version, config: saved.config };
    });
  }

  private view(sessionId: string, row: Row): ConsentView {
    return {
      session_id: sessionId,
      banner_version: Number(row.banner_version),
      categories: row.categories,
      consent_mode: row.consent_mode,
      tcf_string: row.tcf_string ?? null,
      withdrawn: !!row.withdrawn_at,
      updated_at: new Date(row.updated_at).toISOString(),
    };
  }

  private audit(tenantId: string, ctx: RequestContext, action: string, sessionHash: string, row: Row): [string, unknown[]] {
    return [
      `insert into ${this.store.table('consent_audit')} (id, tenant_id, session_hash, action, banner_version, categories, consent_mode, tcf_string, ip_hash, user_agent, created_at)
       values (?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, now())`,
      [
        newId('caud'),
        tenantId,
        sessionHash,
        action,
        row.banner_version,
        JSON.stringify(row.categories),
        JSON.stringify(row.consent_mode),
        row.tcf_string ?? null,
        ctx.clientIp ? this.links.ip.hashHex(ctx.clientIp) : null,
        ctx.userAgent?.slice(0, 500) ?? null,
      ],
    ];
  }

  /**
   * Records a decision: required categories are granted (refusing one is 400), optional ones not
   * named are refused, an unknown one is 400, a banner version other than the current one is 409
   * (the shopper saw an outdated banner). State and audit entry are written in one transaction.
   */
  async decide(ctx: RequestContext, input: ConsentData): Promise<ConsentView> {
    const tenantId = requireTenant(ctx);
    const { version, config } = await this.banner(ctx);
    if (input.banner_version != null && input.banner_version !== version) {
      throw new DomainError('conflict', 'banner_version_outdated', `The banner is at version ${version}; show it again and send the new decision`);
    }
    const known = new Map(config.categories.map((c) => [c.key, c]));
    for (const key of Object.keys(input.categories)) if (!known.has(key)) throw Errors.invalidField(`categories.${key}`, `Unknown category ${key}`);
    const categories: Record<string, boolean> = {};
    for (const c of config.categories) {
      if (c.required && input.categories[c.key] === false) throw Errors.invalidField(`categories.${c.key}`, `${c.key} is required and cannot be refused`);
      categories[c.key] = c.required || input.categories[c.key] === true;
    }
    const consent_mode = consentModeOf(config, categories);
    const sessionHash = sha256Hex(input.session_id);
    return this.store.transaction(ctx, async (_em, tx) => {
      const [row] = await this.store.sql(
        tx,
        `insert into ${this.store.table('consent_state')} as s (id, tenant_id, session_hash, banner_version, categories, consent_mode, analytics, tcf_string, withdrawn_at, created_at, updated_at)
         values (?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, null, now(), now())
         on conflict (tenant_id, session_hash) do update set banner_version = excluded.banner_version, categories = excluded.categories,
           consent_mode = excluded.consent_mode, analytics = excluded.analytics, tcf_string = excluded.tcf_string, withdrawn_at = null, updated_at = now()
         returning s.*, (xmax = 0) as inserted`,
        [
          newId('cons'),
          tenantId,
          sessionHash,
          version,
          JSON.stringify(categories),
          JSON.stringify(consent_mode),
          consent_mode.analytics_storage === 'granted',
          input.tcf_string ?? null,
        ],
      );
      await this.store.sql(tx, ...this.audit(tenantId, ctx, row.inserted ? 'granted' : 'updated', sessionHash, row));
      marketingEvents.emit(_em, tx, 'cookie_consent.changed', { session_hash: sessionHash, action: row.inserted ? 'granted' : 'updated', consent_mode });
      return this.view(input.session_id, row);
    });
  }

  /** The session's consent; 404 when it never decided (in this store). */
  async get(ctx: RequestContext, sessionId: string): Promise<ConsentView> {
    const tenantId = requireTenant(ctx);
    const [row] = await this.store.sql(null, `select * from ${this.store.table('consent_state')} where tenant_id = ? and session_hash = ?`, [
      tenantId,
      sha256Hex(sessionId),
    ]);
    if (!row) throw Errors.notFound('Cookie consent of this session');
    return this.view(sessionId, row);
  }

  /** Withdraws: every optional category false (Consent Mode follows), the TCF string dropped, audited. */
  async withdraw(ctx: RequestContext, sessionId: string): Promise<ConsentView> {
    const tenantId = requireTenant(ctx);
    const { config } = await this.banner(ctx);
    const sessionHash = sha256Hex(sessionId);
    return this.store.transaction(ctx, async (em, tx) => {
      const [current] = await this.store.sql(tx, `select * from ${this.store.table('consent_state')} where tenant_id = ? and session_hash = ? for update`, [
        tenantId,
        sessionHash,
      ]);
      if (!current) throw Errors.notFound('Cookie consent of this session');
      const required = new Set(config.categories.filter((c) => c.required).map((c) => c.key));
      const categories = Object.fromEntries(Object.keys(current.categories as Record<string, boolean>).map((k) => [k, required.has(k)]));
      const consent_mode = consentModeOf(config, categories);
      const [row] = await this.store.sql(
        tx,
        `update ${this.store.table('consent_state')} set categories = ?::jsonb, consent_mode = ?::jsonb, analytics = ?, tcf_string = null, withdrawn_at = now(), updated_at = now()
          where id = ? returning *`,
        [JSON.stringify(categories), JSON.stringify(consent_mode), consent_mode.analytics_storage === 'granted', current.id],
      );
      await this.store.sql(tx, ...this.audit(tenantId, ctx, 'withdrawn', sessionHash, row));
      marketingEvents.emit(em, tx, 'cookie_consent.changed', { session_hash: sessionHash, action: 'withdrawn', consent_mode });
      return this.view(sessionId, row);
    });
  }

  /** Admin: the audit trail, oldest first (one session by its id, a time range). */
  async auditTrail(ctx: RequestContext, a: AuditListQuery): Promise<Paginated<AuditEntryView>> {
    const page = normalizePage(a, 20);
    const where = {
      ...(a.session_id ? { sessionHash: sha256Hex(a.session_id) } : {}),
      ...(a.from || a.to ? { createdAt: { ...(a.from ? { $gte: new Date(a.from) } : {}), ...(a.to ? { $lt: new Date(a.to) } : {}) } } : {}),
    };
    const [rows, count] = await this.store
      .em(ctx)
      .findAndCount(ConsentAudit, where, { orderBy: { createdAt: 'asc', id: 'asc' }, limit: page.limit || 1, offset: page.offset });
    return {
      items: page.limit
        ? rows.map((r) => ({
            id: r.id,
            session_hash: r.sessionHash,
            action: r.action,
            banner_version: r.bannerVersion,
            categories: r.categories,
            consent_mode: r.consentMode,
            tcf_string: r.tcfString,
            ip_hash: r.ipHash,
            user_agent: r.userAgent,
            created_at: r.createdAt.toISOString(),
          }))
        : [],
      count,
      ...page,
    };
  }

  /**
   * Admin: the audit trail as CSV (RFC 4180), oldest first, at most 100,000 rows; a cell starting
   * with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'` (no formula in a spreadsheet).
   */
  async exportAudit(ctx: RequestContext, a: Pick<AuditListQuery, 'session_id' | 'from' | 'to'>): Promise<string> {
    const tenantId = requireTenant(ctx);
    const rows = await this.store.sql(
      null,
      `select created_at, session_hash, action, banner_version, categories, consent_mode, tcf_string, ip_hash, user_agent
         from ${this.store.table('consent_audit')}
        where tenant_id = ? and (?::text is null or session_hash = ?) and (?::timestamptz is null or created_at >= ?) and (?::timestamptz is null or created_at < ?)
        order by created_at, id limit 100000`,
      [tenantId, ...Array(2).fill(a.session_id ? sha256Hex(a.session_id) : null), ...Array(2).fill(a.from ?? null), ...Array(2).fill(a.to ?? null)],
    );
    const cell = (v: unknown) => {
      const raw = v == null ? '' : typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v instanceof Date ? v.toISOString() : String(v);
      // a visitor's user agent is theirs to choose: text a spreadsheet would run as a formula gets a leading '
      const s = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
      return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    };
    const head = ['created_at', 'session_hash', 'action', 'banner_version', 'categories', 'consent_mode', 'tcf_string', 'ip_hash', 'user_agent'];
    return [head.join(','), ...rows.map((r) => head.map((h) => cell(h === 'created_at' ? new Date(r[h]) : r[h])).join(','))].join('\r\n') + '\r\n';
  }
}
