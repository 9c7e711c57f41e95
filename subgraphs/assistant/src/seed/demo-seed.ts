import type { SeedContext } from '@svc/kit';
import type { AssistantServices } from '../services';
import { SKILLS } from '../skills/catalog';

/**
 * assistant's part of the demo store: the operator's enablement, every skill whose modules the
 * platform has (asked through the modules' ports, as the store context reports them) on, any other off.
 */
export async function seedDemoAssistant(s: AssistantServices, seed: SeedContext): Promise<void> {
  const context = await s.context.context(seed.ctx);
  const available = new Set(context.modules.filter((m) => m.available).map((m) => m.id));
  await s.skills.configure(
    seed.ctx,
    SKILLS.map((skill) => ({ id: skill.id, enabled: skill.needs.modules.every((m) => available.has(m)) })),
  );
  seed.log.debug({ tenantId: seed.tenantId }, 'assistant: skills enabled');
}
