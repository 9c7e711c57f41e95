import { ConfigError, loadConfig } from '@svc/kit';

describe('configuration', () => {
  it('uses documented development defaults outside production and says which', () => {
    const c = loadConfig({});
    expect(c.port).toBe(9000);
    expect(c.seedDemo).toBe(true);
    expect(c.demo.publishableKey).toBe('pk_demo_storefront_key');
    expect(c.defaultsUsed).toEqual(expect.arrayContaining(['JWT_SECRET', 'DEMO_ADMIN_PASSWORD']));
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
    expect(c.seedDemo).toBe(false);
    expect(() => loadConfig({ ...secrets, SEED_DEMO: 'true' })).toThrow(/DEMO_PUBLISHABLE_KEY/);
  });

  it('rejects invalid values with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32/);
    expect(() => loadConfig({ SUBGRAPH_URLS: 'catalog' })).toThrow(/name=http/);
    expect(loadConfig({ SUBGRAPH_URLS: 'catalog=http://c:4001/graphql', SUBGRAPH_IDENTITY_URL: 'http://i:4002/graphql' }).subgraphUrls).toEqual({
      catalog: 'http://c:4001/graphql',
      identity: 'http://i:4002/graphql',
    });
  });
});
