import { Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/** Where an event takes place (absent for an online-only event). */
export interface Venue {
  name: string;
  address: string | null;
  city: string | null;
  country_code: string | null;
}

/** One price of a ticket type: an exact decimal in major units of the currency (`"149.00"`). */
export interface TicketPrice {
  currency_code: string;
  amount: string;
}

type EventStatus = 'draft' | 'published' | 'canceled';

/** An event of a tenant (a conference, a workshop): its schedule, speakers and ticket types hang on it. */
@Entity({ tableName: 'event' })
@Unique({ properties: ['tenantId', 'slug'] })
@Index({ properties: ['tenantId', 'status', 'startsAt'] })
@Check({ name: 'event_status_check', expression: "status in ('draft', 'published', 'canceled') and ends_at >= starts_at" })
export class Event extends TenantOwned {
  [OptionalProps]?:
    | 'id'
    | 'subtitle'
    | 'description'
    | 'thumbnail'
    | 'venue'
    | 'onlineUrl'
    | 'status'
    | 'requiresAttendeeNames'
    | 'maxTicketsPerOrder'
    | 'metadata'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('evt');
  @Property({ type: 'string', length: 200 }) slug!: string;
  @Property({ type: 'string', length: 300 }) title!: string;
  @Property({ type: 'string', length: 500, nullable: true }) subtitle: string | null = null;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  @Property({ type: 'string', length: 2000, nullable: true }) thumbnail: string | null = null;
  @Property({ type: 'json', nullable: true }) venue: Venue | null = null;
  @Property({ type: 'string', length: 2000, nullable: true }) onlineUrl: string | null = null;
  @Property({ type: 'string', length: 64 }) timeZone!: string;
  @Property({ type: 'datetime' }) startsAt!: Date;
  @Property({ type: 'datetime' }) endsAt!: Date;
  @Property({ type: 'string', length: 20, default: 'draft' }) status: EventStatus = 'draft';
  @Property({ type: 'boolean', default: false }) requiresAttendeeNames: boolean = false;
  @Property({ type: 'integer', nullable: true }) maxTicketsPerOrder: number | null = null;
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/** A speaker of an event. */
@Entity({ tableName: 'event_speaker' })
@Index({ properties: ['event'] })
export class Speaker extends TenantOwned {
  [OptionalProps]?: 'id' | 'title' | 'company' | 'bio' | 'photoUrl' | 'rank' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('espk');
  @ManyToOne(() => Event, { deleteRule: 'cascade' }) event!: Event;
  @Property({ type: 'string', length: 200 }) name!: string;
  @Property({ type: 'string', length: 200, nullable: true }) title: string | null = null;
  @Property({ type: 'string', length: 200, nullable: true }) company: string | null = null;
  @Property({ type: 'text', nullable: true }) bio: string | null = null;
  @Property({ type: 'string', length: 2000, nullable: true }) photoUrl: string | null = null;
  @Property({ type: 'integer', default: 0 }) rank: number = 0;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
}

/** One entry of an event's schedule, with the ids of its speakers (speakers of the same event). */
@Entity({ tableName: 'event_session' })
@Index({ properties: ['event', 'startsAt'] })
@Check({ name: 'event_session_time_check', expression: 'ends_at >= starts_at' })
export class EventSession extends TenantOwned {
  [OptionalProps]?: 'id' | 'description' | 'room' | 'track' | 'speakerIds' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('eses');
  @ManyToOne(() => Event, { deleteRule: 'cascade' }) event!: Event;
  @Property({ type: 'string', length: 300 }) title!: string;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  @Property({ type: 'datetime' }) startsAt!: Date;
  @Property({ type: 'datetime' }) endsAt!: Date;
  @Property({ type: 'string', length: 200, nullable: true }) room: string | null = null;
  @Property({ type: 'string', length: 200, nullable: true }) track: string | null = null;
  @Property({ type: 'json' }) speakerIds: string[] = [];
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
}

/**
 * A ticket type of an event with its prices per currency and its places: `sold` (confirmed holds
 * and orders) and `held` (holds not yet confirmed). Places are claimed only by conditional updates
 * (`… where capacity - sold - held >= q`), so the sum never passes the capacity.
 */
@Entity({ tableName: 'event_ticket_type' })
@Index({ properties: ['event', 'rank'] })
@Check({ name: 'event_ticket_type_places_check', expression: 'capacity >= 0 and sold >= 0 and held >= 0' })
export class TicketType extends TenantOwned {
  [OptionalProps]?: 'id' | 'description' | 'prices' | 'sold' | 'held' | 'saleStartsAt' | 'saleEndsAt' | 'rank' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('etkt');
  @ManyToOne(() => Event, { deleteRule: 'cascade' }) event!: Event;
  @Property({ type: 'string', length: 200 }) name!: string;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  @Property({ type: 'json' }) prices: TicketPrice[] = [];
  @Property({ type: 'integer' }) capacity!: number;
  @Property({ type: 'integer', default: 0 }) sold: number = 0;
  @Property({ type: 'integer', default: 0 }) held: number = 0;
  @Property({ type: 'datetime', nullable: true }) saleStartsAt: Date | null = null;
  @Property({ type: 'datetime', nullable: true }) saleEndsAt: Date | null = null;
  @Property({ type: 'integer', default: 0 }) rank: number = 0;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/** A keyed hold of ticket places (a cart completion's): held until `expires_at`, then confirmed or released. Written in raw SQL only. */
@Entity({ tableName: 'event_ticket_hold' })
@Unique({ name: 'event_ticket_hold_key_unique', properties: ['tenantId', 'key'] })
@Index({ properties: ['status', 'expiresAt'] })
@Check({ name: 'event_ticket_hold_status_check', expression: "status in ('held', 'confirmed', 'released')" })
export class TicketHold extends TenantOwned {
  [OptionalProps]?: 'id' | 'expiresAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('ehold');
  @Property({ type: 'string', length: 200 }) key!: string;
  @Property({ type: 'string', length: 20 }) status!: 'held' | 'confirmed' | 'released';
  @Property({ type: 'jsonb' }) lines!: Array<{ ticket_id: string; quantity: number }>;
  @Property({ type: 'datetime', nullable: true }) expiresAt: Date | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime' }) updatedAt: Date = new Date();
}

/** One ticket of an order: a registration with its unique code; one per place bought. */
@Entity({ tableName: 'event_registration' })
@Unique({ name: 'event_registration_code_unique', properties: ['tenantId', 'code'] })
@Unique({ name: 'event_registration_line_unique', properties: ['tenantId', 'lineItemId', 'lineIndex'] })
@Index({ properties: ['tenantId', 'customerId'] })
@Index({ properties: ['tenantId', 'orderId'] })
@Index({ properties: ['event'] })
@Index({ properties: ['ticketType'] })
@Check({ name: 'event_registration_status_check', expression: "status in ('confirmed', 'canceled')" })
export class EventRegistration extends TenantOwned {
  [OptionalProps]?: 'id' | 'status' | 'customerId' | 'firstName' | 'lastName' | 'createdAt' | 'canceledAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('ereg');
  @Property({ type: 'string', length: 40 }) code!: string;
  @ManyToOne(() => Event, { deleteRule: 'cascade' }) event!: Event;
  @ManyToOne(() => TicketType, { deleteRule: 'cascade' }) ticketType!: TicketType;
  @Property({ type: 'string', length: 40 }) orderId!: string;
  @Property({ type: 'string', length: 40 }) lineItemId!: string;
  /** the place's index in its line (0 … quantity − 1) */
  @Property({ type: 'integer' }) lineIndex!: number;
  @Property({ type: 'string', length: 40, nullable: true }) customerId: string | null = null;
  @Property({ type: 'string', length: 254 }) email!: string;
  @Property({ type: 'string', length: 100, nullable: true }) firstName: string | null = null;
  @Property({ type: 'string', length: 100, nullable: true }) lastName: string | null = null;
  @Property({ type: 'string', length: 20, default: 'confirmed' }) status: 'confirmed' | 'canceled' = 'confirmed';
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', nullable: true }) canceledAt: Date | null = null;
}
