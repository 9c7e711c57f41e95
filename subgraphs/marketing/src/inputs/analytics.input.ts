import { z } from 'zod';
import { ArgsType, Field, InputType } from 'type-graphql';
import { JSONScalar, ValidateWith, urlSchema } from '@svc/kit';
import { EVENT_TYPES } from '../entities/analytics.entity';
import { sessionIdSchema } from './consent.input';

/** at most 4 KB of JSON, 50 keys at the top, 3 levels deep */
const MAX_PROPERTIES_BYTES = 4096;
const depth = (v: unknown): number => (v && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v as object).map(depth)) : 0);
const properties = z
  .record(z.string().max(100), z.unknown())
  .refine((p) => Object.keys(p).length <= 50, 'properties may have at most 50 keys')
  .refine((p) => depth(p) <= 3, 'properties may nest at most 3 levels')
  .refine((p) => Buffer.byteLength(JSON.stringify(p)) <= MAX_PROPERTIES_BYTES, `properties may hold at most ${MAX_PROPERTIES_BYTES} bytes of JSON`);
const utmValue = z.string().trim().max(200).nullish();
const pageUrl = urlSchema('url', { relative: true }).nullish();

export const trackEventSchema = z
  .strictObject({
    session_id: sessionIdSchema,
    type: z.enum(EVENT_TYPES),
    name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_.:-]+$/, 'name is letters, digits, _ . : -')
      .nullish(),
    url: pageUrl,
    referrer: z.string().max(2000).nullish(),
    utm: z.strictObject({ source: utmValue, medium: utmValue, campaign: utmValue, term: utmValue, content: utmValue }).nullish(),
    properties: properties.nullish(),
  })
  .refine((e) => e.type !== 'custom' || !!e.name, { message: 'a custom event needs a name', path: ['name'] })
  // the refinement above, for documents (/openapi.json)
  .meta({ if: { properties: { type: { const: 'custom' } }, required: ['type'] }, then: { required: ['name'], properties: { name: { type: 'string' } } } });
export type TrackEventData = z.infer<typeof trackEventSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is YYYY-MM-DD');
export const countsSchema = z.strictObject({ from: day, to: day, type: z.enum(EVENT_TYPES).nullish() });
export type CountsQuery = z.infer<typeof countsSchema>;
export const funnelSchema = z.strictObject({ steps: z.array(z.enum(EVENT_TYPES)).min(2).max(8), from: day, to: day });
export type FunnelQuery = z.infer<typeof funnelSchema>;

@InputType('TrackEventInput', { description: 'A storefront analytics event' })
@ValidateWith(trackEventSchema)
export class TrackEventInput {
  @Field({
    description:
      "The storefront's session id (22–128 characters of A-Z, a-z, 0-9, _ and -); the event is stored only when this session granted analytics_storage",
  })
  session_id!: string;
  @Field({ description: 'page_view, add_to_cart, checkout_started, purchase or custom' }) type!: string;
  @Field(() => String, { nullable: true, description: 'The name of a custom event' }) name?: string | null;
  @Field(() => String, { nullable: true, description: 'The page: an http(s) URL or a path' }) url?: string | null;
  @Field(() => String, { nullable: true, description: 'The referring URL' }) referrer?: string | null;
  @Field(() => JSONScalar, { nullable: true, description: '{source, medium, campaign, term, content}; default: the utm_* parameters of url' })
  utm?: TrackEventData['utm'];
  @Field(() => JSONScalar, { nullable: true, description: 'At most 4 KB of JSON, 50 keys, 3 levels' }) properties?: Record<string, unknown> | null;
}

@ArgsType()
@ValidateWith(countsSchema)
export class EventCountsArgs {
  @Field({ description: 'First day (UTC), YYYY-MM-DD' }) from!: string;
  @Field({ description: 'Last day (UTC), inclusive' }) to!: string;
  @Field(() => String, { nullable: true }) type?: string | null;
}

@ArgsType()
@ValidateWith(funnelSchema)
export class FunnelArgs {
  @Field(() => [String], { description: 'Event types in order (2 to 8)' }) steps!: string[];
  @Field() from!: string;
  @Field() to!: string;
}
