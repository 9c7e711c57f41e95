import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * Whether a skill is enabled in a store, as the platform operator set it. A skill without a row is
 * enabled (every plan includes the assistant); the operator's `configureAssistantSkills` writes one
 * row per skill it names. Table `assistant.skill_setting`.
 */
@Entity({ tableName: 'skill_setting' })
@Unique({ properties: ['tenantId', 'skillId'] })
export class SkillSetting extends TenantOwned {
  [OptionalProps]?: 'id' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('askl');
  @Property({ type: 'string', length: 60 }) skillId!: string;
  @Property({ type: 'boolean' }) enabled!: boolean;
  @Property({ type: 'datetime' }) updatedAt: Date = new Date();
}
