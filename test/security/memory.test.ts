import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../support/db';

/**
 * Hardening #2: memory stays bounded under many distinct queries. A child process (started with
 * --expose-gc so that it can force a collection) boots the platform and sends 2,000 distinct
 * accepted anonymous queries, 500 oversized ones (refused before parsing) and 1,000 large admin
 * queries; its heap after a forced GC grows by less than 100 MB.
 */
describe('memory under many distinct GraphQL queries', () => {
  it('keeps the heap within +100 MB of its start', async () => {
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
      const result = JSON.parse(out.trim().split('\n').pop()!) as { before: number; after: number; growthMb: number; statuses: Record<string, number> };
      console.log(`heap probe: ${JSON.stringify(result)}`);
      expect(result.statuses['200']).toBe(2050 + 1000);
      expect(result.statuses['400']).toBe(500);
      expect(result.after - result.before).toBeLessThan(100 * 2 ** 20);
    } finally {
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 320_000);
});
