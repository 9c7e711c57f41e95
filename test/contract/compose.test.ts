import fs from 'node:fs';
import { loadDomains } from '@svc/platform';
import { COMPOSE_FILE, generateCompose } from '../../scripts/generate-compose';

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

  it('would gain a service for a new domain', () => {
    const next = generateCompose([...loadDomains().map((d) => d.name), 'bookings']);
    expect(next).toContain('command: npm run subgraph -- bookings');
    expect(next).toContain(`SUBGRAPH_BOOKINGS_URL: http://bookings:${4001 + loadDomains().length}/graphql`);
  });
});
