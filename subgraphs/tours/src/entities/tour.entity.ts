import { Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId, type ReviewStatus } from '@svc/kit';

/** A place tours go to (Portugal: Lisbon & Douro); its slug is unique in the store. */
@Entity({ tableName: 'tour_destination' })
@Unique({ properties: ['tenantId', 'slug'] })
export class TourDestination extends TenantOwned {
  [OptionalProps]?: 'id' | 'description' | 'image' | 'countryCode' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('tdst');
  @Property({ type: 'string', length: 200 }) slug!: string;
  @Property({ type: 'string', length: 300 }) name!: string;
  /** ISO 3166-1 alpha-2, lower case */
  @Property({ type: 'string', length: 2, nullable: true }) countryCode: string | null = null;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  @Property({ type: 'string', length: 2000, nullable: true }) image: string | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/** A kind of tour (Food & wine, Hiking); listed by rank. */
@Entity({ tableName: 'tour_category' })
@Unique({ properties: ['tenantId', 'slug'] })
export class TourCategory extends TenantOwned {
  [OptionalProps]?: 'id' | 'description' | 'rank' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('tcat');
  @Property({ type: 'string', length: 200 }) slug!: string;
  @Property({ type: 'string', length: 300 }) name!: string;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  @Property({ type: 'integer', default: 0 }) rank: number = 0;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

type TourStatus = 'draft' | 'published' | 'archived';

/**
 * A tour: days in one destination, sold by departure (a date with seats). The aggregate holds its
 * itinerary days and category links; departures are their own rows (seats are claimed on them).
 */
@Entity({ tableName: 'tour' })
@Unique({ properties: ['tenantId', 'slug'] })
@Index({ properties: ['tenantId', 'status'] })
@Index({ properties: ['destination'] })
@Check({ name: 'tour_rules_check', expression: "status in ('draft', 'published', 'archived') and duration_days between 1 and 365" })
export class Tour extends TenantOwned {
  [OptionalProps]?:
    | 'id'
    | 'summary'
    | 'description'
    | 'thumbnail'
    | 'images'
    | 'status'
    | 'requiresTravellerDetails'
    | 'minAge'
    | 'maxTravellersPerBooking'
    | 'highlights'
    | 'included'
    | 'metadata'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('tour');
  @Property({ type: 'string', length: 200 }) slug!: string;
  @Property({ type: 'string', length: 300 }) title!: string;
  @Property({ type: 'string', length: 1000, nullable: true }) summary: string | null = null;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  @Property({ type: 'string', length: 2000, nullable: true }) thumbnail: string | null = null;
  @Property({ type: 'json' }) images: string[] = [];
  @ManyToOne(() => TourDestination, { deleteRule: 'restrict' }) destination!: TourDestination;
  @Property({ type: 'integer' }) durationDays!: number;
  @Property({ type: 'string', length: 20, default: 'draft' }) status: TourStatus = 'draft';
  /** the booking names each traveller with age */
  @Property({ type: 'boolean', default: false }) requiresTravellerDetails: boolean = false;
  @Property({ type: 'integer', nullable: true }) minAge: number | null = null;
  @Property({ type: 'integer', nullable: true }) maxTravellersPerBooking: number | null = null;
  @Property({ type: 'json' }) highlights: string[] = [];
  @Property({ type: 'json' }) included: string[] = [];
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/** A tour in a category (many to many, tenant-owned like every row). */
@Entity({ tableName: 'tour_category_link' })
@Unique({ properties: ['tour', 'category'] })
@Index({ properties: ['category'] })
export class TourCategoryLink extends TenantOwned {
  [OptionalProps]?: 'id';
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('tcl');
  @ManyToOne(() => Tour, { deleteRule: 'cascade' }) tour!: Tour;
  @ManyToOne(() => TourCategory, { deleteRule: 'cascade' }) category!: TourCategory;
}

/** One day of a tour's itinerary (day 1 … duration). */
@Entity({ tableName: 'tour_itinerary_day' })
@Unique({ properties: ['tour', 'day'] })
export class TourItineraryDay extends TenantOwned {
  [OptionalProps]?: 'id' | 'description' | 'overnight';
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('tday');
  @ManyToOne(() => Tour, { deleteRule: 'cascade' }) tour!: Tour;
  @Property({ type: 'integer' }) day!: number;
  @Property({ type: 'string', length: 300 }) title!: string;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  /** where the travellers sleep that night */
  @Property({ type: 'string', length: 300, nullable: true }) overnight: string | null = null;
}

type DepartureStatus = 'open' | 'closed' | 'canceled';
export interface DeparturePrice {
  currency_code: string;
  /** exact decimal in major units */
  amount: string;
}

/**
 * A departure of a tour: its dates, its seats and the price per traveller per currency. Seats are
 * counted on the row: `seats_sold` (confirmed) and `seats_held` (holds of carts being completed);
 * a claim is one conditional update that re-checks `capacity - sold - held >= quantity`.
 */
@Entity({ tableName: 'tour_departure' })
@Index({ properties: ['tenantId', 'tour', 'startsOn'] })
@Index({ properties: ['tour'] })
@Check({
  name: 'tour_departure_seats_check',
  expression: "seats_sold >= 0 and seats_held >= 0 and capacity >= 1 and ends_on >= starts_on and status in ('open', 'closed', 'canceled')",
})
export class TourDeparture extends TenantOwned {
  [OptionalProps]?: 'id' | 'seatsSold' | 'seatsHeld' | 'status' | 'createdAt' | 'updatedAt';
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('tdep');
  @ManyToOne(() => Tour, { deleteRule: 'cascade' }) tour!: Tour;
  @Property({ type: 'date' }) startsOn!: string;
  @Property({ type: 'date' }) endsOn!: string;
  @Property({ type: 'integer' }) capacity!: number;
  @Property({ type: 'integer', default: 0 }) seatsSold: number = 0;
  @Property({ type: 'integer', default: 0 }) seatsHeld: number = 0;
  @Property({ type: 'json' }) prices!: DeparturePrice[];
  @Property({ type: 'string', length: 20, default: 'open' }) status: DepartureStatus = 'open';
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

export interface SeatLine {
  departure_id: string;
  quantity: number;
}

/**
 * Seats held under a key (a cart completion): `held` until `expires_at`, `confirmed` (the order was
 * placed) or `released`. Written in SQL only, in the transaction that moves the departure counters.
 */
@Entity({ tableName: 'tour_seat_hold' })
@Unique({ properties: ['tenantId', 'key'] })
@Index({ properties: ['tenantId', 'status', 'expiresAt'] })
export class TourSeatHold extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('tsh');
  @Property({ type: 'string', length: 200 }) key!: string;
  @Property({ type: 'string', length: 20 }) status!: 'held' | 'confirmed' | 'released';
  @Property({ type: 'json' }) lines!: SeatLine[];
  @Property({ type: 'datetime', nullable: true }) expiresAt: Date | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime' }) updatedAt: Date = new Date();
}

export interface Traveller {
  first_name: string;
  last_name: string;
  age: number | null;
}

/** Seats on a departure bought with an order line; one per line (redelivered events change nothing). */
@Entity({ tableName: 'tour_booking' })
@Unique({ properties: ['tenantId', 'lineItemId'] })
@Unique({ properties: ['tenantId', 'code'] })
@Index({ properties: ['tenantId', 'orderId'] })
@Index({ properties: ['departure'] })
@Index({ properties: ['tour'] })
export class TourBooking extends TenantOwned {
  [OptionalProps]?: 'id' | 'status' | 'createdAt' | 'canceledAt' | 'customerId' | 'email';
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('tbk');
  @Property({ type: 'string', length: 20 }) code!: string;
  @Property({ type: 'string', length: 40 }) orderId!: string;
  @Property({ type: 'string', length: 40 }) lineItemId!: string;
  @ManyToOne(() => TourDeparture, { deleteRule: 'restrict' }) departure!: TourDeparture;
  @ManyToOne(() => Tour, { deleteRule: 'restrict' }) tour!: Tour;
  @Property({ type: 'string', length: 40, nullable: true }) customerId: string | null = null;
  @Property({ type: 'string', length: 254, nullable: true }) email: string | null = null;
  @Property({ type: 'json' }) travellers!: Traveller[];
  @Property({ type: 'integer' }) seats!: number;
  @Property({ type: 'string', length: 20, default: 'confirmed' }) status: 'confirmed' | 'canceled' = 'confirmed';
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', nullable: true }) canceledAt: Date | null = null;
}

/** A customer's review of a tour, moderated exactly like product reviews (one per customer and tour). */
@Entity({ tableName: 'tour_review' })
@Unique({ properties: ['tenantId', 'tour', 'customerId'] })
@Index({ properties: ['tenantId', 'tour', 'status', 'createdAt'] })
@Index({ properties: ['tenantId', 'status', 'createdAt'] })
@Check({ name: 'tour_review_rating_check', expression: 'rating between 1 and 5' })
export class TourReview extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('trev');
  @ManyToOne(() => Tour, { deleteRule: 'cascade' }) tour!: Tour;
  @Property({ type: 'string', length: 40, nullable: true }) customerId: string | null = null;
  @Property({ type: 'string', length: 100 }) authorName!: string;
  @Property({ type: 'smallint' }) rating!: number;
  @Property({ type: 'string', length: 200, nullable: true }) title: string | null = null;
  @Property({ type: 'text' }) content!: string;
  @Property({ type: 'string', length: 20, default: 'pending' }) status: ReviewStatus = 'pending';
  @Property({ type: 'datetime', nullable: true }) moderatedAt: Date | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
