/** `npm start`: the whole platform in one process (see README). Ctrl-C stops it cleanly. */
import { loadConfigOrExit } from '@svc/kit';
import { DEMO_TENANT_HANDLE, exitOnSignals, startPlatform } from '@svc/platform';
import { ensureConsoleBuilt } from './console-build';

async function main() {
  const config = loadConfigOrExit();
  // the admin console at /app: built here when its build is missing or older than its sources
  const built = ensureConsoleBuilt(false, (line) => process.stdout.write(`${line}\n`));
  if (built) process.stdout.write(`Built the admin console in ${built} ms\n`);
  const platform = await startPlatform({ config });
  const { log, url } = platform;
  exitOnSignals(log, () => platform.close());
  log.info({ url, startupMs: platform.startupMs, database: platform.db.embedded ? 'embedded' : 'external' }, 'platform ready');
  if (config.seedDemo) {
    const lines = [
      `Platform ready at ${url} (REST: ${url}/api, GraphQL: ${url}/graphql) in ${platform.startupMs} ms`,
      `Admin console: ${url}/app (sign in with the demo admin below)`,
      `Demo store "${DEMO_TENANT_HANDLE}":`,
      `  publishable key   ${config.demo.publishableKey}`,
      `  admin             ${config.demo.adminEmail} / ${config.demo.adminPassword}`,
      `  agent API key     ${config.demo.agentApiKey}`,
      `  customer          jane@demo.store / demo-customer-password`,
    ];
    if (platform.demoIdpUrl) {
      lines.push(
        `  social sign-in    GET ${url}/api/store/auth/social/google/start (with the key) -> a development OpenID provider at ${platform.demoIdpUrl}: any name signs in, "jane" is the customer above`,
      );
    }
    if (config.defaultsUsed.length) lines.push(`Development defaults in use (never in production): ${config.defaultsUsed.join(', ')}`);
    const g = config.generatedSecrets;
    if (g.createdNow) {
      lines.push(`Generated ${g.names.join(', ')} at random and stored them in ${g.file} (mode 600; set them to choose your own)`);
      if (g.names.includes('OPERATOR_TOKEN')) lines.push(`  operator token    ${config.operatorToken}`);
    } else if (g.names.length) {
      lines.push(`Using the generated ${g.names.join(', ')} from ${g.file}`);
    }
    process.stdout.write(`\n${lines.join('\n')}\n\n`);
  }
}

main().catch((err) => {
  console.error('The platform could not start:', err instanceof Error ? err.message : err);
  if (process.env.LOG_LEVEL === 'debug') console.error(err);
  process.exit(1);
});
