import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * The store's language-model provider (an OpenAI-compatible chat completions API): its base URL,
 * the model of each tier and the API key, sealed (SecretBox, purpose `assistant.llm_key`).
 * Table `assistant.provider_setting`.
 */
@Entity({ tableName: 'provider_setting' })
@Unique({ properties: ['tenantId', 'kind'] })
export class ProviderSetting extends TenantOwned {
  [OptionalProps]?: 'id' | 'updatedAt' | 'enabled';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('aprv');
  /** language_model */
  @Property({ type: 'string', length: 40 }) kind!: string;
  @Property({ type: 'string', length: 500 }) baseUrl!: string;
  /** `{fast, standard, advanced}`: the model name of each tier */
  @Property({ type: 'json' }) models!: Record<string, string>;
  @Property({ type: 'text' }) keySealed!: string;
  @Property({ type: 'boolean' }) enabled: boolean = true;
  @Property({ type: 'datetime' }) updatedAt: Date = new Date();
}
