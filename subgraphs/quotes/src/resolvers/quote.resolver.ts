import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { validated, type RequestContext } from '@svc/kit';
import type { QuotesServices } from '../services';
import {
  IsgConfigType,
  QuoteListType,
  QuoteLocationType,
  QuotePdfType,
  QuoteServiceType,
  QuoteSettingsType,
  QuoteSubmissionType,
  QuoteType,
} from '../types/quote.type';
import {
  QuoteListArgs,
  SaveQuoteLocationInput,
  SaveQuoteServiceInput,
  SaveQuoteSettingsInput,
  SubmitQuoteInput,
  pdfQuerySchema,
  quoteNumberSchema,
  quoteStatusSchema,
} from '../inputs/quote.input';

/** Quote requests, the ISG configuration and the quote form in the graph: one service call per field; configuration and quotes are for admins. */
@Resolver()
export class QuoteResolver {
  constructor(private readonly s: QuotesServices) {}

  @Query(() => [QuoteServiceType], { description: "The store's active quotable services by name" })
  quoteServices(@Ctx() ctx: RequestContext) {
    return this.s.config.services(ctx);
  }

  @Query(() => IsgConfigType, { description: 'The ISG pricing: currency, active services with base rates, locations with modifiers, the form' })
  isgConfig(@Ctx() ctx: RequestContext) {
    return this.s.config.isgConfig(ctx);
  }

  @Mutation(() => QuoteSubmissionType, { description: 'Submits a quote request (anti-spam token required): priced, numbered, with the link to its PDF' })
  submitQuoteRequest(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The request' }) input: SubmitQuoteInput) {
    return this.s.quotes.submit(ctx, input);
  }

  @Query(() => QuotePdfType, {
    description: "A quote's PDF, for the token of its pdf_url, its owner's customer token or an admin of the store (not found otherwise)",
  })
  async quotePdf(
    @Ctx() ctx: RequestContext,
    @Arg('number', { description: 'The quote number (Q-2027-000001)' }) number: string,
    @Arg('token', () => String, {
      nullable: true,
      description: "The access token of the quote's pdf_url; not needed with the owner's customer token or an admin's",
    })
    token: string | null,
  ) {
    const n = validated(quoteNumberSchema, number, 'quote_number');
    const t = validated(pdfQuerySchema, { token: token ?? undefined }, 'token').token;
    return { content_base64: (await this.s.quotes.pdf(ctx, n, t)).toString('base64') };
  }

  @Authorized('admin')
  @Query(() => QuoteListType, { description: "Admin: the store's quotes, newest first" })
  adminQuotes(@Ctx() ctx: RequestContext, @Args() args: QuoteListArgs) {
    return this.s.quotes.list(ctx, args);
  }

  @Authorized('admin')
  @Query(() => QuoteType, { description: 'Admin: one quote by id or number' })
  adminQuote(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.quotes.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => QuoteType, { description: 'Admin: new → sent → accepted, declined or expired (409 invalid_transition otherwise)' })
  setQuoteStatus(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('status') status: string) {
    return this.s.quotes.setStatus(ctx, id, validated(quoteStatusSchema, status, 'status'));
  }

  @Authorized('admin')
  @Mutation(() => QuoteType, { description: "Admin: an accepted quote's products become a cart of its customer (cart_id); 409 otherwise" })
  convertQuoteToCart(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.quotes.convertToCart(ctx, id);
  }

  @Authorized('admin')
  @Query(() => QuoteSettingsType, { description: "Admin: the store's quote settings and form" })
  quoteSettings(@Ctx() ctx: RequestContext) {
    return this.s.config.settings(ctx);
  }

  @Authorized('admin')
  @Mutation(() => QuoteSettingsType)
  saveQuoteSettings(@Ctx() ctx: RequestContext, @Arg('input') input: SaveQuoteSettingsInput) {
    return this.s.config.saveSettings(ctx, input);
  }

  @Authorized('admin')
  @Query(() => [QuoteServiceType], { description: 'Admin: every quotable service, inactive ones too' })
  adminQuoteServices(@Ctx() ctx: RequestContext) {
    return this.s.config.services(ctx, true);
  }

  @Authorized('admin')
  @Mutation(() => QuoteServiceType, { description: 'Creates a quotable service or changes the one with the handle' })
  saveQuoteService(@Ctx() ctx: RequestContext, @Arg('input') input: SaveQuoteServiceInput) {
    return this.s.config.saveService(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => QuoteLocationType, { description: 'Creates an ISG location or changes the one with the handle' })
  saveQuoteLocation(@Ctx() ctx: RequestContext, @Arg('input') input: SaveQuoteLocationInput) {
    return this.s.config.saveLocation(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => Boolean, { description: 'Removes an ISG location (quotes keep what they were priced with)' })
  deleteQuoteLocation(@Ctx() ctx: RequestContext, @Arg('handle') handle: string) {
    return this.s.config.deleteLocation(ctx, handle);
  }
}
