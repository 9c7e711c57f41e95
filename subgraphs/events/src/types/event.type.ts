import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';
import type { EventDetailView, EventView, MoneyView, RegistrationEventView, RegistrationView, SessionView, SpeakerView, TicketView } from '../services/views';
import type { TicketSnapshot } from '../services/ticket.service';

const S = { simpleResolvers: true };

@ObjectType('EventVenue', S)
class VenueType {
  @Field() name!: string;
  @Field(() => String, { nullable: true }) address!: string | null;
  @Field(() => String, { nullable: true }) city!: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2, lowercase' }) country_code!: string | null;
}

@ObjectType('EventMoney', S)
class MoneyType implements MoneyView {
  @Field(() => Float, { description: 'major units (149.5 = one hundred forty-nine and a half)' }) amount!: number;
  @Field() currency_code!: string;
}

@ObjectType('EventSpeaker', S)
export class SpeakerType implements SpeakerView {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true, description: 'Job title' }) title!: string | null;
  @Field(() => String, { nullable: true }) company!: string | null;
  @Field(() => String, { nullable: true }) bio!: string | null;
  @Field(() => String, { nullable: true }) photo_url!: string | null;
}

@ObjectType('EventSession', S)
export class SessionType implements SessionView {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field({ description: "ISO instant with the offset of the event's time zone" }) starts_at!: string;
  @Field() ends_at!: string;
  @Field(() => String, { nullable: true }) room!: string | null;
  @Field(() => String, { nullable: true }) track!: string | null;
  @Field(() => [SpeakerType]) speakers!: SpeakerType[];
}

/** An event in the graph: an entity (`@key`), so other subgraphs (search) can reference it by id. */
@ObjectType('Event', S)
@Directive('@key(fields: "id")')
export class EventType implements EventView {
  @Field(() => ID) id!: string;
  @Field() slug!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) subtitle!: string | null;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => String, { nullable: true }) thumbnail!: string | null;
  @Field(() => VenueType, { nullable: true }) venue!: VenueType | null;
  @Field(() => String, { nullable: true }) online_url!: string | null;
  @Field({ description: 'IANA time zone' }) time_zone!: string;
  @Field({ description: "ISO instant with the offset of the event's time zone" }) starts_at!: string;
  @Field() ends_at!: string;
  @Field({ description: 'draft, published or canceled' }) status!: string;
  @Field() requires_attendee_names!: boolean;
  @Field(() => Int, { nullable: true }) max_tickets_per_order!: number | null;
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field(() => MoneyType, { nullable: true, description: 'The lowest ticket price in the asked currency' }) from_price!: MoneyType | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('EventDetail', S)
export class EventDetailType extends EventType implements EventDetailView {
  @Field(() => [SessionType], { description: 'The schedule, by start' }) sessions!: SessionType[];
  @Field(() => [SpeakerType]) speakers!: SpeakerType[];
}

@ObjectType('EventList')
export class EventListType extends PaginatedList(EventType) {}

@ObjectType('EventTicket', S)
export class TicketType implements TicketView {
  @Field(() => ID) id!: string;
  @Field() event_id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => [MoneyType]) prices!: MoneyType[];
  @Field(() => MoneyType, { nullable: true, description: 'The price in the asked currency or region' }) calculated_price!: MoneyType | null;
  @Field(() => Int) capacity!: number;
  @Field(() => Int, { description: 'Places sold (admin)' }) sold!: number;
  @Field(() => Int, { description: 'capacity − sold − places of holds not expired' }) remaining!: number;
  @Field() sold_out!: boolean;
  @Field({ description: 'The event is published and has not started, and the sale window is open' }) on_sale!: boolean;
  @Field(() => String, { nullable: true }) sale_starts_at!: string | null;
  @Field(() => String, { nullable: true }) sale_ends_at!: string | null;
  @Field(() => Int) rank!: number;
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

@ObjectType('EventRegistrationEvent', S)
class RegistrationEventType implements RegistrationEventView {
  @Field(() => ID) id!: string;
  @Field() slug!: string;
  @Field() title!: string;
  @Field() starts_at!: string;
  @Field() ends_at!: string;
  @Field() time_zone!: string;
  @Field(() => VenueType, { nullable: true }) venue!: VenueType | null;
}

@ObjectType('EventRegistration', S)
export class RegistrationType implements RegistrationView {
  @Field(() => ID) id!: string;
  @Field() code!: string;
  @Field({ description: 'confirmed or canceled' }) status!: string;
  @Field() event_id!: string;
  @Field() ticket_type_id!: string;
  @Field() ticket_name!: string;
  @Field() order_id!: string;
  @Field() line_item_id!: string;
  @Field(() => String, { nullable: true }) customer_id!: string | null;
  @Field() email!: string;
  @Field(() => String, { nullable: true }) first_name!: string | null;
  @Field(() => String, { nullable: true }) last_name!: string | null;
  @Field() created_at!: string;
  @Field(() => String, { nullable: true }) canceled_at!: string | null;
  @Field(() => RegistrationEventType) event!: RegistrationEventType;
}

@ObjectType('EventRegistrationList')
export class RegistrationListType extends PaginatedList(RegistrationType) {}
