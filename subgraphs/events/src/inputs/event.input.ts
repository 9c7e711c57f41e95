import { z } from 'zod';
import { IANAZone } from 'luxon';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { JSONScalar, PageArgs, ValidateWith, handleSchema, metadataSchema, pageSchema, urlSchema, type Metadata } from '@svc/kit';

/**
 * The constraints of events' arguments, written once: GraphQL validates with them
 * (`@ValidateWith`), the REST routes reuse them (`queryOf` reads them from query strings).
 */

/** `en`, `de`, `pt-br` (stored lowercase) */
const localeSchema = z
  .string()
  .max(20)
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.string().regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, 'locale must look like "en" or "pt-br"'))
  .meta({ pattern: '^\\s*[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?\\s*$' });
/** ISO 4217, any case (answered lowercase) */
const currencySchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'currency_code is three letters (eur)')
  .transform((s) => s.toLowerCase());
const regionIdSchema = z.string().min(1).max(60);
/** an exact decimal amount in major units, at most 4 decimals (`149`, `149.5`, `"149.50"`) */
const amountSchema = z.union([z.number().min(0).max(1e9), z.string().regex(/^\d{1,10}(\.\d{1,4})?$/, 'amount is a decimal such as 149.50')]);
const instant = z.iso.datetime({ offset: true });
const timeZoneSchema = z
  .string()
  .max(64)
  .refine((tz) => IANAZone.isValidZone(tz), 'time_zone must be an IANA time zone such as Europe/Berlin');
const url = urlSchema('url', { relative: true });
const text = (max: number) => z.string().max(max).nullish();
const trimmed = (max: number, what: string) => z.string().trim().min(1, `${what} must not be empty`).max(max);

const pricing = { currency_code: currencySchema.optional(), region_id: regionIdSchema.optional() };

/** `past=true` lists events that have ended, most recent first; the default lists upcoming and running ones, soonest first. */
export const eventListSchema = z.strictObject({ ...pageSchema, locale: localeSchema.optional(), past: z.boolean().optional(), ...pricing });
export type EventListQuery = z.infer<typeof eventListSchema>;

const eventDetailSchema = z.strictObject({ slug: z.string().min(1).max(200), locale: localeSchema.optional() });
/** `currency_code` wins over `region_id` when both are given */
export const ticketListSchema = z.strictObject({ slug: z.string().min(1).max(200), locale: localeSchema.optional(), ...pricing });
export type TicketListQuery = z.infer<typeof ticketListSchema>;
export const myRegistrationsSchema = z.strictObject({ ...pageSchema });

export const adminEventListSchema = z.strictObject({ ...pageSchema, status: z.enum(['draft', 'published', 'canceled']).optional() });
export type AdminEventListQuery = z.infer<typeof adminEventListSchema>;
export const registrationListSchema = z.strictObject({
  ...pageSchema,
  event_id: z.string().min(1).max(60),
  status: z.enum(['confirmed', 'canceled']).optional(),
  ticket_type_id: z.string().max(60).optional(),
  email: z.string().max(254).optional(),
  code: z.string().max(40).optional(),
});
export type RegistrationListQuery = z.infer<typeof registrationListSchema>;

const venueSchema = z.strictObject({
  name: trimmed(200, 'venue name'),
  address: text(500),
  city: text(200),
  country_code: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'country_code is two letters')
    .transform((s) => s.toLowerCase())
    .nullish(),
});

const eventFields = {
  slug: handleSchema,
  title: trimmed(300, 'title'),
  subtitle: text(500),
  description: text(20_000),
  thumbnail: url.nullish(),
  venue: venueSchema.nullish(),
  online_url: urlSchema('online_url').nullish(),
  time_zone: timeZoneSchema,
  starts_at: instant,
  ends_at: instant,
  requires_attendee_names: z.boolean().nullish(),
  max_tickets_per_order: z.number().int().min(1).max(100).nullish(),
  metadata: metadataSchema.nullish(),
};
const endsAfterStart = (v: { starts_at?: string; ends_at?: string }) => !v.starts_at || !v.ends_at || Date.parse(v.ends_at) >= Date.parse(v.starts_at);
const ENDS_AFTER = { message: 'ends_at must not be before starts_at', path: ['ends_at'] };

export const createEventSchema = z.strictObject({ ...eventFields, slug: handleSchema.nullish() }).refine(endsAfterStart, ENDS_AFTER);
export type CreateEventData = z.infer<typeof createEventSchema>;
export const updateEventSchema = z.strictObject({
  slug: handleSchema.optional(),
  title: eventFields.title.optional(),
  subtitle: eventFields.subtitle,
  description: eventFields.description,
  thumbnail: eventFields.thumbnail,
  venue: eventFields.venue,
  online_url: eventFields.online_url,
  time_zone: timeZoneSchema.optional(),
  starts_at: instant.optional(),
  ends_at: instant.optional(),
  requires_attendee_names: z.boolean().optional(),
  max_tickets_per_order: eventFields.max_tickets_per_order,
  metadata: eventFields.metadata,
});
export type UpdateEventData = z.infer<typeof updateEventSchema>;

const speakerFields = {
  name: trimmed(200, 'name'),
  title: text(200),
  company: text(200),
  bio: text(10_000),
  photo_url: url.nullish(),
  rank: z.number().int().min(0).max(10_000).nullish(),
};
export const speakerSchema = z.strictObject(speakerFields);
export type SpeakerData = z.infer<typeof speakerSchema>;
export const updateSpeakerSchema = z.strictObject({ ...speakerFields, name: speakerFields.name.optional() });
export type UpdateSpeakerData = z.infer<typeof updateSpeakerSchema>;

const sessionFields = {
  title: trimmed(300, 'title'),
  description: text(10_000),
  starts_at: instant,
  ends_at: instant,
  room: text(200),
  track: text(200),
  speaker_ids: z.array(z.string().max(60)).max(50).nullish(),
};
export const sessionSchema = z.strictObject(sessionFields).refine(endsAfterStart, ENDS_AFTER);
export type SessionData = z.infer<typeof sessionSchema>;
export const updateSessionSchema = z
  .strictObject({ ...sessionFields, title: sessionFields.title.optional(), starts_at: instant.optional(), ends_at: instant.optional() })
  .refine(endsAfterStart, ENDS_AFTER);
export type UpdateSessionData = z.infer<typeof updateSessionSchema>;

const priceSchema = z.strictObject({ currency_code: currencySchema, amount: amountSchema });
const pricesSchema = z
  .array(priceSchema)
  .max(50)
  .refine((ps) => new Set(ps.map((p) => p.currency_code)).size === ps.length, 'one price per currency');
const ticketFields = {
  name: trimmed(200, 'name'),
  description: text(5000),
  prices: pricesSchema,
  capacity: z.number().int().min(0).max(1_000_000),
  sale_starts_at: instant.nullish(),
  sale_ends_at: instant.nullish(),
  rank: z.number().int().min(0).max(10_000).nullish(),
};
const saleWindow = (v: { sale_starts_at?: string | null; sale_ends_at?: string | null }) =>
  !v.sale_starts_at || !v.sale_ends_at || Date.parse(v.sale_ends_at) > Date.parse(v.sale_starts_at);
const SALE_WINDOW = { message: 'sale_ends_at must be after sale_starts_at', path: ['sale_ends_at'] };
export const ticketTypeSchema = z.strictObject(ticketFields).refine(saleWindow, SALE_WINDOW);
export type TicketTypeData = z.infer<typeof ticketTypeSchema>;
export const updateTicketTypeSchema = z
  .strictObject({ ...ticketFields, name: ticketFields.name.optional(), prices: pricesSchema.optional(), capacity: ticketFields.capacity.optional() })
  .refine(saleWindow, SALE_WINDOW);
export type UpdateTicketTypeData = z.infer<typeof updateTicketTypeSchema>;

/** one line of a hold: a ticket type and its places */
export const ticketLineSchema = z.strictObject({ ticket_id: z.string().min(1).max(60), quantity: z.number().int().min(1).max(1000) });
export const ticketLinesSchema = z.array(ticketLineSchema).min(1).max(100);
export type TicketLine = z.infer<typeof ticketLineSchema>;

// ---- GraphQL arguments and inputs ----

@ArgsType()
@ValidateWith(eventListSchema)
export class EventListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Locale of the texts (default: the request locale, then the store default)' }) locale?: string;
  @Field(() => Boolean, { nullable: true, description: 'true: events that have ended, most recent first' }) past?: boolean;
  @Field(() => String, { nullable: true, description: 'Currency of from_price' }) currency_code?: string;
  @Field(() => String, { nullable: true, description: 'Region whose currency prices from_price (instead of currency_code)' }) region_id?: string;
}

@ArgsType()
@ValidateWith(eventDetailSchema)
export class EventDetailArgs {
  @Field({ description: "The event's URL handle" }) slug!: string;
  @Field(() => String, { nullable: true, description: 'Locale of the texts (default: the request locale, then the store default)' }) locale?: string;
}

@ArgsType()
@ValidateWith(ticketListSchema)
export class TicketListArgs {
  @Field({ description: "The event's URL handle" }) slug!: string;
  @Field(() => String, { nullable: true, description: 'Locale of the texts (default: the request locale, then the store default)' }) locale?: string;
  @Field(() => String, { nullable: true, description: 'Currency of calculated_price' }) currency_code?: string;
  @Field(() => String, { nullable: true, description: 'Region whose currency prices calculated_price' }) region_id?: string;
}

@ArgsType()
@ValidateWith(myRegistrationsSchema)
export class MyRegistrationsArgs extends PageArgs {}

@ArgsType()
@ValidateWith(adminEventListSchema)
export class AdminEventListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'draft, published or canceled' }) status?: 'draft' | 'published' | 'canceled';
}

@ArgsType()
@ValidateWith(registrationListSchema)
export class RegistrationListArgs extends PageArgs {
  @Field() event_id!: string;
  @Field(() => String, { nullable: true, description: 'confirmed or canceled' }) status?: 'confirmed' | 'canceled';
  @Field(() => String, { nullable: true }) ticket_type_id?: string;
  @Field(() => String, { nullable: true, description: 'exact email (case-insensitive)' }) email?: string;
  @Field(() => String, { nullable: true }) code?: string;
}

@InputType('EventVenueInput')
class EventVenueInput {
  @Field() name!: string;
  @Field(() => String, { nullable: true }) address?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2' }) country_code?: string | null;
}

@InputType('CreateEventInput')
@ValidateWith(createEventSchema)
export class CreateEventInput {
  @Field(() => String, { nullable: true, description: 'Unique in the store; made from the title when absent' }) slug?: string | null;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) subtitle?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) thumbnail?: string | null;
  @Field(() => EventVenueInput, { nullable: true }) venue?: EventVenueInput | null;
  @Field(() => String, { nullable: true }) online_url?: string | null;
  @Field({ description: 'IANA time zone (Europe/Berlin)' }) time_zone!: string;
  @Field({ description: 'ISO instant with offset' }) starts_at!: string;
  @Field({ description: 'ISO instant with offset' }) ends_at!: string;
  @Field(() => Boolean, { nullable: true }) requires_attendee_names?: boolean | null;
  @Field(() => Int, { nullable: true }) max_tickets_per_order?: number | null;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
}

@InputType('UpdateEventInput')
@ValidateWith(updateEventSchema)
export class UpdateEventInput {
  @Field(() => String, { nullable: true }) slug?: string;
  @Field(() => String, { nullable: true }) title?: string;
  @Field(() => String, { nullable: true }) subtitle?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) thumbnail?: string | null;
  @Field(() => EventVenueInput, { nullable: true }) venue?: EventVenueInput | null;
  @Field(() => String, { nullable: true }) online_url?: string | null;
  @Field(() => String, { nullable: true }) time_zone?: string;
  @Field(() => String, { nullable: true }) starts_at?: string;
  @Field(() => String, { nullable: true }) ends_at?: string;
  @Field(() => Boolean, { nullable: true }) requires_attendee_names?: boolean;
  @Field(() => Int, { nullable: true }) max_tickets_per_order?: number | null;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
}

@InputType('EventSpeakerInput')
@ValidateWith(speakerSchema)
export class SpeakerInput {
  @Field() name!: string;
  @Field(() => String, { nullable: true }) title?: string | null;
  @Field(() => String, { nullable: true }) company?: string | null;
  @Field(() => String, { nullable: true }) bio?: string | null;
  @Field(() => String, { nullable: true }) photo_url?: string | null;
  @Field(() => Int, { nullable: true }) rank?: number | null;
}

@InputType('UpdateEventSpeakerInput')
@ValidateWith(updateSpeakerSchema)
export class UpdateSpeakerInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) title?: string | null;
  @Field(() => String, { nullable: true }) company?: string | null;
  @Field(() => String, { nullable: true }) bio?: string | null;
  @Field(() => String, { nullable: true }) photo_url?: string | null;
  @Field(() => Int, { nullable: true }) rank?: number | null;
}

@InputType('EventSessionInput')
@ValidateWith(sessionSchema)
export class SessionInput {
  @Field() title!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field() starts_at!: string;
  @Field() ends_at!: string;
  @Field(() => String, { nullable: true }) room?: string | null;
  @Field(() => String, { nullable: true }) track?: string | null;
  @Field(() => [String], { nullable: true, description: 'Speakers of the same event' }) speaker_ids?: string[] | null;
}

@InputType('UpdateEventSessionInput')
@ValidateWith(updateSessionSchema)
export class UpdateSessionInput {
  @Field(() => String, { nullable: true }) title?: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) starts_at?: string;
  @Field(() => String, { nullable: true }) ends_at?: string;
  @Field(() => String, { nullable: true }) room?: string | null;
  @Field(() => String, { nullable: true }) track?: string | null;
  @Field(() => [String], { nullable: true }) speaker_ids?: string[] | null;
}

@InputType('EventTicketPriceInput')
class TicketPriceInput {
  @Field() currency_code!: string;
  @Field({ description: 'Decimal in major units, as a string ("149.50")' }) amount!: string;
}

@InputType('EventTicketTypeInput')
@ValidateWith(ticketTypeSchema)
export class TicketTypeInput {
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => [TicketPriceInput]) prices!: TicketPriceInput[];
  @Field(() => Int) capacity!: number;
  @Field(() => String, { nullable: true }) sale_starts_at?: string | null;
  @Field(() => String, { nullable: true }) sale_ends_at?: string | null;
  @Field(() => Int, { nullable: true }) rank?: number | null;
}

@InputType('UpdateEventTicketTypeInput')
@ValidateWith(updateTicketTypeSchema)
export class UpdateTicketTypeInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => [TicketPriceInput], { nullable: true }) prices?: TicketPriceInput[];
  @Field(() => Int, { nullable: true, description: 'Never below the places sold and held' }) capacity?: number;
  @Field(() => String, { nullable: true }) sale_starts_at?: string | null;
  @Field(() => String, { nullable: true }) sale_ends_at?: string | null;
  @Field(() => Int, { nullable: true }) rank?: number | null;
}

@InputType('EventTicketLineInput')
export class EventTicketLineInput {
  @Field() ticket_id!: string;
  @Field(() => Int) quantity!: number;
}
