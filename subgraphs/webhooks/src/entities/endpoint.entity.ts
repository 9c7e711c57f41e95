import { ArrayType, Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * An outbound webhook endpoint of a tenant: where events go, which ones (`event_types`, empty:
 * every event; `order.*` names a family), signed with its secret (sealed with the platform's
 * SecretBox; a rotated one stays valid until `previousSecretExpiresAt`), optionally shaped by a
 * GraphQL selection over the event's entity.
 */
@Entity({ tableName: 'webhook_endpoint' })
@Index({ properties: ['tenantId', 'createdAt'] })
export class WebhookEndpoint extends TenantOwned {
  [OptionalProps]?:
    | 'id'
    | 'description'
    | 'active'
    | 'disabledReason'
    | 'allowPrivateNetwork'
    | 'selection'
    | 'previousSecret'
    | 'previousSecretExpiresAt'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('whep');
  @Property({ type: 'text' }) url!: string;
  @Property({ type: 'string', length: 500, nullable: true }) description: string | null = null;
  @Property({ type: ArrayType }) eventTypes!: string[];
  /** sealed (SecretBox, purpose `webhook-secret:<id>`) */
  @Property({ type: 'text' }) secret!: string;
  @Property({ type: 'text', nullable: true }) previousSecret: string | null = null;
  @Property({ type: 'datetime', nullable: true }) previousSecretExpiresAt: Date | null = null;
  @Property({ type: 'boolean', default: true }) active: boolean = true;
  /** why the platform disabled it (410 Gone), null when an admin set `active` */
  @Property({ type: 'string', length: 200, nullable: true }) disabledReason: string | null = null;
  /** set by an operator only: the SSRF checks do not apply to this endpoint */
  @Property({ type: 'boolean', default: false }) allowPrivateNetwork: boolean = false;
  /** a GraphQL query over the event's entity (`$id`); its result is the payload's `data` */
  @Property({ type: 'text', nullable: true }) selection: string | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
