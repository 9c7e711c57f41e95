import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * One event for one endpoint. `pending` until an attempt is acknowledged (`delivered`) or the
 * retry schedule is used up, the receiver answered 410, or the endpoint was disabled (`failed`:
 * dead-lettered; replayable). A worker claims a due delivery by setting `leaseUntil` and a fresh
 * `leaseToken` (`for update skip locked`); a worker that dies leaves the lease to expire, and
 * another worker takes the delivery then.
 */
@Entity({ tableName: 'webhook_delivery' })
@Unique({ properties: ['endpointId', 'eventId'] })
@Index({ properties: ['tenantId', 'endpointId', 'createdAt'] })
/** partial: where status = 'pending' (written by hand in the migration) */
@Index({ name: 'webhook_delivery_due', properties: ['nextAttemptAt'] })
export class WebhookDelivery extends TenantOwned {
  [OptionalProps]?:
    | 'id'
    | 'status'
    | 'attempts'
    | 'retryBase'
    | 'nextAttemptAt'
    | 'leaseUntil'
    | 'leaseToken'
    | 'lastStatus'
    | 'lastError'
    | 'deliveredAt'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('whdl');
  @Property({ type: 'string', length: 40 }) endpointId!: string;
  /** the event's id: the payload's `id` and `webhook-id` (the receiver's idempotency key) */
  @Property({ type: 'string', length: 40 }) eventId!: string;
  @Property({ type: 'string', length: 100 }) eventType!: string;
  @Property({ type: 'datetime' }) eventCreatedAt!: Date;
  /** the entity the event is about (its `id`), and its position among the tenant's events about it */
  @Property({ type: 'string', length: 100 }) orderingKey!: string;
  @Property({ type: 'bigint' }) sequence!: string;
  @Property({ type: 'json' }) data!: Record<string, unknown>;
  @Property({ type: 'string', length: 20, default: 'pending' }) status: DeliveryStatus = 'pending';
  @Property({ type: 'integer', default: 0 }) attempts: number = 0;
  /** `attempts` when the delivery was last replayed: the retry schedule starts over from there */
  @Property({ type: 'integer', default: 0 }) retryBase: number = 0;
  @Property({ type: 'datetime', nullable: true }) nextAttemptAt: Date | null = new Date();
  @Property({ type: 'datetime', nullable: true }) leaseUntil: Date | null = null;
  @Property({ type: 'string', length: 40, nullable: true }) leaseToken: string | null = null;
  @Property({ type: 'integer', nullable: true }) lastStatus: number | null = null;
  @Property({ type: 'text', nullable: true }) lastError: string | null = null;
  @Property({ type: 'datetime', nullable: true }) deliveredAt: Date | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/** One POST of a delivery: what the receiver answered, how long it took, or why it failed. */
@Entity({ tableName: 'webhook_attempt' })
@Index({ properties: ['deliveryId', 'number'] })
export class WebhookAttempt extends TenantOwned {
  [OptionalProps]?: 'id' | 'statusCode' | 'responseSnippet' | 'error' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('whatt');
  @Property({ type: 'string', length: 40 }) deliveryId!: string;
  @Property({ type: 'string', length: 40 }) endpointId!: string;
  @Property({ type: 'integer' }) number!: number;
  @Property({ type: 'boolean' }) success!: boolean;
  @Property({ type: 'integer', nullable: true }) statusCode: number | null = null;
  @Property({ type: 'integer' }) durationMs!: number;
  @Property({ type: 'text', nullable: true }) responseSnippet: string | null = null;
  @Property({ type: 'text', nullable: true }) error: string | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
}

/**
 * The last sequence number given to events about one entity (ordering key) in one tenant, and
 * the log position of the newest event numbered (to tell a late event from a newer one).
 */
@Entity({ tableName: 'webhook_sequence' })
export class WebhookSequence {
  @PrimaryKey({ type: 'string', length: 40 }) tenantId!: string;
  @PrimaryKey({ type: 'string', length: 100 }) orderingKey!: string;
  @Property({ type: 'bigint' }) value!: string;
  @Property({ type: 'bigint', nullable: true }) lastPosition: string | null = null;
}
