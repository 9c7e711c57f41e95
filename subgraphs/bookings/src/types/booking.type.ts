import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { PaginatedList } from '@svc/kit';
import type { BookableServiceView, ServiceBookingView, SlotView } from '../services/views';

const S = { simpleResolvers: true };

@ObjectType('TimeRange', { ...S, description: 'A span of local wall-clock time within one day' })
class TimeRangeType {
  @Field({ description: 'Local wall-clock time HH:MM' }) start!: string;
  @Field({ description: 'Local wall-clock time HH:MM' }) end!: string;
}

@ObjectType('OpeningDay', { ...S, description: 'The opening hours of one weekday' })
class OpeningDayType {
  @Field(() => Int, { description: 'ISO weekday: 1 = Monday … 7 = Sunday' }) weekday!: number;
  @Field(() => [TimeRangeType], { description: 'The open spans of that day, in order' }) ranges!: TimeRangeType[];
}

@ObjectType('ServiceException', { ...S, description: 'A date with other hours than the weekly ones, or closed' })
class ServiceExceptionType {
  @Field({ description: 'Local date YYYY-MM-DD' }) date!: string;
  @Field({ description: 'true when closed all day (ranges is then empty)' }) closed!: boolean;
  @Field(() => [TimeRangeType], { description: 'The open spans of that date when not closed' }) ranges!: TimeRangeType[];
}

/** A bookable service in the graph: an entity (`@key`), so other subgraphs can reference it by id. */
@ObjectType('BookableService', { ...S, description: 'A service customers book by time slot (an appointment, a fitting, a class)' })
@Directive('@key(fields: "id")')
export class BookableServiceType implements BookableServiceView {
  @Field(() => ID, { description: "The service's id" }) id!: string;
  @Field({ description: 'Name shown to customers' }) name!: string;
  @Field({ description: 'URL handle, unique in the store' }) handle!: string;
  @Field(() => String, { nullable: true, description: 'Description (plain text); null when none' }) description!: string | null;
  @Field({ description: 'IANA time zone of the opening hours and the slots' }) time_zone!: string;
  @Field(() => Int, { description: 'Length of one slot in minutes' }) slot_minutes!: number;
  @Field(() => Int, { description: 'Gap after each slot' }) buffer_minutes!: number;
  @Field(() => Int, { description: 'Places per slot' }) capacity!: number;
  @Field({ description: 'true when storefronts see and book it' }) published!: boolean;
  @Field(() => [OpeningDayType], { description: 'Weekly hours; a weekday absent is closed' }) opening_hours!: OpeningDayType[];
  @Field(() => [ServiceExceptionType], { description: 'Dates with other hours or closed' }) exceptions!: ServiceExceptionType[];
  @Field({ description: 'ISO instant the service was created' }) created_at!: string;
  @Field({ description: 'ISO instant of the last change' }) updated_at!: string;
}

@ObjectType('ServiceSlot', { ...S, description: 'One bookable time slot of a service with its places left' })
class ServiceSlotType implements SlotView {
  @Field({ description: "ISO instant with the offset of the service's time zone" }) starts_at!: string;
  @Field({ description: "ISO instant with the offset of the service's time zone" }) ends_at!: string;
  @Field(() => Int, { description: 'Places in the slot in all' }) capacity!: number;
  @Field(() => Int, { description: 'Places left (0 when full)' }) remaining!: number;
}

@ObjectType('ServiceSlots', { ...S, description: "A service's slots between two dates" })
export class ServiceSlotsType {
  @Field(() => BookableServiceType, { description: 'The service' }) service!: BookableServiceType;
  @Field(() => [ServiceSlotType], { description: 'Its future slots in the asked dates, by start (full ones included, with remaining 0)' })
  slots!: ServiceSlotType[];
}

/** A booking (a value of this domain, not a federation entity). */
@ObjectType('ServiceBooking', { ...S, description: 'Places booked in one slot of a service' })
export class ServiceBookingType implements ServiceBookingView {
  @Field(() => ID, { description: "The booking's id" }) id!: string;
  @Field({ description: "The service's id" }) service_id!: string;
  @Field({ description: "ISO instant the slot starts, with the offset of the service's time zone" }) starts_at!: string;
  @Field({ description: "ISO instant the slot ends, with the offset of the service's time zone" }) ends_at!: string;
  @Field(() => Int, { description: 'Places booked' }) quantity!: number;
  @Field({ description: 'confirmed or canceled' }) status!: string;
  @Field({ description: 'First name of the person booking' }) first_name!: string;
  @Field({ description: 'Last name of the person booking' }) last_name!: string;
  @Field({ description: 'Email the confirmation went to' }) email!: string;
  @Field(() => String, { nullable: true, description: 'Phone number; null when not given' }) phone!: string | null;
  @Field(() => String, { nullable: true, description: "The customer's notes to the store; null when none" }) notes!: string | null;
  @Field(() => String, { nullable: true, description: 'The signed-in customer who booked; null for a guest booking' }) customer_id!: string | null;
  @Field({ description: 'ISO instant the booking was made' }) created_at!: string;
  @Field(() => String, { nullable: true, description: 'ISO instant of the cancellation; null while confirmed' }) canceled_at!: string | null;
}

@ObjectType('ServiceBookingList', { description: 'A page of service bookings with the total count' })
export class ServiceBookingListType extends PaginatedList(ServiceBookingType) {}
