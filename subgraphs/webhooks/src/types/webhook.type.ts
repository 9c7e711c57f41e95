import { Field, Int, ObjectType } from 'type-graphql';
import { PaginatedList } from '@svc/kit';
import type { AttemptView, DeliveryView, EndpointView } from '../services/views';

const S = { simpleResolvers: true };

@ObjectType('WebhookEndpoint', { ...S, description: "Where the tenant's events are POSTed, signed with the endpoint's secret" })
export class WebhookEndpointType implements EndpointView {
  @Field() id!: string;
  @Field() url!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => [String], { description: 'Empty: every event' }) event_types!: string[];
  @Field() active!: boolean;
  @Field(() => String, { nullable: true, description: 'Why the platform disabled it (the receiver answered 410 Gone)' }) disabled_reason!: string | null;
  @Field() allow_private_network!: boolean;
  @Field(() => String, { nullable: true }) selection!: string | null;
  @Field(() => String, { nullable: true, description: 'Until when the previous secret still signs too (after a rotation)' }) previous_secret_expires_at!:
    string | null;
  @Field(() => String, { nullable: true, description: 'The signing secret (whsec_…): only in the answer of create and rotate' }) secret!: string | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('WebhookEndpointList')
export class WebhookEndpointListType extends PaginatedList(WebhookEndpointType) {}

@ObjectType('WebhookAttempt', S)
export class WebhookAttemptType implements AttemptView {
  @Field() id!: string;
  @Field(() => Int) number!: number;
  @Field() success!: boolean;
  @Field(() => Int, { nullable: true }) status_code!: number | null;
  @Field(() => Int) duration_ms!: number;
  @Field(() => String, { nullable: true, description: 'The first 1 KiB of the answer' }) response_snippet!: string | null;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field() created_at!: string;
}

@ObjectType('WebhookDelivery', { description: 'One event for one endpoint, with its attempts' })
export class WebhookDeliveryType implements DeliveryView {
  @Field() id!: string;
  @Field() endpoint_id!: string;
  @Field() event_id!: string;
  @Field() event_type!: string;
  @Field({ description: 'The id of the entity the event is about' }) ordering_key!: string;
  @Field({ description: 'Increases with every event about the same entity in the store (a decimal string)' }) sequence!: string;
  @Field({ description: 'pending, delivered or failed (dead-lettered)' }) status!: 'pending' | 'delivered' | 'failed';
  @Field(() => Int) attempts!: number;
  @Field(() => String, { nullable: true }) next_attempt_at!: string | null;
  @Field(() => Int, { nullable: true }) last_status!: number | null;
  @Field(() => String, { nullable: true }) last_error!: string | null;
  @Field(() => String, { nullable: true }) delivered_at!: string | null;
  @Field() created_at!: string;
}

@ObjectType('WebhookDeliveryList')
export class WebhookDeliveryListType extends PaginatedList(WebhookDeliveryType) {}

@ObjectType('WebhookReplayResult')
export class WebhookReplayResultType {
  @Field(() => Int, { description: 'Deliveries queued again' }) replayed!: number;
}
