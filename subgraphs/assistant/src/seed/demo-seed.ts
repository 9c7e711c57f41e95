import type { SeedContext } from '@svc/kit';
import type { AssistantServices } from '../services';
import { SKILL_IDS } from '../skills/catalog';

/**
 * assistant's part of the demo store: the operator's enablement, every skill on except the
 * subscription manager (the platform has no subscriptions module yet), so the demo shows both states.
 */
export async function seedDemoAssistant(s: AssistantServices, seed: SeedContext): Promise<void> {
  await s.skills.configure(
    seed.ctx,
    SKILL_IDS.map((id) => ({ id, enabled: id !== 'subscription-manager' })),
  );
  seed.log.debug({ tenantId: seed.tenantId }, 'assistant: skills enabled');
}
