import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ConfigError, envFlag, issueLines, setVariables } from './settings';

/**
 * Every setting the platform reads, validated once at start. Outside production, a secret that is
 * not set (JWT_SECRET, INTERNAL_SECRET, OPERATOR_TOKEN) is generated at random on the first start
 * and kept in `<DATA_DIR>/secrets.json` (mode 600), so no fixed public secret is ever accepted;
 * the demo credentials have documented defaults so that `npm start` works on a fresh machine.
 * With NODE_ENV=production nothing is generated or defaulted: a missing setting stops the start.
 */
const GENERATED_SECRETS = ['JWT_SECRET', 'INTERNAL_SECRET', 'OPERATOR_TOKEN'] as const;
type GeneratedSecret = (typeof GENERATED_SECRETS)[number];

const DEV_DEFAULTS = {
  DEMO_PUBLISHABLE_KEY: 'pk_demo_storefront_key',
  DEMO_ADMIN_EMAIL: 'admin@demo.store',
  DEMO_ADMIN_PASSWORD: 'demo-admin-password',
  DEMO_AGENT_API_KEY: 'sk_demo_agent_key',
} as const;

const bool = envFlag;
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
/** the white-space separated words of a setting (none for an empty one) */
const words = (v: string) => v.split(/\s+/).filter(Boolean);

/** GraphQL query limits settable per caller class: GRAPHQL_PUBLIC_MAX_COST, GRAPHQL_TRUSTED_MAX_DEPTH, … */
export const GRAPHQL_LIMIT_NAMES = ['maxCost', 'maxDepth', 'maxAliases', 'maxDirectives', 'maxTokens'] as const;
export type GraphQLLimitName = (typeof GRAPHQL_LIMIT_NAMES)[number];
const GRAPHQL_TIERS = ['public', 'trusted'] as const;
const limitEnv = (tier: string, name: string) => `GRAPHQL_${tier.toUpperCase()}_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
const graphqlLimitSettings = Object.fromEntries(
  GRAPHQL_TIERS.flatMap((tier) =>
    GRAPHQL_LIMIT_NAMES.map((name) => [
      limitEnv(tier, name),
      positiveInt
        .optional()
        .describe(
          `\`/graphql\` query limit (${name.replace(/^max/, '').toLowerCase()}) of ${tier === 'public' ? 'anonymous, publishable-key and customer callers' : 'admins, agents and the operator'}; unset: the gateway's default (docs/api.md)`,
        ),
    ]),
  ),
) as Record<string, z.ZodOptional<typeof positiveInt>>;

/**
 * The platform-wide settings: process, database, Redis, secrets, logging, gateway, rate limits,
 * streams, the demo store, public links and the mailer. A domain's own settings live in its
 * manifest (`settings`, see settings.ts). The mailer (SMTP_URL, MAIL_FROM) stays here: it is a kit
 * facility that several domains send through (commerce, forms, marketing), one server per platform.
 */
export const platformSettings = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('`production` generates and defaults no secret and seeds no demo unless asked'),
  PORT: port.default(9000).describe('HTTP listener port (`0`: any free port)'),
  HOST: z.string().default('0.0.0.0').describe('HTTP listener address'),
  DATA_DIR: z
    .string()
    .default('.data')
    .describe(
      'embedded PostgreSQL data (`<DATA_DIR>/pg`), generated development secrets, mail files and files served at `/static` (`<DATA_DIR>/static`, e.g. the demo images)',
    ),
  DATABASE_URL: z.string().url().optional().describe('use an external PostgreSQL instead of the embedded one'),
  DB_POOL_SIZE: positiveInt.default(10).describe('connections per subgraph'),
  DB_WAIT_S: positiveInt
    .default(60)
    .describe('how long a process waits at start for an external DATABASE_URL that refuses, times out or is full, retrying with backoff'),
  EMBEDDED_PG_SETTINGS: z
    .string()
    .default('')
    .refine((v) => words(v).every((kv) => /^[a-z_][a-z0-9_.]*=[^\s=]+$/i.test(kv)), {
      message: 'space-separated name=value pairs (e.g. `shared_preload_libraries=pg_stat_statements`)',
    })
    .describe(
      'extra server settings of the embedded PostgreSQL, space-separated `name=value` pairs (the checkout bench loads `pg_stat_statements` with it); not used with DATABASE_URL',
    ),
  REDIS_URL: z.string().url().optional().describe("share rate-limit counters, sign-in throttles and `/graphql`'s persisted queries across instances"),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{0,64}$/, 'letters, digits, _ : . - (at most 64)')
    .default('')
    .describe(
      'prepended to every key the platform writes in Redis: installations that share one Redis (staging and production, parallel test runs) keep their counters apart',
    ),
  RESPONSE_CACHE_MB: z.coerce
    .number()
    .min(0)
    .max(4096)
    .default(64)
    .describe('memory (MiB) of the response cache in front of the graph: the bytes of public storefront reads, per instance; 0 turns it off'),
  RESPONSE_CACHE_TTL_S: positiveInt
    .default(60)
    .describe(
      'the longest the response cache keeps an answer (seconds): what changes with time alone, without a write (a scheduled post coming due), shows within it',
    ),
  GRAPHQL_PERSISTED_QUERY_TTL_S: positiveInt
    .default(86_400)
    .describe('how long `/graphql` keeps an automatic persisted query (seconds); a client meeting an expired hash sends the query again'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino level; JSON logs on stdout, one line per request with its `reqId`'),
  JWT_SECRET: z
    .string()
    .min(32, 'JWT_SECRET must be at least 32 characters')
    .optional()
    .describe('HS256 secret of customer and admin tokens (≥ 32 characters); generated outside production, required in production'),
  INTERNAL_SECRET: z
    .string()
    .min(32, 'INTERNAL_SECRET must be at least 32 characters')
    .optional()
    .describe('HMAC secret of the context the gateway signs for remote subgraphs (≥ 32 characters); generated outside production, required in production'),
  OPERATOR_TOKEN: z
    .string()
    .min(16, 'OPERATOR_TOKEN must be at least 16 characters')
    .optional()
    .describe('bearer token of the platform operator (≥ 16 characters); generated outside production, required in production'),
  SECRETS_KEY: z
    .string()
    .min(32, 'SECRETS_KEY must be at least 32 characters')
    .optional()
    .describe(
      "key (≥ 32 characters) that encrypts credentials kept in the database (social providers' client secrets, payment keys, DKIM keys); default: derived from `INTERNAL_SECRET`. Set it to rotate `INTERNAL_SECRET` without losing them",
    ),
  SEED_DEMO: bool.optional().describe('seed the demo store on first start; default `true`, `false` in production'),
  DEMO_IDP: bool.optional().describe("the demo store's development OpenID provider; default on with the demo, never in production"),
  DEMO_IDP_PORT: port.optional().describe('port of the development OpenID provider; default `PORT`+1'),
  DEMO_PUBLISHABLE_KEY: z.string().min(8).optional().describe('demo publishable key; development default `pk_demo_storefront_key`'),
  DEMO_ADMIN_EMAIL: z.string().email().optional().describe('demo admin email; development default `admin@demo.store`'),
  DEMO_ADMIN_PASSWORD: z.string().min(8).optional().describe('demo admin password; development default `demo-admin-password`'),
  DEMO_AGENT_API_KEY: z.string().min(8).optional().describe('demo agent API key (`/v1/*`); development default `sk_demo_agent_key`'),
  SUBGRAPH_URLS: z
    .string()
    .optional()
    .describe(
      "reach these domains over HTTP instead of in process (`catalog=http://host:4002/graphql,…`; also `SUBGRAPH_<NAME>_URL` per domain). A gateway runs no subgraph for them, and with identity among them it authenticates through identity's internal operations. A domain process (`npm run subgraph`) reaches its peers at these URLs",
    ),
  TRUSTED_PROXIES: z.string().default('').describe('comma list for Express `trust proxy` (client IP from `X-Forwarded-For`)'),
  RATE_LIMIT_STORE_RPS: positiveInt.default(60).describe('requests per second per client IP (or customer) on `/store/*`, `/auth/*` and public `/graphql`'),
  RATE_LIMIT_ADMIN_RPS: positiveInt
    .default(30)
    .describe('requests per second per admin, agent key and the operator token (one window each, REST and GraphQL together)'),
  RATE_LIMIT_STOREFRONT_SERVER_RPS: positiveInt.default(1000).describe("per server: a tenant's listed storefront server that names no shopper"),
  RATE_LIMIT_DISABLED: bool.default(false).describe('turn every rate limit off (benchmarks)'),
  RATE_LIMIT_WINDOW_MS: positiveInt
    .default(1000)
    .describe('the window every `RATE_LIMIT_*_RPS` counts in, in ms (tests lengthen it so a burst never straddles two windows on a busy machine)'),
  OUTBOX_POLL_MS: positiveInt
    .default(1000)
    .describe(
      'safety-net poll of the outbox relay (it is woken by NOTIFY anyway) and of the job queue for jobs other instances sent or retries came due (0.5–2 s)',
    ),
  JOB_RETRY_SCALE: z.coerce
    .number()
    .min(0)
    .max(100)
    .default(1)
    .describe("multiplies the job queue's retry delays (event handlers, jobs; first retry 5 s, doubling); tests: 0 retries at once"),
  ANTISPAM_MAX_NUMBER: z.coerce
    .number()
    .int()
    .min(1000)
    .max(100_000_000)
    .default(1_000_000)
    .describe('default anti-spam difficulty (ALTCHA `maxnumber`) of tenants that set none'),
  WORKERS_DISABLED: bool
    .default(false)
    .describe(
      'do not run the job queue and relay in this process (its `/graphql/stream` then answers 503). A gateway whose domains are all remote runs neither anyway',
    ),
  STREAM_MAX_PER_TENANT: positiveInt.default(10).describe('open `/graphql/stream` streams per store, per instance'),
  STREAM_MAX_CONNECTIONS: positiveInt.default(1000).describe('open `/graphql/stream` streams in all, per instance'),
  STREAM_BUFFER_BYTES: z.coerce
    .number()
    .int()
    .min(16_384)
    .max(64 * 2 ** 20)
    .default(2 ** 20)
    .describe('unsent bytes a stream may have before its client counts as too slow and is disconnected (16 KiB – 64 MiB)'),
  STREAM_REPLAY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 90)
    .default(24)
    .describe(
      'how far back a `/graphql/stream` stream that reconnects with `Last-Event-ID` is given the events it missed (read from the outboxes); 0: the header is ignored',
    ),
  STREAM_REPLAY_OVERLAP_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(5000)
    .describe(
      "a replay also gives the events relayed this long before the last one seen (domains' relays commit in their own order; clients drop ids they have seen)",
    ),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .describe(
      'absolute base of image URLs in seeded data, of the default social sign-in redirect URI and of every link in mail (tracking, confirm, unsubscribe: the public https origin in production); default: the listener URL',
    ),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://host:465')
    .optional()
    .describe(
      'the platform mailer (`smtp://user:pass@host:587`, `smtps://…`) for order, form and marketing mail; unset: mails are written to `<DATA_DIR>/mail` (a warning in production; marketing mail then stays in the outbox as `stored`)',
    ),
  MAIL_FROM: z
    .string()
    .min(3)
    .max(300)
    .default('Store <no-reply@localhost>')
    .describe("the sender of the platform's mails (a store's marketing From overrides it)"),
  ...graphqlLimitSettings,
});

export interface PlatformConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  dbPoolSize: number;
  /** seconds to wait at start for an unreachable external database */
  dbWaitS: number;
  /** extra `-c name=value` settings of the embedded PostgreSQL (EMBEDDED_PG_SETTINGS) */
  embeddedPgSettings: string[];
  redisUrl?: string;
  /** prepended to every Redis key (REDIS_KEY_PREFIX) */
  redisKeyPrefix: string;
  logLevel: string;
  jwtSecret: string;
  internalSecret: string;
  operatorToken: string;
  /** encrypts credentials kept in the database (SECRETS_KEY, else derived from INTERNAL_SECRET) */
  secretsKey: string;
  seedDemo: boolean;
  /** run the development OpenID provider for the demo store's sign-in (never in production) */
  demoIdp: { enabled: boolean; port: number };
  demo: { publishableKey: string; adminEmail: string; adminPassword: string; agentApiKey: string };
  /** subgraph name -> URL; empty means every subgraph runs in-process */
  subgraphUrls: Record<string, string>;
  trustedProxies: string[];
  /** storefrontServerRps: a tenant's storefront server that names no shopper, per server */
  rateLimit: { storeRps: number; adminRps: number; storefrontServerRps: number; disabled: boolean; windowMs: number };
  /** GraphQL query limits set in the environment (the gateway's defaults fill the rest) */
  graphqlLimits: Record<(typeof GRAPHQL_TIERS)[number], Partial<Record<GraphQLLimitName, number>>>;
  /** seconds an automatic persisted query is kept */
  persistedQueryTtlS: number;
  /** the response cache: bytes (0: off) and the longest an answer is kept */
  responseCache: { maxBytes: number; ttlS: number };
  outboxPollMs: number;
  jobRetryScale: number;
  /** default anti-spam difficulty (ALTCHA maxnumber) of tenants that set none */
  antispamMaxNumber: number;
  workersDisabled: boolean;
  /** live event streams at /graphql/stream (STREAM_*): limits per instance */
  eventStreams: { maxPerTenant: number; maxConnections: number; bufferBytes: number; replayMs: number; replayOverlapMs: number };
  publicUrl?: string;
  /** SMTP server of the platform mailer; undefined: mails are written as .eml files to <dataDir>/mail */
  smtpUrl?: string;
  /** sender address of the platform's mails */
  mailFrom: string;
  /** the variables this configuration was loaded from (set ones only): domains read their own settings from it */
  environment: Readonly<Record<string, string>>;
  /** names of settings that fell back to development defaults (printed at start) */
  defaultsUsed: string[];
  /** secrets generated outside production because they were not set, and the file that keeps them */
  generatedSecrets: { names: string[]; file: string; createdNow: boolean };
}

export const SECRETS_FILE = 'secrets.json';

/**
 * Random secrets for a development data directory, created once (atomically: concurrent starts
 * agree on one file) and read back on every later start.
 */
export function dataDirSecrets(dataDir: string): { values: Record<GeneratedSecret, string>; file: string; createdNow: boolean } {
  const file = path.join(dataDir, SECRETS_FILE);
  const read = () => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<GeneratedSecret, string>;
  if (fs.existsSync(file)) return { values: read(), file, createdNow: false };
  fs.mkdirSync(dataDir, { recursive: true });
  const values: Record<GeneratedSecret, string> = {
    JWT_SECRET: randomBytes(48).toString('base64url'),
    INTERNAL_SECRET: randomBytes(48).toString('base64url'),
    OPERATOR_TOKEN: `op_${randomBytes(24).toString('base64url')}`,
  };
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, `${JSON.stringify(values, null, 2)}\n`, { mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
    return { values, file, createdNow: true };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return { values: read(), file, createdNow: false };
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

function parseSubgraphUrls(env: NodeJS.ProcessEnv, raw?: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (raw) {
    for (const part of raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const eq = part.indexOf('=');
      if (eq < 1) throw new ConfigError(`SUBGRAPH_URLS entry "${part}" must look like name=http://host:port/graphql`);
      const url = part.slice(eq + 1);
      if (!/^https?:\/\//.test(url)) throw new ConfigError(`SUBGRAPH_URLS: "${url}" is not an http(s) URL`);
      out[part.slice(0, eq)] = url;
    }
  }
  for (const [key, value] of Object.entries(env)) {
    const m = /^SUBGRAPH_([A-Z0-9_]+)_URL$/.exec(key);
    // domain names are kebab-case: SUBGRAPH_GIFT_CARDS_URL names the domain gift-cards
    if (m && value) out[m[1].toLowerCase().replace(/_/g, '-')] = value;
  }
  return out;
}

function limitSettings(e: Record<string, unknown>, tier: (typeof GRAPHQL_TIERS)[number]): Partial<Record<GraphQLLimitName, number>> {
  const out: Partial<Record<GraphQLLimitName, number>> = {};
  for (const name of GRAPHQL_LIMIT_NAMES) {
    const v = e[limitEnv(tier, name)];
    if (typeof v === 'number') out[name] = v;
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  // an empty variable counts as unset (docker compose passes `\${NAME:-}` as an empty string)
  const environment = setVariables(env);
  const parsed = platformSettings.safeParse(environment);
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n${issueLines(parsed.error).join('\n')}`);
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const seedDemo = e.SEED_DEMO ?? !production;
  const defaultsUsed: string[] = [];
  const missing: string[] = [];
  const dataDir = path.resolve(e.DATA_DIR);
  const unset = GENERATED_SECRETS.filter((n) => !e[n]);
  const generated = !production && unset.length ? dataDirSecrets(dataDir) : undefined;
  const generatedSecret = (name: GeneratedSecret): string => {
    const v = e[name];
    if (v) return v;
    if (production) {
      missing.push(name);
      return '';
    }
    return generated!.values[name];
  };
  const secret = (name: keyof typeof DEV_DEFAULTS, required: boolean): string => {
    const v = e[name];
    if (v) return v;
    if (production) {
      if (required) missing.push(name);
      return '';
    }
    defaultsUsed.push(name);
    return DEV_DEFAULTS[name];
  };
  const cfg: PlatformConfig = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    dbWaitS: e.DB_WAIT_S,
    embeddedPgSettings: words(e.EMBEDDED_PG_SETTINGS),
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    logLevel: e.LOG_LEVEL,
    jwtSecret: generatedSecret('JWT_SECRET'),
    internalSecret: generatedSecret('INTERNAL_SECRET'),
    operatorToken: generatedSecret('OPERATOR_TOKEN'),
    secretsKey: e.SECRETS_KEY ?? '',
    seedDemo,
    demoIdp: { enabled: !production && (e.DEMO_IDP ?? seedDemo), port: e.DEMO_IDP_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 1) },
    demo: {
      publishableKey: secret('DEMO_PUBLISHABLE_KEY', seedDemo),
      adminEmail: secret('DEMO_ADMIN_EMAIL', seedDemo),
      adminPassword: secret('DEMO_ADMIN_PASSWORD', seedDemo),
      agentApiKey: secret('DEMO_AGENT_API_KEY', seedDemo),
    },
    subgraphUrls: parseSubgraphUrls(env, e.SUBGRAPH_URLS),
    trustedProxies: e.TRUSTED_PROXIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    rateLimit: {
      storeRps: e.RATE_LIMIT_STORE_RPS,
      adminRps: e.RATE_LIMIT_ADMIN_RPS,
      storefrontServerRps: e.RATE_LIMIT_STOREFRONT_SERVER_RPS,
      disabled: e.RATE_LIMIT_DISABLED,
      windowMs: e.RATE_LIMIT_WINDOW_MS,
    },
    graphqlLimits: {
      public: limitSettings(e, 'public'),
      trusted: limitSettings(e, 'trusted'),
    },
    persistedQueryTtlS: e.GRAPHQL_PERSISTED_QUERY_TTL_S,
    responseCache: { maxBytes: Math.round(e.RESPONSE_CACHE_MB * 1024 * 1024), ttlS: e.RESPONSE_CACHE_TTL_S },
    outboxPollMs: e.OUTBOX_POLL_MS,
    jobRetryScale: e.JOB_RETRY_SCALE,
    antispamMaxNumber: e.ANTISPAM_MAX_NUMBER,
    workersDisabled: e.WORKERS_DISABLED,
    eventStreams: {
      maxPerTenant: e.STREAM_MAX_PER_TENANT,
      maxConnections: e.STREAM_MAX_CONNECTIONS,
      bufferBytes: e.STREAM_BUFFER_BYTES,
      replayMs: e.STREAM_REPLAY_HOURS * 3_600_000,
      replayOverlapMs: e.STREAM_REPLAY_OVERLAP_MS,
    },
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    environment,
    defaultsUsed,
    generatedSecrets: {
      names: generated ? [...unset] : [],
      file: generated?.file ?? path.join(dataDir, SECRETS_FILE),
      createdNow: generated?.createdNow ?? false,
    },
  };
  if (!cfg.secretsKey) cfg.secretsKey = `internal:${cfg.internalSecret}`;
  if (missing.length) {
    throw new ConfigError(
      `NODE_ENV=production needs these settings and uses no defaults for them: ${missing.join(', ')}` +
        (seedDemo ? ' (the DEMO_* ones because SEED_DEMO is on)' : ''),
    );
  }
  return cfg;
}

/** For command entry points: the configuration, or the reason on stderr and exit code 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
