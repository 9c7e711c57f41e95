import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the platform reads, validated once at start. Development defaults exist for the
 * secrets and demo credentials so that `npm start` works on a fresh machine; with
 * NODE_ENV=production none of them is used and a missing one stops the start.
 */
const DEV_DEFAULTS = {
  JWT_SECRET: 'dev-only-jwt-secret-change-me-0123456789abcdef',
  INTERNAL_SECRET: 'dev-only-internal-secret-change-me-0123456789',
  OPERATOR_TOKEN: 'dev-operator-token',
  DEMO_PUBLISHABLE_KEY: 'pk_demo_storefront_key',
  DEMO_ADMIN_EMAIL: 'admin@demo.store',
  DEMO_ADMIN_PASSWORD: 'demo-admin-password',
  DEMO_AGENT_API_KEY: 'sk_demo_agent_key',
} as const;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();

const schema = z.object({
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
  SEED_DEMO: bool.optional(),
  DEMO_PUBLISHABLE_KEY: z.string().min(8).optional(),
  DEMO_ADMIN_EMAIL: z.string().email().optional(),
  DEMO_ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO_AGENT_API_KEY: z.string().min(8).optional(),
  SUBGRAPH_URLS: z.string().optional(),
  TRUSTED_PROXIES: z.string().default(''),
  RATE_LIMIT_STORE_RPS: positiveInt.default(60),
  RATE_LIMIT_ADMIN_RPS: positiveInt.default(30),
  RATE_LIMIT_DISABLED: bool.default(false),
  OUTBOX_POLL_MS: positiveInt.default(1000),
  WORKERS_DISABLED: bool.default(false),
  PUBLIC_URL: z.string().url().optional(),
});

export interface PlatformConfig {
  env: 'development' | 'production' | 'test';
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
  seedDemo: boolean;
  demo: { publishableKey: string; adminEmail: string; adminPassword: string; agentApiKey: string };
  /** subgraph name -> URL; empty means every subgraph runs in-process */
  subgraphUrls: Record<string, string>;
  trustedProxies: string[];
  rateLimit: { storeRps: number; adminRps: number; disabled: boolean };
  outboxPollMs: number;
  workersDisabled: boolean;
  publicUrl?: string;
  /** names of settings that fell back to development defaults (printed at start) */
  defaultsUsed: string[];
}

export class ConfigError extends Error {}

function parseSubgraphUrls(env: NodeJS.ProcessEnv, raw?: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (raw) {
    for (const part of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
      const eq = part.indexOf('=');
      if (eq < 1) throw new ConfigError(`SUBGRAPH_URLS entry "${part}" must look like name=http://host:port/graphql`);
      const url = part.slice(eq + 1);
      if (!/^https?:\/\//.test(url)) throw new ConfigError(`SUBGRAPH_URLS: "${url}" is not an http(s) URL`);
      out[part.slice(0, eq)] = url;
    }
  }
  for (const [key, value] of Object.entries(env)) {
    const m = /^SUBGRAPH_([A-Z0-9_]+)_URL$/.exec(key);
    if (m && value) out[m[1].toLowerCase()] = value;
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const seedDemo = e.SEED_DEMO ?? !production;
  const defaultsUsed: string[] = [];
  const missing: string[] = [];
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
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    jwtSecret: secret('JWT_SECRET', true),
    internalSecret: secret('INTERNAL_SECRET', true),
    operatorToken: secret('OPERATOR_TOKEN', true),
    seedDemo,
    demo: {
      publishableKey: secret('DEMO_PUBLISHABLE_KEY', seedDemo),
      adminEmail: secret('DEMO_ADMIN_EMAIL', seedDemo),
      adminPassword: secret('DEMO_ADMIN_PASSWORD', seedDemo),
      agentApiKey: secret('DEMO_AGENT_API_KEY', seedDemo),
    },
    subgraphUrls: parseSubgraphUrls(env, e.SUBGRAPH_URLS),
    trustedProxies: e.TRUSTED_PROXIES.split(',').map((s) => s.trim()).filter(Boolean),
    rateLimit: { storeRps: e.RATE_LIMIT_STORE_RPS, adminRps: e.RATE_LIMIT_ADMIN_RPS, disabled: e.RATE_LIMIT_DISABLED },
    outboxPollMs: e.OUTBOX_POLL_MS,
    workersDisabled: e.WORKERS_DISABLED,
    publicUrl: e.PUBLIC_URL,
    defaultsUsed,
  };
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
