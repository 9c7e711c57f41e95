import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

/**
 * Lints one import line as if it were written in `file` with only the `svc/domain-boundary` rule
 * (scripts/eslint/domain-boundary.mjs, which npm run lint applies to subgraphs/). ESLint and the rule
 * are ES modules, so they run in a child node rather than in jest's CommonJS sandbox.
 */
function lint(cases: Array<{ file: string; code: string }>): string[][] {
  const script = `
    import { Linter } from 'eslint';
    import { domainBoundary } from './scripts/eslint/domain-boundary.mjs';
    const linter = new Linter({ configType: 'flat' });
    const config = [{ files: ['**/*.ts'], plugins: { svc: { rules: { 'domain-boundary': domainBoundary } } }, rules: { 'svc/domain-boundary': 'error' } }];
    const cases = JSON.parse(process.argv[1]);
    console.log(JSON.stringify(cases.map((c) => linter.verify(c.code, config, { filename: c.file }).map((m) => m.message))));
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(cases.map((c) => ({ ...c, file: path.join(ROOT, c.file) })))], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as string[][];
}

describe('lint rule svc/domain-boundary', () => {
  it("lets a domain import its own files, @svc/kit, packages and other domains' published contract modules", () => {
    const ok = [
      "import { x } from '../services/product.service';",
      "import { newId } from '@svc/kit';",
      "import { z } from 'zod';",
      "import fs from 'node:fs';",
      "import { catalogEvents } from '@svc/catalog/events';",
      "export { contentEvents } from '@svc/content/events';",
    ];
    expect(lint(ok.map((code) => ({ file: 'subgraphs/search/src/services/x.ts', code })))).toEqual(ok.map(() => []));
  });

  it("refuses another domain's package root or internals, a relative path out of the domain and the platform's packages", () => {
    const file = 'subgraphs/search/src/services/x.ts';
    const out = lint([
      { file, code: "import { domain } from '@svc/catalog';" },
      { file, code: "import { Product } from '@svc/catalog/src/entities/product.entity';" },
      { file, code: "import { Product } from '../../../catalog/src/entities/product.entity';" },
      { file, code: "export * from '@svc/identity';" },
      { file, code: "const m = import('@svc/forms');" },
      { file, code: "const m = require('@svc/content');" },
      { file, code: "import { startPlatform } from '@svc/platform';" },
    ]);
    expect(out.map((messages) => messages.length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(out[0][0]).toContain("another domain's package root: import its published contract module (@svc/catalog/events)");
    expect(out[1][0]).toContain('is not a published contract module of @svc/catalog');
    expect(out[2][0]).toContain('leaves subgraphs/search/');
    expect(out[6][0]).toContain("does not import the platform's processes");
  });

  it('keeps the kit free of domains and leaves code outside subgraphs/ alone', () => {
    const out = lint([
      { file: 'subgraphs/kit/src/x.ts', code: "import { catalogEvents } from '@svc/catalog/events';" },
      { file: 'subgraphs/kit/src/x.ts', code: "import { y } from './y';" },
      { file: 'platform/src/x.ts', code: "import { domain } from '@svc/catalog';" },
      { file: 'test/e2e/x.test.ts', code: "import { Product } from '../../subgraphs/catalog/src/entities/product.entity';" },
    ]);
    expect(out[0][0]).toContain('the kit does not import domains');
    expect(out.slice(1)).toEqual([[], [], []]);
  });
});
