import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../support/db';

/**
 * Hardening #2: memory stays bounded under many distinct queries. A child process (started with
 * --expose-gc so that it can force a collection) boots the platform and sends 400 distinct
 * accepted anonymous queries, 100 oversized ones (refused before parsing) and 200 large admin
 * queries. The caches fill during the first half (about 40 MB) and stay full: its heap after a
 * forced GC grows by less than 100 MB in all and by less than 20 MB in the second half (measured:
 * +41 MB and +2 MB). A store without a bound fails both (a document store that never evicts:
 * +160 MB in all, +66 MB in the second half).
 */
describe('memory under many distinct GraphQL queries', () => {
  it('keeps the heap within +100 MB of its start, and flat once the caches are full', async () => {
    const db = await freshDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heap-probe-'));
    try {
      const root = path.resolve(__dirname, '..', '..');
      const out = await new Promise<string>((resolve, reject) =>
        execFile(
          process.execPath,
          ['--expose-gc', '-r', path.join(root, 'scripts', 'register.js'), path.join(root, 'test', 'support', 'heap-probe.ts')],
          { cwd: root, env: { ...process.env, PROBE_DATABASE_URL: db.url, PROBE_DATA_DIR: dataDir }, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 },
          (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)),
        ),
      );
      const result = JSON.parse(out.trim().split('\n').pop()!) as {
        before: number;
        middle: number;
        after: number;
        growthMb: number;
        statuses: Record<string, number>;
      };
      console.log(`heap probe: ${JSON.stringify(result)}`);
      expect(result.statuses['200']).toBe(50 + 400 + 200);
      expect(result.statuses['400']).toBe(100);
      expect(result.after - result.before).toBeLessThan(100 * 2 ** 20);
      expect(result.after - result.middle).toBeLessThan(20 * 2 ** 20);
    } finally {
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 320_000);
});
