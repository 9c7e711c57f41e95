import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, hashPassword, loadConfig, parseSettings, verifyPassword } from '@svc/kit';
import { identitySettings } from '@svc/identity';
import { startTestPlatform } from '../support/platform';

describe('configuration', () => {
  it('uses documented development defaults for the demo outside production and says which', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-'));
    try {
      const c = loadConfig({ DATA_DIR: dir });
      expect(c.port).toBe(9000);
      expect(c.seedDemo).toBe(true);
      expect(c.demo.publishableKey).toBe('pk_demo_storefront_key');
      expect(c.defaultsUsed).toEqual(expect.arrayContaining(['DEMO_PUBLISHABLE_KEY', 'DEMO_ADMIN_PASSWORD']));
      expect(c.defaultsUsed).not.toContain('JWT_SECRET');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('generates missing secrets at random outside production, once per data directory (never a fixed public one)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-'));
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-'));
    try {
      const first = loadConfig({ DATA_DIR: dir });
      expect(first.generatedSecrets).toMatchObject({ names: ['JWT_SECRET', 'INTERNAL_SECRET', 'OPERATOR_TOKEN'], createdNow: true });
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(first.jwtSecret).not.toMatch(/dev|change-me/);
      expect(fs.statSync(first.generatedSecrets.file).mode & 0o777).toBe(0o600);
      const again = loadConfig({ DATA_DIR: dir });
      expect(again.generatedSecrets.createdNow).toBe(false);
      expect([again.jwtSecret, again.internalSecret, again.operatorToken]).toEqual([first.jwtSecret, first.internalSecret, first.operatorToken]);
      const elsewhere = loadConfig({ DATA_DIR: other });
      expect(elsewhere.jwtSecret).not.toBe(first.jwtSecret);
      const chosen = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'j'.repeat(40) });
      expect(chosen.jwtSecret).toBe('j'.repeat(40));
      expect(chosen.generatedSecrets.names).toEqual(['INTERNAL_SECRET', 'OPERATOR_TOKEN']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('never falls back to a default secret in production: a missing one stops the start', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (e) {
      expect((e as Error).message).toMatch(/JWT_SECRET/);
      expect((e as Error).message).toMatch(/INTERNAL_SECRET/);
      expect((e as Error).message).toMatch(/OPERATOR_TOKEN/);
      expect((e as Error).message).not.toMatch(/DEMO_/); // demo seeding is off by default in production
    }
    const secrets = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), INTERNAL_SECRET: 'y'.repeat(40), OPERATOR_TOKEN: 'z'.repeat(20) };
    const c = loadConfig(secrets);
    expect(c.defaultsUsed).toEqual([]);
    expect(c.generatedSecrets.names).toEqual([]);
    expect(c.seedDemo).toBe(false);
    expect(() => loadConfig({ ...secrets, SEED_DEMO: 'true' })).toThrow(/DEMO_PUBLISHABLE_KEY/);
  });

  it('rejects invalid values with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32/);
    expect(() => loadConfig({ SUBGRAPH_URLS: 'catalog' })).toThrow(/name=http/);
    expect(() => loadConfig({ GRAPHQL_PUBLIC_MAX_COST: '-5' })).toThrow(/GRAPHQL_PUBLIC_MAX_COST/);
    expect(() => loadConfig({ GRAPHQL_TRUSTED_MAX_DEPTH: 'deep' })).toThrow(/GRAPHQL_TRUSTED_MAX_DEPTH/);
    expect(loadConfig({ GRAPHQL_PUBLIC_MAX_COST: '1000', GRAPHQL_TRUSTED_MAX_TOKENS: '20000' }).graphqlLimits).toEqual({
      public: { maxCost: 1000 },
      trusted: { maxTokens: 20000 },
    });
    expect(
      loadConfig({
        SUBGRAPH_URLS: 'catalog=http://c:4001/graphql',
        SUBGRAPH_IDENTITY_URL: 'http://i:4002/graphql',
        SUBGRAPH_GIFT_CARDS_URL: 'http://g:4003/graphql',
      }).subgraphUrls,
    ).toEqual({
      catalog: 'http://c:4001/graphql',
      identity: 'http://i:4002/graphql',
      'gift-cards': 'http://g:4003/graphql',
    });
  });

  it("checks every domain's own settings before the platform starts, naming each bad variable", async () => {
    // domain settings live in the domains' manifests: the kit's configuration does not read them
    expect(() => loadConfig({ CATALOG_CACHE: 'maybe' })).not.toThrow();
    const start = startTestPlatform({ env: { CATALOG_CACHE: 'maybe', WEBHOOK_CONCURRENCY: '0', CHECKOUT_HOLD_TTL_S: 'soon', PASSWORD_HASH_COST: '3000' } });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(/the catalog domain:\n {2}CATALOG_CACHE: /);
    await expect(start).rejects.toThrow(/the commerce domain:\n {2}CHECKOUT_HOLD_TTL_S: /);
    await expect(start).rejects.toThrow(/the webhooks domain:\n {2}WEBHOOK_CONCURRENCY: /);
    await expect(start).rejects.toThrow(/the identity domain:\n {2}PASSWORD_HASH_COST: must be a power of two/);
  });

  it('refuses a password hash cost below the default in production (tests lower it), and checks it is a power of two', () => {
    const parse = (e: Record<string, string>) => parseSettings('the identity domain', identitySettings, e);
    expect(parse({}).passwordHashCost).toBe(16384);
    expect(parse({ PASSWORD_HASH_COST: '1024' }).passwordHashCost).toBe(1024);
    expect(parse({ NODE_ENV: 'production', PASSWORD_HASH_COST: '32768' }).passwordHashCost).toBe(32768);
    expect(() => parse({ NODE_ENV: 'production', PASSWORD_HASH_COST: '1024' })).toThrow(/PASSWORD_HASH_COST=1024 is below 16384/);
    expect(() => parse({ PASSWORD_HASH_COST: '512' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => parse({ PASSWORD_HASH_COST: '20000' })).toThrow(/power of two/);
  });

  it('verifies a password against its own stored cost, and an unknown account costs a hash at the configured cost', async () => {
    const cheap = await hashPassword('correct horse', 1024);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    // a hash made at another cost keeps verifying after the setting changes
    expect(await verifyPassword('correct horse', cheap, 16384)).toBe(true);
    expect(await verifyPassword('wrong horse', cheap, 1024)).toBe(false);
    expect(await verifyPassword('correct horse', null, 1024)).toBe(false);
    expect((await hashPassword('x')).startsWith('scrypt$16384$')).toBe(true);
  });
});
