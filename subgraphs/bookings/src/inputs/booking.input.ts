import { z } from 'zod';
import { IANAZone } from 'luxon';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { PageArgs, ValidateWith, handleSchema, pageSchema } from '@svc/kit';

/**
 * The constraints of bookings' arguments, written once: GraphQL validates with them
 * (`@ValidateWith`), the REST routes reuse them.
 */

/** a calendar date, `YYYY-MM-DD` (month 01–12, day 01–31; a day the month lacks is refused by the service) */
export const dateSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'a date is YYYY-MM-DD');
/** a local wall-clock time, `HH:MM` (00:00–23:59, and 24:00 as the end of a day) */
const timeSchema = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'a time is HH:MM (00:00 to 24:00)');
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));

const rangeSchema = z.strictObject({ start: timeSchema, end: timeSchema }).refine((r) => minutes(r.start) < minutes(r.end), 'a range ends after it starts');
/** a day's ranges: at most 12, none overlapping another */
const rangesSchema = z
  .array(rangeSchema)
  .max(12)
  .refine((rs) => {
    const sorted = [...rs].sort((a, b) => minutes(a.start) - minutes(b.start));
    return sorted.every((r, i) => i === 0 || minutes(sorted[i - 1].end) <= minutes(r.start));
  }, 'the ranges of a day must not overlap');

const timeZoneSchema = z
  .string()
  .max(64)
  .refine((z) => IANAZone.isValidZone(z), 'time_zone must be an IANA time zone such as Europe/Berlin');

const name = z.string().min(1, 'name must not be empty').max(300);
const description = z.string().max(10_000).nullish();
const slotMinutes = z.number().int().min(5).max(720);
const bufferMinutes = z.number().int().min(0).max(720);
const capacity = z.number().int().min(1).max(10_000);

export const openingDaySchema = z.strictObject({ weekday: z.number().int().min(1).max(7), ranges: rangesSchema });
const openingHoursSchema = z
  .array(openingDaySchema)
  .max(7)
  .refine((days) => new Set(days.map((d) => d.weekday)).size === days.length, 'each weekday at most once');

export const createServiceSchema = z.strictObject({
  name,
  handle: handleSchema.nullish(),
  description,
  time_zone: timeZoneSchema,
  slot_minutes: slotMinutes,
  buffer_minutes: bufferMinutes.nullish(),
  capacity,
  published: z.boolean().nullish(),
  opening_hours: openingHoursSchema.nullish(),
});
export type CreateServiceData = z.infer<typeof createServiceSchema>;

/** Only the fields given change. */
export const updateServiceSchema = z.strictObject({
  name: name.optional(),
  handle: handleSchema.optional(),
  description,
  time_zone: timeZoneSchema.optional(),
  slot_minutes: slotMinutes.optional(),
  buffer_minutes: bufferMinutes.optional(),
  capacity: capacity.optional(),
  published: z.boolean().optional(),
});
export type UpdateServiceData = z.infer<typeof updateServiceSchema>;
export type OpeningDayData = z.infer<typeof openingDaySchema>;

export const serviceExceptionSchema = z
  .strictObject({ date: dateSchema, closed: z.boolean(), ranges: rangesSchema.nullish() })
  .refine((e) => !(e.closed && e.ranges?.length), 'a closed day has no ranges')
  .refine((e) => e.closed || (e.ranges?.length ?? 0) > 0, 'an open exception names its ranges');
export type ServiceExceptionData = z.infer<typeof serviceExceptionSchema>;

/** `service_id`, `from` and `to` (local dates of the service, inclusive); to ≥ from and at most 62 days are the service's rules */
export const slotQuerySchema = z.strictObject({ service_id: z.string().min(1).max(200), from: dateSchema, to: dateSchema });
export type SlotQuery = z.infer<typeof slotQuerySchema>;

export const bookingListSchema = z.strictObject({ service_id: z.string().min(1).max(200), from: dateSchema.nullish(), to: dateSchema.nullish() });
export type BookingListQuery = z.infer<typeof bookingListSchema>;

export const createBookingSchema = z.strictObject({
  service_id: z.string().min(1).max(200),
  starts_at: z.iso.datetime({ offset: true }),
  quantity: z.number().int().min(1).max(100).nullish(),
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  /** may be omitted by a signed-in customer: their account's email is taken */
  email: z.email().max(254).nullish(),
  phone: z.string().max(50).nullish(),
  notes: z.string().max(2000).nullish(),
});
export type CreateBookingData = z.infer<typeof createBookingSchema>;

@InputType('TimeRangeInput')
class TimeRangeInput {
  @Field({ description: 'Local wall-clock time HH:MM' }) start!: string;
  @Field({ description: 'Local wall-clock time HH:MM (24:00 ends the day)' }) end!: string;
}

@InputType('OpeningDayInput')
export class OpeningDayInput {
  @Field(() => Int, { description: 'ISO weekday: 1 = Monday … 7 = Sunday' }) weekday!: number;
  @Field(() => [TimeRangeInput]) ranges!: TimeRangeInput[];
}

@InputType('CreateBookableServiceInput')
@ValidateWith(createServiceSchema)
export class CreateBookableServiceInput {
  @Field() name!: string;
  @Field(() => String, { nullable: true, description: 'Unique in the store; made from the name when absent' }) handle?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field({ description: 'IANA time zone of the opening hours (Europe/Berlin)' }) time_zone!: string;
  @Field(() => Int) slot_minutes!: number;
  @Field(() => Int, { nullable: true, description: 'Gap after each slot (default 0)' }) buffer_minutes?: number | null;
  @Field(() => Int, { description: 'Places per slot' }) capacity!: number;
  @Field(() => Boolean, { nullable: true, description: 'Default false' }) published?: boolean | null;
  @Field(() => [OpeningDayInput], { nullable: true }) opening_hours?: OpeningDayInput[] | null;
}

@InputType('UpdateBookableServiceInput')
@ValidateWith(updateServiceSchema)
export class UpdateBookableServiceInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) handle?: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) time_zone?: string;
  @Field(() => Int, { nullable: true }) slot_minutes?: number;
  @Field(() => Int, { nullable: true }) buffer_minutes?: number;
  @Field(() => Int, { nullable: true }) capacity?: number;
  @Field(() => Boolean, { nullable: true }) published?: boolean;
}

@InputType('ServiceExceptionInput')
@ValidateWith(serviceExceptionSchema)
export class ServiceExceptionInput {
  @Field({ description: 'Local date YYYY-MM-DD' }) date!: string;
  @Field({ description: 'Closed all day' }) closed!: boolean;
  @Field(() => [TimeRangeInput], { nullable: true, description: "The hours of that day instead of the weekday's" }) ranges?: TimeRangeInput[] | null;
}

@ArgsType()
@ValidateWith(slotQuerySchema)
export class ServiceSlotsArgs {
  @Field({ description: "The service's id or handle" }) service_id!: string;
  @Field({ description: 'First local date, YYYY-MM-DD' }) from!: string;
  @Field({ description: 'Last local date (inclusive), at most 62 days in all' }) to!: string;
}

const myBookingsSchema = z.strictObject({ ...pageSchema });

@ArgsType()
@ValidateWith(myBookingsSchema)
export class MyServiceBookingsArgs extends PageArgs {}

@ArgsType()
@ValidateWith(bookingListSchema)
export class ServiceBookingListArgs {
  @Field() service_id!: string;
  @Field(() => String, { nullable: true, description: 'Slots from this local date' }) from?: string | null;
  @Field(() => String, { nullable: true, description: 'Slots up to this local date (inclusive)' }) to?: string | null;
}

@InputType('CreateServiceBookingInput', { description: 'A booking of places in one slot' })
@ValidateWith(createBookingSchema)
export class CreateServiceBookingInput {
  @Field({ description: "The service's id or handle" }) service_id!: string;
  @Field({ description: "The slot's start: an ISO instant with offset" }) starts_at!: string;
  @Field(() => Int, { nullable: true, description: 'Places (default 1)' }) quantity?: number | null;
  @Field({ description: 'First name of the person booking' }) first_name!: string;
  @Field({ description: 'Last name of the person booking' }) last_name!: string;
  @Field(() => String, { nullable: true, description: 'Required unless a customer is signed in' }) email?: string | null;
  @Field(() => String, { nullable: true, description: 'Phone number (optional)' }) phone?: string | null;
  @Field(() => String, { nullable: true, description: 'Notes to the store (optional)' }) notes?: string | null;
}
