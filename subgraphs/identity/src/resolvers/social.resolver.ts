import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { IdentityServices } from '../services';
import { LinkedAccountType, SocialProviderType, SocialSignInType, SocialStartType } from '../types/social.type';
import { ConfigureSocialProviderInput, SocialCallbackInput } from '../inputs/social.input';

@Resolver()
export class SocialResolver {
  constructor(private readonly s: IdentityServices) {}

  @Mutation(() => SocialStartType, { description: 'Starts a social sign-in (a signed-in customer connects the provider instead); state lives 10 minutes' })
  startSocialLogin(
    @Ctx() ctx: RequestContext,
    @Arg('provider', { description: 'google, apple, facebook, microsoft or github (one the store enabled)' }) provider: string,
    @Arg('return_to', () => String, { nullable: true, description: 'The storefront path to come back to (a relative path such as /account); default /' })
    returnTo?: string | null,
  ) {
    return this.s.social.start(ctx, provider, returnTo);
  }

  @Mutation(() => SocialSignInType, { description: "Completes a social sign-in with what the provider's redirect carried; the store comes from the state" })
  completeSocialLogin(
    @Ctx() ctx: RequestContext,
    @Arg('provider', { description: 'The provider the sign-in was started with' }) provider: string,
    @Arg('input', { description: "The parameters of the provider's redirect" }) input: SocialCallbackInput,
  ) {
    return this.s.social.callback(ctx, provider, input);
  }

  @Authorized('customer')
  @Query(() => [LinkedAccountType], { description: "The signed-in customer's linked provider accounts" })
  myLinkedAccounts(@Ctx() ctx: RequestContext) {
    return this.s.social.myLinks(ctx);
  }

  @Authorized('customer')
  @Mutation(() => LinkedAccountType, {
    description: "Unlinks one of my provider accounts (another customer's: 404; the last sign-in method without a password: 409)",
  })
  unlinkMyAccount(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The link id (slink_…)' }) id: string) {
    return this.s.social.unlinkMine(ctx, id);
  }

  @Authorized('admin')
  @Query(() => [SocialProviderType], { description: 'Admin: the five sign-in providers and their settings (secrets are never answered)' })
  socialProviders(@Ctx() ctx: RequestContext) {
    return this.s.social.providers(ctx);
  }

  @Authorized('admin')
  @Mutation(() => SocialProviderType, { description: 'Admin: creates or changes a sign-in provider' })
  configureSocialProvider(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The provider and its settings' }) input: ConfigureSocialProviderInput) {
    return this.s.social.configure(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => Boolean, { description: "Admin: removes a provider's settings" })
  removeSocialProvider(@Ctx() ctx: RequestContext, @Arg('provider', { description: 'google, apple, facebook, microsoft or github' }) provider: string) {
    return this.s.social.removeProvider(ctx, provider);
  }

  @Authorized('admin')
  @Query(() => [LinkedAccountType], { description: "Admin: a customer's linked provider accounts" })
  customerLinkedAccounts(@Ctx() ctx: RequestContext, @Arg('customer_id', { description: 'The customer id' }) customerId: string) {
    return this.s.social.linksOf(ctx, customerId);
  }

  @Authorized('admin')
  @Mutation(() => LinkedAccountType, { description: "Admin: unlinks a customer's provider account (same last-method rule)" })
  unlinkCustomerAccount(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The link id (slink_…)' }) id: string) {
    return this.s.social.unlinkAny(ctx, id);
  }
}
