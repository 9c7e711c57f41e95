import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { validated, type RequestContext } from '@svc/kit';
import type { AssistantServices } from '../services';
import { AssistantAdChannelInput, adChannelIdSchema, adChannelSchema, dayArg } from './metrics.input';
import { AssistantAdChannelType, AssistantMarketingDashboardType } from './metrics.type';

/** The marketing dashboard and the store's advertising accounts in the graph. */
@Resolver()
export class MetricsResolver {
  constructor(private readonly s: AssistantServices) {}

  @Authorized('admin')
  @Query(() => AssistantMarketingDashboardType, {
    description:
      'Spend, impressions and clicks per advertising channel and day, with conversions and revenue attributed by utm_source and the store’s orders (400 invalid_range; 502 when every connected channel fails)',
  })
  assistantMarketingDashboard(@Ctx() ctx: RequestContext, @Arg('from') from: string, @Arg('to') to: string) {
    return this.s.metrics.dashboard(ctx, validated(dayArg, from, 'from'), validated(dayArg, to, 'to'));
  }

  @Authorized('admin')
  @Query(() => [AssistantAdChannelType], { description: 'The store’s advertising accounts' })
  assistantAdChannels(@Ctx() ctx: RequestContext) {
    return this.s.metrics.channels(ctx);
  }

  @Authorized('admin')
  @Mutation(() => AssistantAdChannelType, {
    description: 'Saves the store’s Meta ad account or Google Ads customer (tokens sealed); drops the store’s cached dashboards',
  })
  configureAssistantAdChannel(@Ctx() ctx: RequestContext, @Arg('input', () => AssistantAdChannelInput) input: AssistantAdChannelInput) {
    return this.s.metrics.configure(ctx, validated(adChannelSchema, input, 'input'));
  }

  @Authorized('admin')
  @Mutation(() => Boolean, { description: 'Removes the store’s account of a channel (404 when none); drops the store’s cached dashboards' })
  removeAssistantAdChannel(@Ctx() ctx: RequestContext, @Arg('channel') channel: string) {
    return this.s.metrics.remove(ctx, validated(adChannelIdSchema, channel, 'channel'));
  }
}
