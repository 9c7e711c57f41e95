import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { PageArgs, type RequestContext } from '@svc/kit';
import type { WebhooksServices } from '../services';
import {
  WebhookAttemptType,
  WebhookDeliveryListType,
  WebhookDeliveryType,
  WebhookEndpointListType,
  WebhookEndpointType,
  WebhookReplayResultType,
} from '../types/webhook.type';
import {
  CreateWebhookEndpointInput,
  ReplayWebhookDeliveriesInput,
  RotateWebhookSecretInput,
  UpdateWebhookEndpointInput,
  WebhookDeliveryListArgs,
} from '../inputs/webhook.input';
import type { DeliveryView } from '../services/views';

/** Webhook endpoints of the tenant: admin GraphQL only. */
@Resolver(() => WebhookEndpointType)
export class WebhookEndpointResolver {
  constructor(private readonly s: WebhooksServices) {}

  @Authorized('admin')
  @Query(() => WebhookEndpointListType, { description: "The store's webhook endpoints, newest first" })
  webhookEndpoints(@Ctx() ctx: RequestContext, @Args() page: PageArgs) {
    return this.s.endpoints.list(ctx, page);
  }

  @Authorized('admin')
  @Query(() => WebhookEndpointType)
  webhookEndpoint(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.endpoints.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => WebhookEndpointType, { description: 'A new endpoint; the answer carries its secret (whsec_…) once' })
  createWebhookEndpoint(@Ctx() ctx: RequestContext, @Arg('input') input: CreateWebhookEndpointInput) {
    return this.s.endpoints.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => WebhookEndpointType)
  updateWebhookEndpoint(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdateWebhookEndpointInput) {
    return this.s.endpoints.update(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => WebhookEndpointType, { description: 'Deletes the endpoint with its deliveries' })
  deleteWebhookEndpoint(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.endpoints.remove(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => WebhookEndpointType, { description: 'A new secret (in the answer, once); the previous one keeps signing too for overlap_hours' })
  rotateWebhookSecret(
    @Ctx() ctx: RequestContext,
    @Arg('id') id: string,
    @Arg('input', () => RotateWebhookSecretInput, { nullable: true }) input?: RotateWebhookSecretInput,
  ) {
    return this.s.endpoints.rotate(ctx, id, input ?? {});
  }

  @Authorized('admin')
  @Mutation(() => WebhookDeliveryType, { description: 'Sends a webhook.ping event to the endpoint' })
  pingWebhookEndpoint(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.deliveries.ping(ctx, id);
  }
}

/** Deliveries and their attempts; replays. */
@Resolver(() => WebhookDeliveryType)
export class WebhookDeliveryResolver {
  constructor(private readonly s: WebhooksServices) {}

  @Authorized('admin')
  @Query(() => WebhookDeliveryListType, { description: 'Deliveries, newest first (filters: endpoint_id, status, event_type)' })
  webhookDeliveries(@Ctx() ctx: RequestContext, @Args() args: WebhookDeliveryListArgs) {
    return this.s.deliveries.list(ctx, args);
  }

  @Authorized('admin')
  @Query(() => WebhookDeliveryType)
  webhookDelivery(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.deliveries.get(ctx, id);
  }

  @FieldResolver(() => [WebhookAttemptType], { description: 'Every POST of this delivery, in order' })
  attempt_log(@Ctx() ctx: RequestContext, @Root() d: DeliveryView) {
    return this.s.deliveries.attempts(ctx, d.id);
  }

  @Authorized('admin')
  @Mutation(() => WebhookDeliveryType, { description: 'Sends the delivery again with a fresh retry schedule' })
  replayWebhookDelivery(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.deliveries.replay(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => WebhookReplayResultType, { description: 'Replays the failed deliveries created in [from, to) (of active endpoints)' })
  async replayFailedWebhookDeliveries(@Ctx() ctx: RequestContext, @Arg('input') input: ReplayWebhookDeliveriesInput) {
    return { replayed: await this.s.deliveries.replayFailed(ctx, input) };
  }
}
