import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { MarketingServices } from '../services';
import { MailingListType, SubscriberListType, SubscriberType, SubscriptionResultType } from '../types/marketing.type';
import { EmailSubscribeInput, MailingListInput, NewsletterSignupInput, SubscriberListArgs } from '../inputs/subscription.input';

/** Lists and subscriptions in the graph: storefront sign-up, confirm and unsubscribe; admin lists. Thin. */
@Resolver(() => MailingListType)
export class SubscriptionResolver {
  constructor(private readonly s: MarketingServices) {}

  @Mutation(() => SubscriptionResultType, { description: 'Puts an address on a list (double opt-in: pending until the mailed link is followed); idempotent' })
  subscribeEmail(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The address and the list' }) input: EmailSubscribeInput) {
    return this.s.subscriptions.subscribe(ctx, input);
  }

  @Mutation(() => SubscriptionResultType, { description: "Newsletter sign-up (the store's newsletter list); needs a solved anti-spam challenge" })
  newsletterSignup(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The address' }) input: NewsletterSignupInput) {
    return this.s.subscriptions.newsletter(ctx, input);
  }

  @Mutation(() => SubscriberType, { description: 'Confirms a double opt-in with the token of the confirmation mail' })
  confirmEmailSubscription(@Ctx() ctx: RequestContext, @Arg('token', { description: "The token of the confirmation mail's link" }) token: string) {
    return this.s.subscriptions.confirm(ctx, token);
  }

  @Mutation(() => SubscriberType, { description: 'Unsubscribes the address a signed token names, at once; records the reason when given' })
  unsubscribeEmail(
    @Ctx() ctx: RequestContext,
    @Arg('token', { description: "The signed token of the mail's unsubscribe link" }) token: string,
    @Arg('reason', () => String, { nullable: true, description: 'Why (optional, stored with the unsubscription)' }) reason?: string | null,
  ) {
    return this.s.subscriptions.unsubscribe(ctx, token, reason);
  }

  // ---- admin ----

  @Authorized('admin')
  @Query(() => [MailingListType], { description: "Admin: the store's mailing lists" })
  mailingLists(@Ctx() ctx: RequestContext) {
    return this.s.subscriptions.lists(ctx);
  }

  @Authorized('admin')
  @Mutation(() => MailingListType, { description: 'Admin: a new mailing list' })
  createMailingList(@Ctx() ctx: RequestContext, @Arg('input') input: MailingListInput) {
    return this.s.subscriptions.saveList(ctx, null, input);
  }

  @Authorized('admin')
  @Mutation(() => MailingListType, { description: 'Admin: changes a mailing list' })
  updateMailingList(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: MailingListInput) {
    return this.s.subscriptions.saveList(ctx, id, input);
  }

  @Authorized('admin')
  @Query(() => SubscriberListType, { description: "Admin: a list's members, newest first" })
  mailingListSubscribers(@Ctx() ctx: RequestContext, @Args() args: SubscriberListArgs) {
    return this.s.subscriptions.subscribers(ctx, args);
  }
}
