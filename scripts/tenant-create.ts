/**
 * `npm run tenant:create -- --name <name> --admin-email <email> [--admin-password <pw>] [--origin <url>]… [--storefront-server <ip or cidr>]…`
 * Creates a tenant with a publishable key, an agent API key and its first admin, and prints ONE
 * JSON object. Works against DATABASE_URL, or the DATA_DIR of a running (or stopped) platform.
 */
import { ConfigError, systemContext } from '@svc/kit';
import { runCommand, withIdentity } from './operator-command';

function args(argv: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new ConfigError(`unexpected argument "${argv[i]}"`);
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new ConfigError(`--${m[1]} needs a value`);
    (out[m[1]] ??= []).push(value);
  }
  return out;
}

async function main() {
  const a = args(process.argv.slice(2));
  const name = a.name?.[0];
  const adminEmail = a['admin-email']?.[0];
  if (!name || !adminEmail)
    throw new ConfigError(
      'usage: npm run tenant:create -- --name <name> --admin-email <email> [--admin-password <pw>] [--origin <url>]… [--storefront-server <ip or cidr>]…',
    );
  await withIdentity('tenant-create', async (s, log) => {
    const creds = await s.tenants.create(systemContext(log, null, 'cli'), {
      name,
      adminEmail,
      adminPassword: a['admin-password']?.[0],
      allowedOrigins: a.origin,
      storefrontServers: a['storefront-server'],
    });
    process.stdout.write(`${JSON.stringify(creds)}\n`);
  });
}

runCommand(main);
