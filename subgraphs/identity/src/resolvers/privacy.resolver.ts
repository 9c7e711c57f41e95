import { z } from 'zod';
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { validated, type RequestContext } from '@svc/kit';
import type { IdentityServices } from '../services';
import { DataExportType, PrivacyRequestType, PrivacySettingsType } from '../types/privacy.type';
import { dataExportTokenSchema } from '../inputs/privacy.input';

/** Privacy requests: a customer's own, an admin's on a customer's behalf, and the export's mailed link. */
@Resolver()
export class PrivacyResolver {
  constructor(private readonly s: IdentityServices) {}

  @Authorized('customer')
  @Mutation(() => PrivacyRequestType, { description: 'Customer: asks for an export of their data (mailed as a download link once ready)' })
  requestMyDataExport(@Ctx() ctx: RequestContext) {
    return this.s.privacy.requestMine(ctx, 'export');
  }

  @Authorized('customer')
  @Mutation(() => PrivacyRequestType, {
    description:
      'Customer: asks for the erasure of their personal data in every domain; sessions end and sign-in stops working (asking again answers the same request)',
  })
  requestMyErasure(@Ctx() ctx: RequestContext) {
    return this.s.privacy.requestMine(ctx, 'erasure');
  }

  @Authorized('customer')
  @Query(() => [PrivacyRequestType], { description: "Customer: the signed-in customer's privacy requests, newest first" })
  myPrivacyRequests(@Ctx() ctx: RequestContext) {
    return this.s.privacy.mine(ctx);
  }

  @Authorized('admin')
  @Mutation(() => PrivacyRequestType, {
    description: "Admin: an export of a customer's data on their behalf (mailed to the customer; another store's customer: 404)",
  })
  requestCustomerDataExport(@Ctx() ctx: RequestContext, @Arg('customer_id', { description: "The customer id (another store's: 404)" }) customerId: string) {
    return this.s.privacy.requestFor(ctx, customerId, 'export');
  }

  @Authorized('admin')
  @Mutation(() => PrivacyRequestType, { description: "Admin: the erasure of a customer's personal data on their behalf (another store's customer: 404)" })
  requestCustomerErasure(@Ctx() ctx: RequestContext, @Arg('customer_id', { description: "The customer id (another store's: 404)" }) customerId: string) {
    return this.s.privacy.requestFor(ctx, customerId, 'erasure');
  }

  @Authorized('admin')
  @Query(() => [PrivacyRequestType], { description: "Admin: the store's privacy requests (of one customer when given), newest first: the audit trail" })
  privacyRequests(
    @Ctx() ctx: RequestContext,
    @Arg('customer_id', () => String, { nullable: true, description: "Only this customer's requests; all when absent" }) customerId?: string | null,
  ) {
    return this.s.privacy.list(ctx, customerId);
  }

  @Authorized('admin')
  @Query(() => PrivacySettingsType, { description: "Admin: the store's privacy policy" })
  privacySettings(@Ctx() ctx: RequestContext) {
    return this.s.privacy.settings(ctx);
  }

  @Authorized('admin')
  @Mutation(() => PrivacySettingsType, { description: 'Admin: sets what an erasure does to reviews and comments (`anonymise` or `remove`)' })
  updatePrivacySettings(@Ctx() ctx: RequestContext, @Arg('review_policy', { description: 'anonymise or remove' }) reviewPolicy: string) {
    return this.s.privacy.updateSettings(ctx, validated(z.enum(['anonymise', 'remove']), reviewPolicy, 'review_policy'));
  }

  @Query(() => DataExportType, {
    description: 'The data export behind the link of its mail (the store comes from the token; expired or made up: 401 token_invalid)',
  })
  async dataExport(@Ctx() ctx: RequestContext, @Arg('token', { description: "The token of the export mail's link" }) token: string) {
    return { export: await this.s.privacy.download(ctx, validated(dataExportTokenSchema, token, 'token')) };
  }
}
