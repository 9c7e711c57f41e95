import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { execFileSync } from 'node:child_process';
import { createLogger, startEmbedded } from '@svc/kit/db';

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL's server if given, else an embedded one
 * under .test-data/. A template database is migrated once; every test platform clones it.
 */
export default async function globalSetup(): Promise<void> {
  const log = createLogger('warn');
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = path.join(__dirname, '..', '..', '.test-data', `run-${process.pid}`);
    fs.rmSync(dir, { recursive: true, force: true });
    // the topology and crash suites start a process per domain (about 100 connections at their peak)
    // while the other worker's suites hold their platforms' pools: more slots than a platform needs
    const db = await startEmbedded(path.join(dir, 'pg'), log, 'postgres', ['max_connections=500']);
    (globalThis as { __TEST_PG__?: { stop(): Promise<void>; dir: string } }).__TEST_PG__ = { stop: db.stop, dir };
    serverUrl = db.url;
    await notDurable(serverUrl);
  }
  const template = `tpl_${process.pid}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${template}"`);
  await admin.query(`create database "${template}"`);
  await admin.end();
  const templateUrl = withDb(serverUrl, template);
  // Migrate in a child process: Jest copies this process's globals (ORM and GraphQL metadata
  // registries) into in-band test sandboxes, so no entity may be loaded here.
  const root = path.join(__dirname, '..', '..');
  execFileSync(process.execPath, ['-r', path.join(root, 'scripts', 'register.js'), path.join(root, 'scripts', 'db-migrate.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: templateUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.env.TEST_PG_SERVER_URL = serverUrl;
  process.env.TEST_TEMPLATE_DB = template;
  // the test platforms' data directories (test/support/platform.ts), removed with the run
  process.env.TEST_DATA_ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-test-data-'));
}

/**
 * The run's own server is thrown away after the run, and no test crashes PostgreSQL (the crash test
 * kills the platform, not the database): commits and database clones need not wait for the disk.
 * Never done to a TEST_DATABASE_URL server.
 */
async function notDurable(serverUrl: string): Promise<void> {
  const c = new Client({ connectionString: serverUrl });
  await c.connect();
  try {
    for (const setting of ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']) await c.query(`alter system set ${setting}`);
    await c.query('select pg_reload_conf()');
  } finally {
    await c.end();
  }
}

export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
