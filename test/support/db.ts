import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * Databases of the run's PostgreSQL (test/support/global-setup.ts) without loading any platform
 * code: a suite that only needs a database (a child process boots the platform) imports this, not
 * `platform.ts`, and so does not pay for loading every domain into its module registry.
 */
const serverUrl = () => {
  const u = process.env.TEST_PG_SERVER_URL;
  if (!u) throw new Error('TEST_PG_SERVER_URL missing: run tests through jest (test/support/global-setup.ts)');
  return u;
};

async function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: serverUrl() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A fresh database cloned from the migrated template, or an empty one (`{ empty: true }`). */
export async function freshDatabase(o: { empty?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(o.empty ? `create database "${name}"` : `create database "${name}" template "${process.env.TEST_TEMPLATE_DB}"`));
  const u = new URL(serverUrl());
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin((c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined) };
}
