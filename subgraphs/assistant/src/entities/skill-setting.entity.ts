import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * Whether a skill is enabled in a store: `enabled` is the platform operator's (the upper bound,
 * `configureAssistantSkills`), `storeEnabled` the store admin's own choice within it
 * (`setAssistantSkillsEnabled`); the skill works only when both are on. A skill without a row is
 * enabled (every plan includes the assistant). Table `assistant.skill_setting`.
 */
@Entity({ tableName: 'skill_setting' })
@Unique({ properties: ['tenantId', 'skillId'] })
export class SkillSetting extends TenantOwned {
  [OptionalProps]?: 'id' | 'updatedAt' | 'enabled' | 'storeEnabled';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('askl');
  @Property({ type: 'string', length: 60 }) skillId!: string;
  /** the operator allows it */
  @Property({ type: 'boolean' }) enabled: boolean = true;
  /** the store's admin has it on */
  @Property({ type: 'boolean', default: true }) storeEnabled: boolean = true;
  @Property({ type: 'datetime' }) updatedAt: Date = new Date();
}
