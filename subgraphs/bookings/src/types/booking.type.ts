import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import type { BookableServiceView, ServiceBookingView, SlotView } from '../services/views';

const S = { simpleResolvers: true };

@ObjectType('TimeRange', S)
class TimeRangeType {
  @Field({ description: 'Local wall-clock time HH:MM' }) start!: string;
  @Field({ description: 'Local wall-clock time HH:MM' }) end!: string;
}

@ObjectType('OpeningDay', S)
class OpeningDayType {
  @Field(() => Int, { description: 'ISO weekday: 1 = Monday … 7 = Sunday' }) weekday!: number;
  @Field(() => [TimeRangeType]) ranges!: TimeRangeType[];
}

@ObjectType('ServiceException', S)
class ServiceExceptionType {
  @Field({ description: 'Local date YYYY-MM-DD' }) date!: string;
  @Field() closed!: boolean;
  @Field(() => [TimeRangeType]) ranges!: TimeRangeType[];
}

/** A bookable service in the graph: an entity (`@key`), so other subgraphs can reference it by id. */
@ObjectType('BookableService', S)
@Directive('@key(fields: "id")')
export class BookableServiceType implements BookableServiceView {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() handle!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field({ description: 'IANA time zone of the opening hours and the slots' }) time_zone!: string;
  @Field(() => Int) slot_minutes!: number;
  @Field(() => Int, { description: 'Gap after each slot' }) buffer_minutes!: number;
  @Field(() => Int, { description: 'Places per slot' }) capacity!: number;
  @Field() published!: boolean;
  @Field(() => [OpeningDayType], { description: 'Weekly hours; a weekday absent is closed' }) opening_hours!: OpeningDayType[];
  @Field(() => [ServiceExceptionType], { description: 'Dates with other hours or closed' }) exceptions!: ServiceExceptionType[];
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('ServiceSlot', S)
class ServiceSlotType implements SlotView {
  @Field({ description: "ISO instant with the offset of the service's time zone" }) starts_at!: string;
  @Field() ends_at!: string;
  @Field(() => Int) capacity!: number;
  @Field(() => Int, { description: 'Places left (0 when full)' }) remaining!: number;
}

@ObjectType('ServiceSlots', S)
export class ServiceSlotsType {
  @Field(() => BookableServiceType) service!: BookableServiceType;
  @Field(() => [ServiceSlotType]) slots!: ServiceSlotType[];
}

/** A booking (a value of this domain, not a federation entity). */
@ObjectType('ServiceBooking', S)
export class ServiceBookingType implements ServiceBookingView {
  @Field(() => ID) id!: string;
  @Field() service_id!: string;
  @Field() starts_at!: string;
  @Field() ends_at!: string;
  @Field(() => Int) quantity!: number;
  @Field({ description: 'confirmed or canceled' }) status!: string;
  @Field() first_name!: string;
  @Field() last_name!: string;
  @Field() email!: string;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => String, { nullable: true }) notes!: string | null;
  @Field(() => String, { nullable: true }) customer_id!: string | null;
  @Field() created_at!: string;
  @Field(() => String, { nullable: true }) canceled_at!: string | null;
}
