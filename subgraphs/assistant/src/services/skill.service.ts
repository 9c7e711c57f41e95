import { DomainError, requireTenant, type RequestContext, type Store } from '@svc/kit';
import { SkillSetting } from '../entities/skill-setting.entity';
import { assistantEvents } from '../events';
import type { SkillToggle } from '../inputs/assistant.input';
import { SKILLS, skillById, type SkillDef, type SkillId } from '../skills/catalog';

interface SkillView {
  id: string;
  name: string;
  category: string;
  description: string;
  examples: string[];
  icon: string;
  model_tier: string;
  enabled: boolean;
}

interface SkillsConfigView {
  skills: Array<{ id: string; name: string; enabled: boolean; allowed: boolean; store_enabled: boolean; updated_at: string | null }>;
  enabled_count: number;
}

/** Whether a store may use a skill: the operator allows it and the store's admin has it on (no row: both). */
const effective = (row: SkillSetting | undefined) => (row?.enabled ?? true) && (row?.storeEnabled ?? true);

const examples = (s: SkillDef) => [...s.examples.en, ...s.examples.de, ...s.examples.fr];

/**
 * The skills and which of them a store may use. The catalog is code (`skills/catalog.ts`); the
 * enablement is per store: the platform operator decides what the store may use (the upper
 * bound), and the store's admin turns skills on and off within that. A skill nobody named is
 * enabled.
 */
export class SkillService {
  constructor(private readonly store: Store) {}

  /** The 24 skills, in contract order, with their state in the caller's store. */
  async list(ctx: RequestContext): Promise<SkillView[]> {
    const enabled = await this.enabledMap(ctx);
    return SKILLS.map((s) => ({
      id: s.id,
      name: s.name,
      category: s.category,
      description: s.description,
      examples: examples(s),
      icon: s.icon,
      model_tier: s.model_tier,
      enabled: effective(enabled.get(s.id)),
    }));
  }

  async config(ctx: RequestContext): Promise<SkillsConfigView> {
    const rows = await this.enabledMap(ctx);
    const skills = SKILLS.map((s) => {
      const row = rows.get(s.id);
      return {
        id: s.id,
        name: s.name,
        enabled: effective(row),
        allowed: row?.enabled ?? true,
        store_enabled: row?.storeEnabled ?? true,
        updated_at: row ? row.updatedAt.toISOString() : null,
      };
    });
    return { skills, enabled_count: skills.filter((s) => s.enabled).length };
  }

  /** The operator's change for the store of the context: one row per skill named, one event. */
  async configure(ctx: RequestContext, toggles: SkillToggle[]): Promise<SkillsConfigView> {
    const tenantId = requireTenant(ctx);
    await this.store.transaction(ctx, async (em, tx) => {
      const existing = new Map((await em.find(SkillSetting, { skillId: { $in: toggles.map((t) => t.id) } })).map((r) => [r.skillId, r]));
      const now = new Date();
      for (const t of toggles) {
        const row = existing.get(t.id);
        if (row) Object.assign(row, { enabled: t.enabled, updatedAt: now });
        else em.create(SkillSetting, { tenantId, skillId: t.id, enabled: t.enabled, updatedAt: now });
      }
      assistantEvents.emit(em, tx, 'assistant.skills_configured', { skills: toggles.map((t) => ({ id: t.id, enabled: t.enabled })), by: 'operator' });
    });
    return this.config(ctx);
  }

  /**
   * The store admin's change for their own store, within what the operator allows: turning on a
   * skill the operator disabled is 403 `skill_not_allowed` and nothing is written; turning one off
   * is always possible. One row per skill named, one event.
   */
  async setStoreEnabled(ctx: RequestContext, toggles: SkillToggle[]): Promise<SkillsConfigView> {
    const tenantId = requireTenant(ctx);
    await this.store.transaction(ctx, async (em, tx) => {
      const existing = new Map((await em.find(SkillSetting, { skillId: { $in: toggles.map((t) => t.id) } })).map((r) => [r.skillId, r]));
      const barred = toggles.filter((t) => t.enabled && existing.get(t.id)?.enabled === false);
      if (barred.length) {
        const names = barred.map((t) => `"${skillById(t.id)!.name}" (${t.id})`).join(', ');
        throw new DomainError('permission_error', 'skill_not_allowed', `The platform operator has not allowed ${names} for this store`);
      }
      const now = new Date();
      for (const t of toggles) {
        const row = existing.get(t.id);
        if (row) Object.assign(row, { storeEnabled: t.enabled, updatedAt: now });
        else em.create(SkillSetting, { tenantId, skillId: t.id, storeEnabled: t.enabled, updatedAt: now });
      }
      assistantEvents.emit(em, tx, 'assistant.skills_configured', { skills: toggles.map((t) => ({ id: t.id, enabled: t.enabled })), by: 'store' });
    });
    return this.config(ctx);
  }

  /** 403 skill_disabled unless the store may use the skill. */
  async assertEnabled(ctx: RequestContext, id: SkillId): Promise<void> {
    const row = (await this.enabledMap(ctx)).get(id);
    if (!effective(row)) {
      throw new DomainError('permission_error', 'skill_disabled', `The skill "${skillById(id)!.name}" (${id}) is not enabled for this store`);
    }
  }

  async enabledIds(ctx: RequestContext): Promise<Set<SkillId>> {
    const rows = await this.enabledMap(ctx);
    return new Set(SKILLS.filter((s) => effective(rows.get(s.id))).map((s) => s.id));
  }

  private async enabledMap(ctx: RequestContext): Promise<Map<string, SkillSetting>> {
    requireTenant(ctx);
    const rows = await this.store.em(ctx).find(SkillSetting, {});
    return new Map(rows.map((r) => [r.skillId, r]));
  }
}
