import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * A conversation with the assistant: the client names it (`session_id`); it belongs to the caller
 * who started it (an admin user or an agent key), so two callers of a store using the same name
 * have two conversations. Table `assistant.chat_session`.
 */
@Entity({ tableName: 'chat_session' })
@Unique({ properties: ['tenantId', 'owner', 'key'] })
export class ChatSession extends TenantOwned {
  [OptionalProps]?: 'id' | 'createdAt' | 'updatedAt' | 'turns';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('chat');
  /** `admin:<user id>` or `agent:<key id>` */
  @Property({ type: 'string', length: 120 }) owner!: string;
  /** the client's session_id */
  @Property({ type: 'string', length: 200 }) key!: string;
  @Property({ type: 'integer' }) turns: number = 0;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime' }) updatedAt: Date = new Date();
}

/** One message of a conversation, in order (`position`). Table `assistant.chat_message`. */
@Entity({ tableName: 'chat_message' })
@Unique({ properties: ['sessionId', 'position'] })
export class ChatMessage extends TenantOwned {
  [OptionalProps]?: 'id' | 'createdAt' | 'skillId' | 'planId';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('cmsg');
  @Property({ type: 'string', length: 40 }) sessionId!: string;
  @Property({ type: 'integer' }) position!: number;
  /** user or assistant */
  @Property({ type: 'string', length: 20 }) role!: string;
  @Property({ type: 'text' }) content!: string;
  @Property({ type: 'string', length: 60, nullable: true }) skillId: string | null = null;
  @Property({ type: 'string', length: 40, nullable: true }) planId: string | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
}

/**
 * A plan: the writing actions of a turn, waiting for the caller's approval (or rejection) until
 * it expires. Its `streamId` is the id a chat stream announced (`session` event) and the approve
 * and reject routes name; a plan of a one-turn chat has one too. `results` holds what each action
 * answered once approved, in order. Table `assistant.plan`.
 */
@Entity({ tableName: 'plan' })
@Index({ properties: ['tenantId', 'sessionId'] })
@Unique({ properties: ['tenantId', 'streamId'] })
export class Plan extends TenantOwned {
  [OptionalProps]?: 'id' | 'createdAt' | 'decidedAt' | 'status' | 'results' | 'finishedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('plan');
  @Property({ type: 'string', length: 40 }) streamId!: string;
  @Property({ type: 'string', length: 40 }) sessionId!: string;
  /** the client's session_id */
  @Property({ type: 'string', length: 200 }) sessionKey!: string;
  @Property({ type: 'string', length: 120 }) owner!: string;
  @Property({ type: 'string', length: 60 }) skill!: string;
  /** pending, rejected, expired, running (approved, actions under way), executed, failed */
  @Property({ type: 'string', length: 20 }) status: string = 'pending';
  @Property({ type: 'json' }) actions!: unknown[];
  @Property({ type: 'json' }) results: unknown[] = [];
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime' }) expiresAt!: Date;
  @Property({ type: 'datetime', nullable: true }) decidedAt: Date | null = null;
  @Property({ type: 'datetime', nullable: true }) finishedAt: Date | null = null;
}
