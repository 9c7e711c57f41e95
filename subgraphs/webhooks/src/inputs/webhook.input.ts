import { z } from 'zod';
import { ArgsType, Field, InputType } from 'type-graphql';
import { PageArgs, ValidateWith, pageSchema, isUrl } from '@svc/kit';

/** The constraints of webhook arguments, written once (GraphQL validates with them through `@ValidateWith`). */

/** `order.placed`, a family `order.*`, or `*` (every event) */
const EVENT_PATTERN = /^(\*|[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+|[a-z][a-z0-9_]*\.\*)$/;

const url = z
  .string()
  .trim()
  .min(1, 'url must not be empty')
  .max(2000, 'url must be at most 2000 characters')
  .refine((u) => isUrl(u), 'url must be an absolute http(s) URL without quotes, spaces or control characters');
const eventTypes = z
  .array(z.string().regex(EVENT_PATTERN, 'event types look like order.placed, order.* or *'))
  .max(100, 'at most 100 event types')
  .transform((l) => [...new Set(l.includes('*') ? [] : l)]);
const description = z.string().trim().max(500, 'description must be at most 500 characters');
const selection = z.string().trim().min(1, 'selection must not be empty').max(10_000, 'selection must be at most 10000 characters');

export const createEndpointSchema = z.strictObject({
  url,
  event_types: eventTypes.nullish(),
  description: description.nullish(),
  active: z.boolean().nullish(),
  selection: selection.nullish(),
  allow_private_network: z.boolean().nullish(),
});
export type CreateEndpointData = z.infer<typeof createEndpointSchema>;

/** Only the fields given change; `description` and `selection` are cleared with null. */
export const updateEndpointSchema = z.strictObject({
  url: url.optional(),
  event_types: eventTypes.optional(),
  description: description.nullish(),
  active: z.boolean().optional(),
  selection: selection.nullish(),
  allow_private_network: z.boolean().optional(),
});
export type UpdateEndpointData = z.infer<typeof updateEndpointSchema>;

export const rotateSecretSchema = z.strictObject({
  /** how long the previous secret keeps signing too (0: at once gone) */
  overlap_hours: z.number().min(0, 'overlap_hours must be between 0 and 168').max(168, 'overlap_hours must be between 0 and 168').optional(),
});
export type RotateSecretData = z.infer<typeof rotateSecretSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const deliveryListSchema = z.strictObject({
  ...pageSchema,
  endpoint_id: z.string().max(40).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  event_type: z.string().max(100).optional(),
});
export type DeliveryListQuery = z.infer<typeof deliveryListSchema>;

const instant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' });

export const replayFailedSchema = z
  .strictObject({
    endpoint_id: z.string().max(40).optional(),
    from: instant,
    to: instant,
  })
  .refine((r) => Date.parse(r.from) < Date.parse(r.to), { message: 'from must be before to', path: ['to'] })
  .refine((r) => Date.parse(r.to) - Date.parse(r.from) <= 31 * 86_400_000, { message: 'the range may span at most 31 days', path: ['to'] });
export type ReplayFailedData = z.infer<typeof replayFailedSchema>;

@InputType('CreateWebhookEndpointInput')
@ValidateWith(createEndpointSchema)
export class CreateWebhookEndpointInput {
  @Field({ description: 'http(s) URL; private, loopback and link-local targets are refused unless allow-listed' }) url!: string;
  @Field(() => [String], { nullable: true, description: 'order.placed, a family order.*, or none / * for every event' }) event_types?: string[] | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'default true' }) active?: boolean | null;
  @Field(() => String, { nullable: true, description: 'A GraphQL query over the event entity ($id); its result becomes `data`' }) selection?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Operators only: skip the private-network checks for this endpoint' }) allow_private_network?:
    boolean | null;
}

@InputType('UpdateWebhookEndpointInput')
@ValidateWith(updateEndpointSchema)
export class UpdateWebhookEndpointInput {
  @Field(() => String, { nullable: true }) url?: string;
  @Field(() => [String], { nullable: true }) event_types?: string[];
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Boolean, { nullable: true }) active?: boolean;
  @Field(() => String, { nullable: true }) selection?: string | null;
  @Field(() => Boolean, { nullable: true }) allow_private_network?: boolean;
}

@InputType('RotateWebhookSecretInput')
@ValidateWith(rotateSecretSchema)
export class RotateWebhookSecretInput {
  @Field(() => Number, { nullable: true, description: 'Hours the previous secret keeps signing as well (default 24, at most 168)' }) overlap_hours?: number;
}

@ArgsType()
@ValidateWith(deliveryListSchema)
export class WebhookDeliveryListArgs extends PageArgs {
  @Field(() => String, { nullable: true }) endpoint_id?: string;
  @Field(() => String, { nullable: true, description: 'pending, delivered or failed' }) status?: (typeof DELIVERY_STATUSES)[number];
  @Field(() => String, { nullable: true }) event_type?: string;
}

@InputType('ReplayWebhookDeliveriesInput')
@ValidateWith(replayFailedSchema)
export class ReplayWebhookDeliveriesInput {
  @Field(() => String, { nullable: true, description: "Only this endpoint's; default: every endpoint" }) endpoint_id?: string;
  @Field({ description: 'Deliveries created from (inclusive), ISO 8601' }) from!: string;
  @Field({ description: 'Deliveries created before (exclusive), ISO 8601; at most 31 days after from' }) to!: string;
}
