/**
 * `npm run tenant:social -- --tenant <tenant id or publishable key> --provider <google|apple|facebook|microsoft|github>
 *    --client-id … --client-secret … [--scopes "openid email"] [--issuer <url>]
 *    [--authorization-url … --token-url … --userinfo-url …] [--redirect-uri <url>]
 *    [--apple-team-id … --apple-key-id … --apple-private-key-file <.p8>] [--disable | --enable] [--remove]`
 * Configures one social sign-in provider of a tenant (the same rules as the admin GraphQL mutation
 * `configureSocialProvider`) and prints the resulting settings as ONE JSON object (no secrets).
 * URLs default to the real provider's; overriding them points a tenant at another server.
 */
import fs from 'node:fs';
import { ConfigError, systemContext } from '@svc/kit';
import { configureSocialProviderSchema } from '@svc/identity';
import { parseArgs, runCommand, withIdentity } from './operator-command';

const USAGE =
  'usage: npm run tenant:social -- --tenant <id or publishable key> --provider <google|apple|facebook|microsoft|github> ' +
  '--client-id <id> --client-secret <secret> [--scopes "<scope> <scope>"] [--issuer <url>] [--authorization-url <url> --token-url <url> --userinfo-url <url>] ' +
  '[--redirect-uri <url>] [--apple-team-id <id> --apple-key-id <id> --apple-private-key-file <path>] [--disable | --enable] [--remove]';

const FLAGS = new Set(['disable', 'enable', 'remove']);

async function main() {
  const a = parseArgs(process.argv.slice(2), FLAGS, USAGE);
  if (!a.tenant || !a.provider) throw new ConfigError(USAGE);
  if (a.disable && a.enable) throw new ConfigError('--disable and --enable exclude each other');
  const input = {
    provider: a.provider,
    client_id: a['client-id'],
    client_secret: a['client-secret'],
    scopes: a.scopes ? a.scopes.split(/[\s,]+/).filter(Boolean) : undefined,
    issuer: a.issuer,
    authorization_url: a['authorization-url'],
    token_url: a['token-url'],
    userinfo_url: a['userinfo-url'],
    redirect_uri: a['redirect-uri'],
    apple_team_id: a['apple-team-id'],
    apple_key_id: a['apple-key-id'],
    apple_private_key: a['apple-private-key-file'] ? fs.readFileSync(a['apple-private-key-file'], 'utf8') : undefined,
    enabled: a.disable ? false : a.enable ? true : undefined,
  };
  for (const k of Object.keys(input) as Array<keyof typeof input>) if (input[k] === undefined) delete input[k];
  const parsed = configureSocialProviderSchema.safeParse(input);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => `--${String(i.path[0]).replace(/_/g, '-')}: ${i.message}`).join('\n'));

  await withIdentity('tenant-social', async (s, log) => {
    const tenantId = (await s.authority.tenantForPublishableKey(a.tenant)) ?? ((await s.tenants.exists(a.tenant)) ? a.tenant : null);
    if (!tenantId) throw new ConfigError(`no tenant with id or publishable key "${a.tenant}"`);
    const ctx = systemContext(log, tenantId, 'cli');
    if (a.remove) {
      await s.social.removeProvider(ctx, a.provider);
      process.stdout.write(`${JSON.stringify({ provider: a.provider, removed: true })}\n`);
    } else {
      process.stdout.write(`${JSON.stringify(await s.social.configure(ctx, parsed.data))}\n`);
    }
  });
}

runCommand(main);
