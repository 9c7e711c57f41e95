import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

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

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();

/** GraphQL query limits settable per caller class: GRAPHQL_PUBLIC_MAX_COST, GRAPHQL_TRUSTED_MAX_DEPTH, … */
export const GRAPHQL_LIMIT_NAMES = ['maxCost', 'maxDepth', 'maxAliases', 'maxDirectives', 'maxTokens'] as const;
export type GraphQLLimitName = (typeof GRAPHQL_LIMIT_NAMES)[number];
const GRAPHQL_TIERS = ['public', 'trusted'] as const;
const limitEnv = (tier: string, name: string) => `GRAPHQL_${tier.toUpperCase()}_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
const graphqlLimitSettings = Object.fromEntries(
  GRAPHQL_TIERS.flatMap((tier) => GRAPHQL_LIMIT_NAMES.map((name) => [limitEnv(tier, name), positiveInt.optional()])),
) as Record<string, z.ZodOptional<typeof positiveInt>>;

const schema = z.object({
  ...graphqlLimitSettings,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(9000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  DB_POOL_SIZE: positiveInt.default(10),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  INTERNAL_SECRET: z.string().min(32, 'INTERNAL_SECRET must be at least 32 characters').optional(),
  OPERATOR_TOKEN: z.string().min(16, 'OPERATOR_TOKEN must be at least 16 characters').optional(),
  /** key for credentials stored in the database (social login client secrets); default: derived from INTERNAL_SECRET */
  SECRETS_KEY: z.string().min(32, 'SECRETS_KEY must be at least 32 characters').optional(),
  SEED_DEMO: bool.optional(),
  /** the demo store's development OpenID provider (sign-in without real provider credentials) */
  DEMO_IDP: bool.optional(),
  DEMO_IDP_PORT: port.optional(),
  DEMO_PUBLISHABLE_KEY: z.string().min(8).optional(),
  DEMO_ADMIN_EMAIL: z.string().email().optional(),
  DEMO_ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO_AGENT_API_KEY: z.string().min(8).optional(),
  SUBGRAPH_URLS: z.string().optional(),
  TRUSTED_PROXIES: z.string().default(''),
  RATE_LIMIT_STORE_RPS: positiveInt.default(60),
  RATE_LIMIT_ADMIN_RPS: positiveInt.default(30),
  RATE_LIMIT_STOREFRONT_SERVER_RPS: positiveInt.default(1000),
  RATE_LIMIT_DISABLED: bool.default(false),
  OUTBOX_POLL_MS: positiveInt.default(1000),
  ANTISPAM_MAX_NUMBER: z.coerce.number().int().min(1000).max(100_000_000).default(1_000_000),
  WORKERS_DISABLED: bool.default(false),
  /** live event streams (/graphql/stream): open streams per tenant and per instance */
  STREAM_MAX_PER_TENANT: positiveInt.default(10),
  STREAM_MAX_CONNECTIONS: positiveInt.default(1000),
  /** bytes a stream may have unsent before its subscriber counts as too slow and is disconnected */
  STREAM_BUFFER_BYTES: z.coerce
    .number()
    .int()
    .min(16_384)
    .max(64 * 2 ** 20)
    .default(2 ** 20),
  PUBLIC_URL: z.string().url().optional(),
  /** where uploaded media is stored: `local` (under DATA_DIR/static/media) or `s3` (any S3-compatible store) */
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** base of the public URLs of stored objects (a CDN or the bucket's public address) */
  S3_PUBLIC_URL: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** the platform's mail server (`smtp://user:pass@host:587`, `smtps://…`); unset: mails are written to <DATA_DIR>/mail */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://host:465')
    .optional(),
  /** documents of search indexes held in memory per process (all tenants together); 0: every search by SQL */
  SEARCH_MEMORY_DOCS: z.coerce.number().int().min(0).max(50_000_000).default(500_000),
  /** the sender of the platform's mails */
  MAIL_FROM: z.string().min(3).max(300).default('Store <no-reply@localhost>'),
  /** currency rates: the central-bank feed (ECB daily reference rates XML) and the public JSON rate service */
  CURRENCY_RATES_ECB_URL: z.string().url().default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  CURRENCY_RATES_JSON_URL: z.string().url().default('https://api.frankfurter.dev/v1/latest?base=EUR'),
  /** minutes between two refreshes of the rate feeds (the job checks every minute) */
  CURRENCY_RATES_REFRESH_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** how long one feed may take before the next source answers */
  CURRENCY_RATES_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  /** outbound webhooks: hosts, IPs and CIDRs that may be targets although private or loopback (comma-separated) */
  WEBHOOK_ALLOW_HOSTS: z.string().default(''),
  /** multiplies the retry schedule (tests and benches: 0.001 makes 24 h about 86 s) */
  WEBHOOK_RETRY_SCALE: z.coerce.number().min(0).max(100).default(1),
  /** how long a claimed delivery stays with its worker before another may take it (a dead worker's) */
  WEBHOOK_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** time limit of one delivery request */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** longest pause of the delivery loop between two looks for due deliveries */
  WEBHOOK_POLL_MS: positiveInt.default(1000),
  /** deliveries in flight per process */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
});

/** S3-compatible storage of media (MEDIA_STORAGE=s3). */
export interface S3StorageConfig {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl: string;
  forcePathStyle: boolean;
}

/** S3 settings MEDIA_STORAGE=s3 cannot do without (S3_ENDPOINT is optional: AWS itself when absent) */
const S3_REQUIRED = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const;

export interface PlatformConfig {
  env: 'development' | 'production' | 'test';
  /** currency rate feeds (CURRENCY_RATES_*) */
  currencyRates: { ecbUrl: string; jsonUrl: string; refreshMinutes: number; timeoutMs: number };
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  dbPoolSize: number;
  redisUrl?: string;
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
  rateLimit: { storeRps: number; adminRps: number; storefrontServerRps: number; disabled: boolean };
  /** GraphQL query limits set in the environment (the gateway's defaults fill the rest) */
  graphqlLimits: Record<(typeof GRAPHQL_TIERS)[number], Partial<Record<GraphQLLimitName, number>>>;
  outboxPollMs: number;
  /** default anti-spam difficulty (ALTCHA maxnumber) of tenants that set none */
  antispamMaxNumber: number;
  workersDisabled: boolean;
  /** live event streams at /graphql/stream (STREAM_*): limits per instance */
  eventStreams: { maxPerTenant: number; maxConnections: number; bufferBytes: number };
  publicUrl?: string;
  /** media storage: local disk (default) or an S3-compatible bucket */
  media: { storage: 'local' } | { storage: 's3'; s3: S3StorageConfig };
  /** SMTP server of the platform mailer; undefined: mails are written as .eml files to <dataDir>/mail */
  smtpUrl?: string;
  /** sender address of the platform's mails */
  mailFrom: string;
  /** outbound webhooks (WEBHOOK_*) */
  webhooks: { allowHosts: string[]; retryScale: number; leaseSeconds: number; timeoutMs: number; pollMs: number; concurrency: number };
  /** search: documents held in memory per process (0: SQL answers every search) */
  searchMemoryDocs: number;
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

export class ConfigError extends Error {}

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

function mediaSettings(e: z.infer<typeof schema>): PlatformConfig['media'] {
  if (e.MEDIA_STORAGE === 'local') return { storage: 'local' };
  const lacking = S3_REQUIRED.filter((n) => !e[n]);
  if (lacking.length) throw new ConfigError(`MEDIA_STORAGE=s3 needs ${lacking.join(', ')}`);
  return {
    storage: 's3',
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION!,
      bucket: e.S3_BUCKET!,
      accessKeyId: e.S3_ACCESS_KEY_ID!,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
      publicUrl: e.S3_PUBLIC_URL!.replace(/\/+$/, ''),
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  // an empty variable counts as unset (docker compose passes `\${NAME:-}` as an empty string)
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
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
    redisUrl: e.REDIS_URL,
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
    },
    graphqlLimits: {
      public: limitSettings(e, 'public'),
      trusted: limitSettings(e, 'trusted'),
    },
    outboxPollMs: e.OUTBOX_POLL_MS,
    antispamMaxNumber: e.ANTISPAM_MAX_NUMBER,
    workersDisabled: e.WORKERS_DISABLED,
    eventStreams: { maxPerTenant: e.STREAM_MAX_PER_TENANT, maxConnections: e.STREAM_MAX_CONNECTIONS, bufferBytes: e.STREAM_BUFFER_BYTES },
    publicUrl: e.PUBLIC_URL,
    media: mediaSettings(e),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    searchMemoryDocs: e.SEARCH_MEMORY_DOCS,
    currencyRates: {
      ecbUrl: e.CURRENCY_RATES_ECB_URL,
      jsonUrl: e.CURRENCY_RATES_JSON_URL,
      refreshMinutes: e.CURRENCY_RATES_REFRESH_MINUTES,
      timeoutMs: e.CURRENCY_RATES_TIMEOUT_MS,
    },
    webhooks: {
      allowHosts: e.WEBHOOK_ALLOW_HOSTS.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
      retryScale: e.WEBHOOK_RETRY_SCALE,
      leaseSeconds: e.WEBHOOK_LEASE_SECONDS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      pollMs: e.WEBHOOK_POLL_MS,
      concurrency: e.WEBHOOK_CONCURRENCY,
    },
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
