import type { PlatformClient } from '../support/http';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { sharedPlatform } from '../support/shared';

/** Hardening #9: with introspection off (production), errors carry no schema hints. */
describe('schema hints', () => {
  const secrets = { JWT_SECRET: 'j'.repeat(40), INTERNAL_SECRET: 'i'.repeat(40), OPERATOR_TOKEN: 'o'.repeat(24) };
  let prod: TestPlatform;
  let dev: PlatformClient;
  beforeAll(async () => {
    prod = await startTestPlatform({ env: { NODE_ENV: 'production', ...secrets } });
    dev = await sharedPlatform();
  });
  afterAll(async () => {
    await prod?.stop();
  });

  it('production: no "Did you mean", no introspection', async () => {
    const typo = await prod.graphql('mutation { createTenan }');
    expect(typo.status).toBe(400);
    expect(JSON.stringify(typo.body)).not.toMatch(/Did you mean|createTenant/);
    const intro = await prod.graphql('{ __schema { types { name } } }');
    expect(intro.body.data?.__schema).toBeUndefined();
    expect(intro.body.errors?.length).toBeGreaterThan(0);
  });

  it('development keeps the hints and introspection for people building against it', async () => {
    const typo = await dev.graphql('mutation { createTenan }');
    expect(JSON.stringify(typo.body)).toMatch(/Did you mean/);
    const intro = await dev.graphql('{ __schema { queryType { name } } }');
    expect(intro.body.data.__schema.queryType.name).toBe('Query');
  });
});
