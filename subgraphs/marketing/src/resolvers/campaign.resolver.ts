import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { PageArgs, type RequestContext } from '@svc/kit';
import type { MarketingServices } from '../services';
import type { CampaignView } from '../services/views';
import { CampaignListType, CampaignStatsType, CampaignType, EmailMessageListType, SenderType } from '../types/marketing.type';
import { CampaignInput, OutboxArgs, SenderSettingsInput } from '../inputs/campaign.input';

/** Campaigns, tracking and the outbox in the graph. Thin: one service call each. */
@Resolver(() => CampaignType)
export class CampaignResolver {
  constructor(private readonly s: MarketingServices) {}

  @Mutation(() => Boolean, { description: 'Records an email open (tracking pixel); false when the ids name no delivered message' })
  trackEmailOpen(
    @Ctx() ctx: RequestContext,
    @Arg('campaign_id', { description: "The campaign's id (from the pixel's URL)" }) campaignId: string,
    @Arg('subscriber_id', { description: "The subscriber's id (from the pixel's URL)" }) subscriberId: string,
  ) {
    return this.s.campaigns.recordOpen(ctx, campaignId, subscriberId);
  }

  @Mutation(() => String, { description: 'Records a click and answers the destination: registered for the campaign or signed by the platform, else 400' })
  trackEmailClick(
    @Ctx() ctx: RequestContext,
    @Arg('campaign_id', { description: "The campaign's id (from the link)" }) campaignId: string,
    @Arg('subscriber_id', { description: "The subscriber's id (from the link)" }) subscriberId: string,
    @Arg('url', { description: 'The destination URL' }) url: string,
    @Arg('sig', () => String, { nullable: true, description: "The platform's signature of (campaign, url), for links not registered with the campaign" })
    sig?: string | null,
  ) {
    return this.s.campaigns.recordClick(ctx, campaignId, subscriberId, url, sig);
  }

  // ---- admin ----

  @Authorized('admin')
  @Query(() => CampaignListType, { description: "Admin: the store's campaigns, newest first" })
  campaigns(@Ctx() ctx: RequestContext, @Args() args: PageArgs) {
    return this.s.campaigns.list(ctx, args);
  }

  @Authorized('admin')
  @Query(() => CampaignType)
  campaign(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.campaigns.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => CampaignType, { description: 'Admin: a draft campaign; the http(s) links of its HTML (and `links`) are registered' })
  createCampaign(@Ctx() ctx: RequestContext, @Arg('input') input: CampaignInput) {
    return this.s.campaigns.save(ctx, null, input);
  }

  @Authorized('admin')
  @Mutation(() => CampaignType, { description: 'Admin: changes a draft (a sent campaign: 409)' })
  updateCampaign(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: CampaignInput) {
    return this.s.campaigns.save(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => Boolean, { description: 'Admin: deletes a draft (a sent campaign: 409 invalid_transition)' })
  deleteCampaign(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.campaigns.remove(ctx, id);
  }

  @Authorized('admin')
  @FieldResolver(() => CampaignStatsType, { description: 'Admin: the campaign statistics (as campaignStats; a draft: all zero)' })
  stats(@Ctx() ctx: RequestContext, @Root() campaign: CampaignView) {
    return this.s.campaigns.stats(ctx, campaign.id);
  }

  @Authorized('admin')
  @Mutation(() => CampaignType, { description: "Admin: sends the draft to the list's subscribed members through the outbox (once: again is 409)" })
  sendCampaign(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.campaigns.send(ctx, id);
  }

  @Authorized('admin')
  @Query(() => String, { description: 'Admin: a tracked click URL for any http(s) destination, signed by the platform' })
  signedCampaignLink(@Ctx() ctx: RequestContext, @Arg('campaign_id') campaignId: string, @Arg('subscriber_id') subscriberId: string, @Arg('url') url: string) {
    return this.s.campaigns.signedLink(ctx, campaignId, subscriberId, url);
  }

  @Authorized('admin')
  @Query(() => CampaignStatsType, { description: 'Admin: deliveries, unique and total opens and clicks, rates, clicks per link' })
  campaignStats(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.campaigns.stats(ctx, id);
  }

  @Authorized('admin')
  @Query(() => EmailMessageListType, { description: 'Admin: the marketing outbox (every mail with its status), newest first' })
  marketingOutbox(@Ctx() ctx: RequestContext, @Args() args: OutboxArgs) {
    return this.s.outbox.list(ctx, args);
  }

  @Authorized('admin')
  @Query(() => SenderType)
  marketingSender(@Ctx() ctx: RequestContext) {
    return this.s.outbox.sender(ctx);
  }

  @Authorized('admin')
  @Mutation(() => SenderType, { description: 'Admin: From, Reply-To and DKIM key of marketing mail (the key is stored encrypted)' })
  configureMarketingSender(@Ctx() ctx: RequestContext, @Arg('input') input: SenderSettingsInput) {
    return this.s.outbox.configureSender(ctx, input);
  }
}
