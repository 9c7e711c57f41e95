import { Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/** A local wall-clock range of a day, `HH:MM` to `HH:MM` (end `24:00` allowed), in the service's time zone. */
export interface TimeRange {
  start: string;
  end: string;
}

/** Opening hours per ISO weekday (1 = Monday … 7 = Sunday); a weekday absent or empty is closed. */
export type WeeklyHours = Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', TimeRange[]>>;

/** A date's exception: closed all day, or other hours than the weekday's. */
export interface DateException {
  closed: boolean;
  ranges: TimeRange[];
}

/**
 * A bookable service of a tenant (an appointment, a fitting): its slot grid (length, buffer after
 * each slot, places per slot) in its IANA time zone, the weekly opening hours and the exceptions
 * per local date (`YYYY-MM-DD` -> exception), both kept with the service: it is the aggregate.
 */
@Entity({ tableName: 'bookable_service' })
@Unique({ properties: ['tenantId', 'handle'] })
@Check({ name: 'bookable_service_grid_check', expression: 'slot_minutes > 0 and buffer_minutes >= 0 and capacity > 0' })
export class BookableService extends TenantOwned {
  [OptionalProps]?: 'id' | 'description' | 'bufferMinutes' | 'published' | 'weeklyHours' | 'exceptions' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('bsvc');
  @Property({ type: 'string', length: 300 }) name!: string;
  @Property({ type: 'string', length: 200 }) handle!: string;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  @Property({ type: 'string', length: 64 }) timeZone!: string;
  @Property({ type: 'integer' }) slotMinutes!: number;
  @Property({ type: 'integer', default: 0 }) bufferMinutes: number = 0;
  @Property({ type: 'integer' }) capacity!: number;
  @Property({ type: 'boolean', default: false }) published: boolean = false;
  @Property({ type: 'json' }) weeklyHours: WeeklyHours = {};
  @Property({ type: 'json' }) exceptions: Record<string, DateException> = {};
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

type BookingStatus = 'confirmed' | 'canceled';

/** One booking of places in one slot of a service; canceling gives the places back. */
@Entity({ tableName: 'service_booking' })
@Index({ properties: ['tenantId', 'service', 'startsAt'] })
@Index({ properties: ['tenantId', 'customerId'] })
@Index({ properties: ['service'] })
@Check({ name: 'service_booking_status_check', expression: "status in ('confirmed', 'canceled') and quantity > 0" })
export class ServiceBooking extends TenantOwned {
  [OptionalProps]?: 'id' | 'status' | 'phone' | 'notes' | 'customerId' | 'createdAt' | 'canceledAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('sbk');
  @ManyToOne(() => BookableService, { deleteRule: 'cascade' }) service!: BookableService;
  @Property({ type: 'datetime' }) startsAt!: Date;
  @Property({ type: 'datetime' }) endsAt!: Date;
  @Property({ type: 'integer' }) quantity!: number;
  @Property({ type: 'string', length: 20, default: 'confirmed' }) status: BookingStatus = 'confirmed';
  @Property({ type: 'string', length: 100 }) firstName!: string;
  @Property({ type: 'string', length: 100 }) lastName!: string;
  @Property({ type: 'string', length: 254 }) email!: string;
  @Property({ type: 'string', length: 50, nullable: true }) phone: string | null = null;
  @Property({ type: 'text', nullable: true }) notes: string | null = null;
  /** the signed-in customer who booked; null for a guest */
  @Property({ type: 'string', length: 40, nullable: true }) customerId: string | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', nullable: true }) canceledAt: Date | null = null;
}

/**
 * The places taken in one slot (tenant, service, start instant): the row the booking's atomic
 * `insert … on conflict … do update … where booked + q <= capacity` claims places on. Written only
 * in raw SQL, in the booking's (or cancellation's) transaction.
 */
@Entity({ tableName: 'service_slot_count' })
@Index({ properties: ['service'] })
@Unique({ name: 'service_slot_count_slot_unique', properties: ['tenantId', 'service', 'startsAt'] })
@Check({ name: 'service_slot_count_booked_check', expression: 'booked >= 0' })
export class ServiceSlotCount extends TenantOwned {
  [OptionalProps]?: 'id' | 'booked';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('sslot');
  @ManyToOne(() => BookableService, { deleteRule: 'cascade' }) service!: BookableService;
  @Property({ type: 'datetime' }) startsAt!: Date;
  @Property({ type: 'integer', default: 0 }) booked: number = 0;
}
