import { Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { AnalyticsServices } from '../services';
import {
  AnalyticsBreakdownArgs,
  AnalyticsExportArgs,
  AnalyticsRangeArgs,
  AnalyticsSeriesArgs,
  breakdownSchema,
  exportSchema,
  funnelSchema,
  seriesSchema,
} from '../inputs/analytics.input';
import {
  AnalyticsBreakdownRowType,
  AnalyticsExportedEventType,
  AnalyticsFunnelType,
  AnalyticsRebuildType,
  AnalyticsSeriesPointType,
} from '../types/analytics.type';

/** Analytics reports for the store's admins and its analyst API keys (read-only); the rebuild is for admins. */
@Resolver()
export class AnalyticsResolver {
  constructor(private readonly s: AnalyticsServices) {}

  @Authorized('admin', 'analyst')
  @Query(() => [AnalyticsSeriesPointType], { description: 'A metric per day (in time_zone) and dimension value, from the rollups' })
  analyticsSeries(@Ctx() ctx: RequestContext, @Args() args: AnalyticsSeriesArgs) {
    return this.s.analytics.series(ctx, seriesSchema.parse(args));
  }

  @Authorized('admin', 'analyst')
  @Query(() => [AnalyticsBreakdownRowType], {
    description: 'The values of a dimension over a range, most frequent first (top products, search terms, campaigns)',
  })
  analyticsBreakdown(@Ctx() ctx: RequestContext, @Args() args: AnalyticsBreakdownArgs) {
    return this.s.analytics.breakdown(ctx, breakdownSchema.parse(args));
  }

  @Authorized('admin', 'analyst')
  @Query(() => AnalyticsFunnelType, { description: 'page_view → add_to_cart → order, and carts created vs completed' })
  analyticsConversion(@Ctx() ctx: RequestContext, @Args() args: AnalyticsRangeArgs) {
    return this.s.analytics.funnel(ctx, funnelSchema.parse(args));
  }

  @Authorized('admin', 'analyst')
  @Query(() => [AnalyticsExportedEventType], { description: 'Raw events in recorded order after an event id (the NDJSON export reads this)' })
  async analyticsEvents(@Ctx() ctx: RequestContext, @Args() args: AnalyticsExportArgs) {
    const rows = await this.s.analytics.exportPage(ctx, exportSchema.parse(args));
    return rows.map((r) => ({ ...r, data: JSON.stringify(r.data) }));
  }

  @Authorized('admin')
  @Mutation(() => AnalyticsRebuildType, { description: "Rebuilds the store's rollups from its recorded events" })
  rebuildAnalytics(@Ctx() ctx: RequestContext) {
    return this.s.analytics.rebuild(ctx);
  }
}
