import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';
import type { EventDetailView, EventView, MoneyView, RegistrationEventView, RegistrationView, SessionView, SpeakerView, TicketView } from '../services/views';
import type { TicketSnapshot } from '../services/ticket.service';

const S = { simpleResolvers: true };

@ObjectType('EventVenue', { ...S, description: 'Where an event takes place (absent for an online-only event)' })
class VenueType {
  @Field({ description: "The venue's name" }) name!: string;
  @Field(() => String, { nullable: true, description: 'Street and number; null when not given' }) address!: string | null;
  @Field(() => String, { nullable: true, description: 'City; null when not given' }) city!: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2, lowercase' }) country_code!: string | null;
}

@ObjectType('EventMoney', { ...S, description: 'A ticket price in one currency' })
class MoneyType implements MoneyView {
  @Field(() => Float, { description: 'major units (149.5 = one hundred forty-nine and a half)' }) amount!: number;
  @Field({ description: 'ISO 4217 currency code, lowercase (eur)' }) currency_code!: string;
}

@ObjectType('EventSpeaker', { ...S, description: 'A speaker at an event' })
export class SpeakerType implements SpeakerView {
  @Field(() => ID, { description: "The speaker's id" }) id!: string;
  @Field({ description: 'Full name' }) name!: string;
  @Field(() => String, { nullable: true, description: 'Job title' }) title!: string | null;
  @Field(() => String, { nullable: true, description: 'Company or organisation; null when not given' }) company!: string | null;
  @Field(() => String, { nullable: true, description: 'Short biography in the asked locale (plain text); null when not given' }) bio!: string | null;
  @Field(() => String, { nullable: true, description: 'URL of a portrait photo; null when none' }) photo_url!: string | null;
}

@ObjectType('EventSession', { ...S, description: "One item of an event's schedule (a talk, a workshop, a break)" })
export class SessionType implements SessionView {
  @Field(() => ID, { description: "The session's id" }) id!: string;
  @Field({ description: 'Title in the asked locale' }) title!: string;
  @Field(() => String, { nullable: true, description: 'Description in the asked locale (plain text); null when none' }) description!: string | null;
  @Field({ description: "ISO instant with the offset of the event's time zone" }) starts_at!: string;
  @Field({ description: "ISO instant with the offset of the event's time zone" }) ends_at!: string;
  @Field(() => String, { nullable: true, description: 'Room or stage; null when not given' }) room!: string | null;
  @Field(() => String, { nullable: true, description: 'Track the session belongs to; null when not given' }) track!: string | null;
  @Field(() => [SpeakerType], { description: "The session's speakers, in the order the session lists them (empty when none)" }) speakers!: SpeakerType[];
}

/** An event in the graph: an entity (`@key`), so other subgraphs (search) can reference it by id. */
@ObjectType('Event', { ...S, description: 'An event people buy tickets for (a conference, a workshop, a performance), in person or online' })
@Directive('@key(fields: "id")')
export class EventType implements EventView {
  @Field(() => ID, { description: "The event's id" }) id!: string;
  @Field({ description: 'URL handle, unique in the store' }) slug!: string;
  @Field({ description: 'Title in the asked locale' }) title!: string;
  @Field(() => String, { nullable: true, description: 'Subtitle in the asked locale; null when none' }) subtitle!: string | null;
  @Field(() => String, { nullable: true, description: 'Description in the asked locale (plain text); null when none' }) description!: string | null;
  @Field(() => String, { nullable: true, description: 'URL of the cover image; null when none' }) thumbnail!: string | null;
  @Field(() => VenueType, { nullable: true, description: 'The venue; null for an online-only event' }) venue!: VenueType | null;
  @Field(() => String, { nullable: true, description: 'Link to the online stream or room; null for an event in person only' }) online_url!: string | null;
  @Field({ description: 'IANA time zone' }) time_zone!: string;
  @Field({ description: "ISO instant with the offset of the event's time zone" }) starts_at!: string;
  @Field({ description: "ISO instant with the offset of the event's time zone" }) ends_at!: string;
  @Field({ description: 'draft, published or canceled' }) status!: string;
  @Field({ description: "true when every ticket needs the attendee's first and last name at checkout" }) requires_attendee_names!: boolean;
  @Field(() => Int, { nullable: true, description: 'Most tickets of this event one order may hold; null for no limit' }) max_tickets_per_order!: number | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data the store attached (JSON object); null when none' }) metadata!: Record<
    string,
    unknown
  > | null;
  @Field(() => MoneyType, { nullable: true, description: 'The lowest ticket price in the asked currency' }) from_price!: MoneyType | null;
  @Field({ description: 'ISO instant the event was created' }) created_at!: string;
  @Field({ description: 'ISO instant of the last change' }) updated_at!: string;
}

@ObjectType('EventDetail', { ...S, description: 'An event with its schedule and speakers' })
export class EventDetailType extends EventType implements EventDetailView {
  @Field(() => [SessionType], { description: 'The schedule, by start' }) sessions!: SessionType[];
  @Field(() => [SpeakerType], { description: 'Every speaker of the event, in rank order' }) speakers!: SpeakerType[];
}

@ObjectType('EventList', { description: 'A page of events with the total count' })
export class EventListType extends PaginatedList(EventType) {}

@ObjectType('EventTicket', { ...S, description: 'A ticket type of an event (Early bird, Standard, VIP) with its prices and places left' })
export class TicketType implements TicketView {
  @Field(() => ID, { description: "The ticket type's id (the reference_id of a cart line of kind event_ticket)" }) id!: string;
  @Field({ description: 'The event it belongs to' }) event_id!: string;
  @Field({ description: 'Name in the asked locale' }) name!: string;
  @Field(() => String, { nullable: true, description: 'Description in the asked locale; null when none' }) description!: string | null;
  @Field(() => [MoneyType], { description: 'The price in every currency the ticket is sold in (major units)' }) prices!: MoneyType[];
  @Field(() => MoneyType, { nullable: true, description: 'The price in the asked currency or region' }) calculated_price!: MoneyType | null;
  @Field(() => Int, { description: 'Places this ticket type has in all' }) capacity!: number;
  @Field(() => Int, { description: 'Places sold (admin)' }) sold!: number;
  @Field(() => Int, { description: 'capacity − sold − places of holds not expired' }) remaining!: number;
  @Field({ description: 'true when no place is left (remaining is 0)' }) sold_out!: boolean;
  @Field({ description: 'The event is published and has not started, and the sale window is open' }) on_sale!: boolean;
  @Field(() => String, { nullable: true, description: 'ISO instant the sale opens; null when it is open from publication' }) sale_starts_at!: string | null;
  @Field(() => String, { nullable: true, description: 'ISO instant the sale closes; null when it runs until the event starts' }) sale_ends_at!: string | null;
  @Field(() => Int, { description: "Display order among the event's ticket types, ascending" }) rank!: number;
}

@ObjectType('EventTicketSnapshot', S)
export class TicketSnapshotType implements TicketSnapshot {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field() event_id!: string;
  @Field() event_title!: string;
  @Field() event_slug!: string;
  @Field() event_starts_at!: string;
  @Field() event_ends_at!: string;
  @Field(() => String, { nullable: true }) thumbnail!: string | null;
  @Field(() => String, { nullable: true, description: 'decimal string in major units in the currency; null when no price' }) unit_price!: string | null;
  @Field(() => Int) available_quantity!: number;
  @Field({ description: 'event published, not canceled, not started, sale window open' }) on_sale!: boolean;
  @Field() requires_attendee_names!: boolean;
  @Field(() => Int, { nullable: true }) max_per_order!: number | null;
}

@ObjectType('EventRegistrationEvent', { ...S, description: 'The event of a registration, as it is now' })
class RegistrationEventType implements RegistrationEventView {
  @Field(() => ID, { description: "The event's id" }) id!: string;
  @Field({ description: "The event's URL handle" }) slug!: string;
  @Field({ description: "The event's title" }) title!: string;
  @Field({ description: "ISO instant with the offset of the event's time zone" }) starts_at!: string;
  @Field({ description: "ISO instant with the offset of the event's time zone" }) ends_at!: string;
  @Field({ description: 'IANA time zone of the event (Europe/Berlin)' }) time_zone!: string;
  @Field(() => VenueType, { nullable: true, description: 'The venue; null for an online-only event' }) venue!: VenueType | null;
}

@ObjectType('EventRegistration', { ...S, description: 'One place at an event, made by a paid order line (one registration per ticket)' })
export class RegistrationType implements RegistrationView {
  @Field(() => ID, { description: "The registration's id" }) id!: string;
  @Field({ description: 'Registration code shown at the entrance: 12 characters in groups of four (K7QM-3XHD-92PF)' }) code!: string;
  @Field({ description: 'confirmed or canceled' }) status!: string;
  @Field({ description: "The event's id" }) event_id!: string;
  @Field({ description: "The ticket type's id" }) ticket_type_id!: string;
  @Field({ description: "The ticket type's name when the order was placed" }) ticket_name!: string;
  @Field({ description: 'The order that bought the place' }) order_id!: string;
  @Field({ description: "The order's line item the place belongs to" }) line_item_id!: string;
  @Field(() => String, { nullable: true, description: 'The customer who ordered; null for a guest order' }) customer_id!: string | null;
  @Field({ description: "The order's email, where the confirmation went" }) email!: string;
  @Field(() => String, { nullable: true, description: "The attendee's first name; null when the cart gave no attendee names" }) first_name!: string | null;
  @Field(() => String, { nullable: true, description: "The attendee's last name; null when the cart gave no attendee names" }) last_name!: string | null;
  @Field({ description: 'ISO instant the registration was made' }) created_at!: string;
  @Field(() => String, { nullable: true, description: 'ISO instant of the cancellation; null while confirmed' }) canceled_at!: string | null;
  @Field(() => RegistrationEventType, { description: 'The event, as it is now' }) event!: RegistrationEventType;
}

@ObjectType('EventRegistrationList', { description: 'A page of registrations with the total count' })
export class RegistrationListType extends PaginatedList(RegistrationType) {}
