/**
 * `npm run tenant:assistant -- --tenant <tenant id or publishable key> [--enable <id,id…>] [--disable <id,id…>] [--all-on | --all-off]`
 * Sets which assistant skills a store may use (the same rules as the operator mutation
 * `configureAssistantSkills`) and prints the resulting configuration as ONE JSON object
 * (`{skills: [{id, name, enabled, updated_at}], enabled_count}`). Without a change it only prints it.
 */
import { ConfigError, systemContext } from '@svc/kit';
import { SKILL_IDS, domain as assistant, type AssistantServices } from '@svc/assistant';
import { parseArgs, runCommand, withDomain } from './operator-command';

const USAGE =
  'usage: npm run tenant:assistant -- --tenant <id or publishable key> [--enable <skill,skill>] [--disable <skill,skill>] [--all-on | --all-off]\n' +
  `skills: ${SKILL_IDS.join(', ')}`;

const FLAGS = new Set(['all-on', 'all-off']);

const list = (v: string | undefined): string[] => (v ? v.split(/[\s,]+/).filter(Boolean) : []);

async function main() {
  const a = parseArgs(process.argv.slice(2), FLAGS, USAGE);
  if (!a.tenant) throw new ConfigError(USAGE);
  if (a['all-on'] && a['all-off']) throw new ConfigError('--all-on and --all-off exclude each other');
  const known = new Set<string>(SKILL_IDS);
  const enable = a['all-on'] ? [...SKILL_IDS] : list(a.enable);
  const disable = a['all-off'] ? [...SKILL_IDS] : list(a.disable);
  for (const id of [...enable, ...disable]) if (!known.has(id)) throw new ConfigError(`unknown skill "${id}"\n${USAGE}`);
  const both = enable.filter((id) => disable.includes(id));
  if (both.length) throw new ConfigError(`enabled and disabled at once: ${both.join(', ')}`);
  const toggles = [...enable.map((id) => ({ id, enabled: true })), ...disable.map((id) => ({ id, enabled: false }))] as Array<{
    id: (typeof SKILL_IDS)[number];
    enabled: boolean;
  }>;

  await withDomain<AssistantServices>('tenant-assistant', assistant, async ({ identity, other, log }) => {
    const tenantId = (await identity.authority.tenantForPublishableKey(a.tenant)) ?? ((await identity.tenants.exists(a.tenant)) ? a.tenant : null);
    if (!tenantId) throw new ConfigError(`no tenant with id or publishable key "${a.tenant}"`);
    const ctx = systemContext(log, tenantId, 'cli');
    const config = toggles.length ? await other.skills.configure(ctx, toggles) : await other.skills.config(ctx);
    process.stdout.write(`${JSON.stringify(config)}\n`);
  });
}

runCommand(main);
