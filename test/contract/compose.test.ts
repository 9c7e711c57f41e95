import fs from 'node:fs';
import { loadDomains } from '@svc/platform';
import { COMPOSE_FILE, PASSED_SETTINGS, domainSettingNames, generateCompose } from '../../scripts/generate-compose';

/** docker-compose.yml is generated from the domain registry: every domain has its service. */
describe('docker-compose.yml', () => {
  const committed = fs.readFileSync(COMPOSE_FILE, 'utf8');

  it('equals what the registry generates (run `npm run compose:generate`)', () => {
    expect(committed).toBe(generateCompose());
  });

  it('runs every domain as a subgraph service and points the gateway at each', () => {
    for (const d of loadDomains()) {
      expect(committed).toContain(`command: npm run subgraph -- ${d.name}\n`);
      expect(committed).toMatch(new RegExp(`SUBGRAPH_${d.name.toUpperCase().replace(/-/g, '_')}_URL: http://${d.name}:\\d+/graphql`));
    }
  });

  it("passes the platform's settings to every process and each domain's own settings to its service", () => {
    const anchor = committed.slice(committed.indexOf('x-app:'), committed.indexOf('services:'));
    for (const name of PASSED_SETTINGS) expect(anchor).toContain(`    ${name}: \${${name}:-}\n`);
    for (const d of loadDomains()) {
      const service = committed.slice(committed.indexOf(`\n  ${d.name}:\n`), committed.indexOf('depends_on', committed.indexOf(`\n  ${d.name}:\n`)));
      for (const name of domainSettingNames(d)) expect(service).toContain(`      ${name}: \${${name}:-}\n`);
    }
    // the settings that used to be read from process.env beside the validated config
    expect(loadDomains().flatMap(domainSettingNames)).toEqual(
      expect.arrayContaining(['CATALOG_CACHE', 'CHECKOUT_LEASE_MS', 'SEARCH_MEMORY_DOCS', 'MEDIA_STORAGE']),
    );
  });

  it('would gain a service for a new domain', () => {
    const next = generateCompose([...loadDomains(), { name: 'bookings' }]);
    expect(next).toContain('command: npm run subgraph -- bookings');
    expect(next).toContain(`SUBGRAPH_BOOKINGS_URL: http://bookings:${4001 + loadDomains().length}/graphql`);
  });
});
