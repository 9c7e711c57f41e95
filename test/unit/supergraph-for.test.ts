import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { supergraphFor } from '@svc/gateway';
import { FEDERATION_LINK } from '@svc/kit';

/**
 * Which supergraph a process loads (gateway/src/gateway.ts `supergraphFor`): the committed one
 * when what it runs matches the committed subgraph files; a domain it does not run counts with its
 * committed SDL (its code is not loaded); a changed subgraph of its own is composed in and reported.
 */
describe('supergraphFor', () => {
  const sdl = (type: string, field: string) =>
    `${FEDERATION_LINK}\n\ntype ${type} @key(fields: "id") {\n  id: ID!\n  ${field}: String\n}\n\ntype Query {\n  ${type.toLowerCase()}s: [${type}!]!\n}`;
  const alpha = sdl('Alpha', 'title');
  const beta = sdl('Beta', 'name');
  let dir: string;
  const COMMITTED = '# committed supergraph marker\nschema { query: Query }';

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'supergraph-for-'));
    fs.mkdirSync(path.join(dir, 'subgraphs'));
    fs.writeFileSync(path.join(dir, 'subgraphs', 'alpha.graphql'), `# generated\n${alpha}\n`);
    fs.writeFileSync(path.join(dir, 'subgraphs', 'beta.graphql'), `# generated\n${beta}\n`);
    fs.writeFileSync(path.join(dir, 'supergraph.graphql'), `# generated\n${COMMITTED}\n`);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('answers the committed supergraph when the subgraphs this process runs match their files, without building the others', () => {
    const built: string[] = [];
    const out = supergraphFor(['alpha', 'beta'], {
      schemaDir: dir,
      built: { alpha: { sdl: alpha } },
      fallback: (name) => (built.push(name), ''),
    });
    expect(out).toBe(COMMITTED.replace(/^#[^\n]*\n/, ''));
    expect(built).toEqual([]);
  });

  it("composes its own changed subgraph with the others' committed SDL, and says which of its own are stale", () => {
    const stale: string[][] = [];
    const changed = sdl('Alpha', 'subtitle');
    const out = supergraphFor(['alpha', 'beta'], { schemaDir: dir, built: { alpha: { sdl: changed } }, onStale: (names) => stale.push(names) });
    expect(out).toContain('subtitle: String');
    expect(out).toContain('name: String'); // beta, from its committed file
    expect(out).not.toContain('committed supergraph marker');
    expect(stale).toEqual([['alpha']]);
  });

  it('builds a domain it does not run from its code only when its committed file is missing', () => {
    const asked: string[] = [];
    const out = supergraphFor(['alpha', 'beta', 'gamma'], {
      schemaDir: dir,
      built: { alpha: { sdl: alpha } },
      fallback: (name) => (asked.push(name), sdl('Gamma', 'label')),
    });
    expect(asked).toEqual(['gamma']);
    expect(out).toContain('label: String');
    expect(() => supergraphFor(['alpha', 'gamma'], { schemaDir: dir, built: { alpha: { sdl: alpha } } })).toThrow(/gamma.graphql is missing/);
  });
});
