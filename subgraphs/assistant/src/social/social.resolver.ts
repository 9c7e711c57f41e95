import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { validated, type RequestContext } from '@svc/kit';
import type { AssistantServices } from '../services';
import {
  AssistantSocialDraftInput,
  AssistantSocialPublishInput,
  atSchema,
  connectNetworkSchema,
  instanceSchema,
  draftSchema,
  oauthCodeSchema,
  oauthStateSchema,
  postStatusSchema,
  publishSchema,
  redirectUriSchema,
  socialIdSchema,
} from './social.input';
import { AssistantSocialAccountType, AssistantSocialAuthorizationType, AssistantSocialDraftType, AssistantSocialPostType } from './social.type';

/** Social posts in the graph: drafts, connected accounts (Meta OAuth), publishing and scheduled posts with their results. */
@Resolver()
export class SocialResolver {
  constructor(private readonly s: AssistantServices) {}

  @Authorized('admin')
  @Mutation(() => AssistantSocialDraftType, {
    description: 'Drafts a social post from a brief: caption, hashtags and a suggested image (offline, or by the store’s language model); spends credits',
  })
  draftAssistantSocialPost(@Ctx() ctx: RequestContext, @Arg('input', () => AssistantSocialDraftInput) input: AssistantSocialDraftInput) {
    return this.s.social.draft(ctx, validated(draftSchema, input, 'input'));
  }

  @Authorized('admin')
  @Query(() => AssistantSocialAuthorizationType, {
    description: 'Where to send the admin to connect accounts: Meta’s OAuth dialog (Facebook Pages and Instagram), or a Mastodon instance’s authorization page',
  })
  assistantSocialAuthorizeUrl(
    @Ctx() ctx: RequestContext,
    @Arg('redirect_uri') redirectUri: string,
    @Arg('network', () => String, { nullable: true, description: 'meta (default) or mastodon' }) network: string | null,
    @Arg('instance', () => String, { nullable: true, description: 'mastodon: the instance, e.g. https://mastodon.social' }) instance: string | null,
  ) {
    return this.s.social.authorizeUrl(
      ctx,
      validated(redirectUriSchema, redirectUri, 'redirect_uri'),
      validated(connectNetworkSchema, network ?? 'meta', 'network'),
      instance == null ? null : validated(instanceSchema, instance, 'instance'),
    );
  }

  @Authorized('admin')
  @Mutation(() => [AssistantSocialAccountType], {
    description:
      'Completes a connection with the code and state of the OAuth redirect: Meta saves every Page (and its Instagram account), Mastodon the account; tokens sealed',
  })
  connectAssistantSocial(@Ctx() ctx: RequestContext, @Arg('code') code: string, @Arg('state') state: string, @Arg('redirect_uri') redirectUri: string) {
    return this.s.social.connect(
      ctx,
      validated(oauthCodeSchema, code, 'code'),
      validated(oauthStateSchema, state, 'state'),
      validated(redirectUriSchema, redirectUri, 'redirect_uri'),
    );
  }

  @Authorized('admin')
  @Query(() => [AssistantSocialAccountType], { description: 'The store’s connected social accounts' })
  assistantSocialAccounts(@Ctx() ctx: RequestContext) {
    return this.s.social.accounts(ctx);
  }

  @Authorized('admin')
  @Mutation(() => Boolean, { description: 'Disconnects an account (a Page takes its Instagram account along); 404 for another store’s' })
  disconnectAssistantSocialAccount(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.social.disconnect(ctx, validated(socialIdSchema, id, 'id'));
  }

  @Authorized('admin')
  @Mutation(() => AssistantSocialPostType, {
    description: 'Publishes now to the accounts named; the result per account. 502 provider_unavailable when every account failed (nothing stored)',
  })
  publishAssistantSocialPost(@Ctx() ctx: RequestContext, @Arg('input', () => AssistantSocialPublishInput) input: AssistantSocialPublishInput) {
    return this.s.social.publish(ctx, validated(publishSchema, input, 'input'));
  }

  @Authorized('admin')
  @Mutation(() => AssistantSocialPostType, { description: 'Schedules a post for `at` (the publishing job publishes it once, results per account)' })
  scheduleAssistantSocialPost(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => AssistantSocialPublishInput) input: AssistantSocialPublishInput,
    @Arg('at', { description: 'ISO 8601 date and time, in the future' }) at: string,
  ) {
    return this.s.social.schedule(ctx, validated(publishSchema, input, 'input'), new Date(validated(atSchema, at, 'at')));
  }

  @Authorized('admin')
  @Mutation(() => AssistantSocialPostType, { description: 'Cancels a scheduled post (409 post_not_scheduled once it is being published)' })
  cancelAssistantSocialPost(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.social.cancel(ctx, validated(socialIdSchema, id, 'id'));
  }

  @Authorized('admin')
  @Query(() => [AssistantSocialPostType], { description: 'The store’s social posts, newest first (200), with the result per account; failures included' })
  assistantSocialPosts(@Ctx() ctx: RequestContext, @Arg('status', () => String, { nullable: true }) status: string | null) {
    return this.s.social.posts(ctx, status == null ? null : validated(postStatusSchema, status, 'status'));
  }

  @Authorized('admin')
  @Query(() => AssistantSocialPostType, { description: 'One social post of the store (404 another store’s)' })
  assistantSocialPost(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.social.post(ctx, validated(socialIdSchema, id, 'id'));
  }
}
