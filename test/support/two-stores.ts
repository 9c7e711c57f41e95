import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from './http';
import type { startTestPlatform, TestPlatform } from './platform';
import { sharedPlatform } from './shared';

/**
 * A test platform with two stores, the one under test (`shop`) and another (`other`, for the
 * isolation checks every domain makes), an admin token of each, and a SQL client on its database.
 */
export interface TwoStores {
  p: TestPlatform;
  sql: Client;
  shop: TenantCredentials;
  other: TenantCredentials;
  admin: string;
  otherAdmin: string;
}

/** Two stores on a platform of the suite's own (platform code loads only here). */
export async function startTwoStores(o: Parameters<typeof startTestPlatform>[0] = {}): Promise<TwoStores> {
  const { startTestPlatform: start } = await import('./platform');
  return twoStoresOn(await start(o));
}

/** Two new stores on the worker's shared platform (`shared.ts`): the suite must not stop it. */
export async function sharedTwoStores(): Promise<Omit<TwoStores, 'p'> & { p: PlatformClient }> {
  return twoStoresOn(await sharedPlatform());
}

async function twoStoresOn<P extends PlatformClient>(p: P) {
  const sql = new Client({ connectionString: p.dbUrl });
  await sql.connect();
  const shop = await p.createTenant();
  const other = await p.createTenant();
  return { p, sql, shop, other, admin: await p.adminToken(shop), otherAdmin: await p.adminToken(other) };
}
