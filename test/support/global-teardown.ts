import fs from 'node:fs';
import { Client } from 'pg';
import { stopSharedPlatforms } from './shared';

export default async function globalTeardown(): Promise<void> {
  // the workers' shared platforms first: they drop their databases while PostgreSQL still runs
  if (process.env.TEST_TEMPLATE_DB) await stopSharedPlatforms();
  const url = process.env.TEST_PG_SERVER_URL;
  if (url && process.env.TEST_TEMPLATE_DB) {
    const c = new Client({ connectionString: url });
    await c.connect();
    await c.query(`drop database if exists "${process.env.TEST_TEMPLATE_DB}" with (force)`).catch(() => undefined);
    await c.end();
  }
  if (process.env.TEST_DATA_ROOT) fs.rmSync(process.env.TEST_DATA_ROOT, { recursive: true, force: true });
  const pg = (globalThis as { __TEST_PG__?: { stop(): Promise<void>; dir: string } }).__TEST_PG__;
  if (pg) {
    await pg.stop();
    fs.rmSync(pg.dir, { recursive: true, force: true });
  }
}
