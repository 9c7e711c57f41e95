import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { SiteServices } from '../services';
import { RedirectListType, RedirectType, StoreRedirectType } from '../types/redirect.type';
import { CreateRedirectInput, RedirectListArgs, UpdateRedirectInput } from '../inputs/redirect.input';

/** Redirects: the storefront reads the active ones; admins manage them. */
@Resolver(() => RedirectType)
export class RedirectResolver {
  constructor(private readonly s: SiteServices) {}

  @Query(() => [StoreRedirectType], { description: 'The active redirects of the store (source, target, status code), by source' })
  storeRedirects(@Ctx() ctx: RequestContext) {
    return this.s.redirects.active(ctx);
  }

  @Authorized('admin')
  @Query(() => RedirectListType, { description: 'All redirects of the store, by source' })
  redirects(@Ctx() ctx: RequestContext, @Args() args: RedirectListArgs) {
    return this.s.redirects.list(ctx, args);
  }

  @Authorized('admin')
  @Query(() => RedirectType, { description: 'One redirect of the store by id' })
  redirect(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The redirect id' }) id: string) {
    return this.s.redirects.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => RedirectType, { description: '409 duplicate, redirect_chain or redirect_loop; 400 for a bad source or target' })
  createRedirect(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The new redirect' }) input: CreateRedirectInput) {
    return this.s.redirects.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => RedirectType, { description: 'Changes the fields given of a redirect (409 duplicate, redirect_chain or redirect_loop)' })
  updateRedirect(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The redirect id' }) id: string,
    @Arg('input', { description: 'The fields to change' }) input: UpdateRedirectInput,
  ) {
    return this.s.redirects.update(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => RedirectType, { description: 'Removes a redirect; answers what it was' })
  deleteRedirect(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The redirect id' }) id: string) {
    return this.s.redirects.delete(ctx, id);
  }
}
