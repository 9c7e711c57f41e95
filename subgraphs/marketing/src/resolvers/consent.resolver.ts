import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { MarketingServices } from '../services';
import { AuditListType, BannerAdminType, BannerConfigType, ConsentChoiceType, ConsentType } from '../types/marketing.type';
import type { ConsentView } from '../services/consent.service';
import { AuditListArgs, CookieBannerInput, CookieConsentInput } from '../inputs/consent.input';

/** Cookie banner and consent in the graph. Thin: one service call each. */
@Resolver(() => ConsentType)
export class ConsentResolver {
  constructor(private readonly s: MarketingServices) {}

  @FieldResolver(() => [ConsentChoiceType], { description: "The visitor's decision per category of the banner, in the banner's order" })
  categories(@Root() consent: ConsentView): ConsentChoiceType[] {
    return Object.entries(consent.categories).map(([key, granted]) => ({ key, granted }));
  }

  @Query(() => BannerConfigType, { description: 'The cookie banner: categories (with their Consent Mode signals), copy for the locale, policy links, version' })
  cookieBannerConfig(
    @Ctx() ctx: RequestContext,
    @Arg('locale', () => String, {
      nullable: true,
      description: "Locale of the texts (default: the request's locale, with language fallback, then the banner's default locale)",
    })
    locale?: string | null,
  ) {
    return this.s.consent.bannerConfig(ctx, locale);
  }

  @Mutation(() => ConsentType, { description: "Records a session's consent decision (appends to the audit trail)" })
  saveCookieConsent(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The session and its choices' }) input: CookieConsentInput) {
    return this.s.consent.decide(ctx, input);
  }

  @Query(() => ConsentType, { description: "A session's consent (404 when it never decided)" })
  cookieConsent(@Ctx() ctx: RequestContext, @Arg('session_id', { description: "The storefront's session id" }) sessionId: string) {
    return this.s.consent.get(ctx, sessionId);
  }

  @Mutation(() => ConsentType, { description: 'Withdraws consent: every optional category false (appends to the audit trail)' })
  withdrawCookieConsent(@Ctx() ctx: RequestContext, @Arg('session_id', { description: "The storefront's session id" }) sessionId: string) {
    return this.s.consent.withdraw(ctx, sessionId);
  }

  // ---- admin ----

  @Authorized('admin')
  @Query(() => BannerAdminType, { description: 'Admin: the whole banner configuration (all locales)' })
  adminCookieBanner(@Ctx() ctx: RequestContext) {
    return this.s.consent.adminBanner(ctx);
  }

  @Authorized('admin')
  @Mutation(() => BannerAdminType, { description: 'Admin: replaces the cookie banner (its version goes up by one)' })
  saveCookieBanner(@Ctx() ctx: RequestContext, @Arg('input') input: CookieBannerInput) {
    return this.s.consent.saveBanner(ctx, input);
  }

  @Authorized('admin')
  @Query(() => AuditListType, { description: 'Admin: the consent audit trail, oldest first' })
  cookieConsentAudit(@Ctx() ctx: RequestContext, @Args() args: AuditListArgs) {
    return this.s.consent.auditTrail(ctx, args);
  }

  @Authorized('admin')
  @Query(() => String, { description: 'Admin: the consent audit trail as CSV (same filters, at most 100,000 rows)' })
  exportCookieConsentAudit(@Ctx() ctx: RequestContext, @Args() args: AuditListArgs) {
    return this.s.consent.exportAudit(ctx, args);
  }
}
