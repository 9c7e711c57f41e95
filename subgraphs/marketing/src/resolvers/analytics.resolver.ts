import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { MarketingServices } from '../services';
import { DayCountType, FunnelStepType, TrackResultType } from '../types/marketing.type';
import { EventCountsArgs, FunnelArgs, TrackEventInput } from '../inputs/analytics.input';
import type { TrackEventData } from '../inputs/analytics.input';

/** Analytics events in the graph: the storefront's event, admin aggregations. Thin. */
@Resolver(() => TrackResultType)
export class AnalyticsResolver {
  constructor(private readonly s: MarketingServices) {}

  @Mutation(() => TrackResultType, { description: 'Records an analytics event; dropped (stored: false) when the session has no analytics consent' })
  trackAnalyticsEvent(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The event' }) input: TrackEventInput) {
    return this.s.analytics.track(ctx, input as TrackEventData);
  }

  @Authorized('admin')
  @Query(() => [DayCountType], { description: 'Admin: events per UTC day and type' })
  analyticsEventCounts(@Ctx() ctx: RequestContext, @Args() args: EventCountsArgs) {
    return this.s.analytics.counts(ctx, args as never);
  }

  @Authorized('admin')
  @Query(() => [FunnelStepType], { description: 'Admin: sessions reaching each step of a funnel in order' })
  analyticsFunnel(@Ctx() ctx: RequestContext, @Args() args: FunnelArgs) {
    return this.s.analytics.funnel(ctx, args as never);
  }
}
