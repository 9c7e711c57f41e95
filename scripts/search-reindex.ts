/**
 * `npm run search:reindex -- [--tenant <tenant id or publishable key>]`
 * Rebuilds the search index of one tenant (or of every tenant) from its sources, through the search
 * domain's ports (`subgraphs/search/src/ports/`): the catalog's published products and content's
 * published blog posts and pages. Boots the platform without HTTP, workers or demo seeding against
 * DATABASE_URL, or the DATA_DIR of a running (or stopped) platform; prints ONE JSON object per tenant.
 */
import { ConfigError, createLogger, loadConfig, openDatabase, systemContext } from '@svc/kit';
import { startPlatform } from '@svc/platform';
import type { SearchServices } from '@svc/search';
import { runCommand } from './operator-command';

function args(argv: string[]): { tenant?: string } {
  const out: { tenant?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m || m[1] !== 'tenant')
      throw new ConfigError(`unexpected argument "${argv[i]}" (usage: npm run search:reindex -- [--tenant <id or publishable key>])`);
    const value = m[2] ?? argv[++i];
    if (!value) throw new ConfigError('--tenant needs a value');
    out.tenant = value;
  }
  return out;
}

async function main() {
  const a = args(process.argv.slice(2));
  const config = loadConfig({ ...process.env, SEED_DEMO: 'false', WORKERS_DISABLED: 'true' });
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn', 'search-reindex');
  // attach to the PostgreSQL of a running platform on the same DATA_DIR, else start it (or DATABASE_URL)
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log, reuseRunning: true });
  const p = await startPlatform({ config: { ...config, databaseUrl: db.url }, log, listen: false }).catch(async (err) => {
    await db.stop();
    throw err;
  });
  try {
    let tenants: string[];
    if (a.tenant) {
      const byKey = a.tenant.startsWith('pk_') ? await p.identity.authority.tenantForPublishableKey(a.tenant) : null;
      const id = byKey ?? a.tenant;
      if (!(await p.identity.tenants.exists(id))) throw new ConfigError(`no tenant "${a.tenant}" (give a tenant id or a publishable key)`);
      tenants = [id];
    } else {
      const rows = await p.subgraphs.identity.orm.em.getConnection().execute('select id from identity.tenant order by created_at');
      tenants = (rows as Array<{ id: string }>).map((r) => r.id);
    }
    const search = p.services<SearchServices>('search');
    for (const tenantId of tenants) {
      const report = await search.index.rebuild(systemContext(log, tenantId, 'search-reindex'));
      process.stdout.write(`${JSON.stringify({ tenant_id: tenantId, ...report })}\n`);
    }
  } finally {
    await p.close();
    await db.stop();
  }
}

runCommand(main);
