import { Arg, Args, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { MarketingServices } from '../services';
import type { MailingListView } from '../services/views';
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
  @Mutation(() => Boolean, {
    description: 'Admin: deletes a mailing list with its members and draft campaigns (a list a campaign was sent to: 409 list_has_sent_campaigns)',
  })
  deleteMailingList(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.subscriptions.deleteList(ctx, id);
  }

  @Authorized('admin')
  @FieldResolver(() => Int, { description: 'Admin: how many members are subscribed (confirmed) now' })
  subscribed_count(@Ctx() ctx: RequestContext, @Root() list: MailingListView) {
    return this.s.subscriptions.subscribedCount(ctx, list.id);
  }

  @Authorized('admin')
  @Mutation(() => SubscriberType, { description: "Admin: unsubscribes a list member at once (reason 'admin' unless given); again: no change" })
  unsubscribeMailingListSubscriber(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('reason', () => String, { nullable: true }) reason?: string | null) {
    return this.s.subscriptions.adminUnsubscribe(ctx, id, reason);
  }

  @Authorized('admin')
  @Mutation(() => Boolean, { description: 'Admin: removes a member from its list (mails already sent keep their log and statistics)' })
  removeMailingListSubscriber(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.subscriptions.removeMember(ctx, id);
  }

  @Authorized('admin')
  @Query(() => SubscriberListType, { description: "Admin: a list's members, newest first" })
  mailingListSubscribers(@Ctx() ctx: RequestContext, @Args() args: SubscriberListArgs) {
    return this.s.subscriptions.subscribers(ctx, args);
  }
}
