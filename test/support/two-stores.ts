import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import { startTestPlatform, type TestPlatform } from './platform';

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

export async function startTwoStores(o: Parameters<typeof startTestPlatform>[0] = {}): Promise<TwoStores> {
  const p = await startTestPlatform(o);
  const sql = new Client({ connectionString: p.dbUrl });
  await sql.connect();
  const shop = await p.createTenant();
  const other = await p.createTenant();
  return { p, sql, shop, other, admin: await p.adminToken(shop), otherAdmin: await p.adminToken(other) };
}
