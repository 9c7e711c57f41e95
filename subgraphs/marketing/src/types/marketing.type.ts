import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';
import type { CampaignView, EmailMessageView, MailingListView, SubscriberView, SubscriptionResultView } from '../services/views';
import type { CampaignStatsView } from '../services/campaign.service';
import type { AuditEntryView, ConsentView } from '../services/consent.service';
import type { SenderView } from '../services/outbox.service';
import type { TrackResultView } from '../services/analytics.service';

const S = { simpleResolvers: true };

@ObjectType('MailingList', S)
@Directive('@key(fields: "id")')
export class MailingListType implements MailingListView {
  @Field(() => ID) id!: string;
  @Field() handle!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() double_opt_in!: boolean;
  @Field() is_newsletter!: boolean;
  @Field(() => String, { nullable: true }) confirmation_url!: string | null;
  @Field() created_at!: string;
}

@ObjectType('MailingListSubscriber', S)
@Directive('@key(fields: "id")')
export class SubscriberType implements SubscriberView {
  @Field(() => ID) id!: string;
  @Field() list_id!: string;
  @Field() email!: string;
  @Field({ description: 'pending, subscribed or unsubscribed' }) status!: string;
  @Field() source!: string;
  @Field(() => String, { nullable: true }) first_name!: string | null;
  @Field(() => String, { nullable: true }) confirmed_at!: string | null;
  @Field(() => String, { nullable: true }) unsubscribed_at!: string | null;
  @Field(() => String, { nullable: true }) unsubscribe_reason!: string | null;
  @Field() created_at!: string;
}

@ObjectType('MailingListSubscriberList')
export class SubscriberListType extends PaginatedList(SubscriberType) {}

@ObjectType('EmailSubscription', S)
export class SubscriptionResultType implements SubscriptionResultView {
  @Field() list_id!: string;
  @Field() email!: string;
  @Field({ description: 'subscribed (single opt-in) or pending (a confirmation mail is on its way)' }) status!: string;
  @Field() confirmation_required!: boolean;
}

@ObjectType('Campaign', S)
@Directive('@key(fields: "id")')
export class CampaignType implements CampaignView {
  @Field(() => ID) id!: string;
  @Field() list_id!: string;
  @Field() name!: string;
  @Field() subject!: string;
  @Field() html!: string;
  @Field() text!: string;
  @Field(() => [String], { description: 'Registered destinations: click tracking redirects only to these (or to platform-signed ones)' }) links!: string[];
  @Field({ description: 'draft or sent' }) status!: string;
  @Field(() => Int) recipients!: number;
  @Field(() => String, { nullable: true }) sent_at!: string | null;
  @Field() created_at!: string;
}

@ObjectType('CampaignList')
export class CampaignListType extends PaginatedList(CampaignType) {}

@ObjectType('CampaignLinkStats', S)
class CampaignLinkStatsType {
  @Field() url!: string;
  @Field(() => Int) clicks!: number;
  @Field(() => Int) unique_clicks!: number;
}

@ObjectType('CampaignStats', S)
export class CampaignStatsType implements CampaignStatsView {
  @Field() campaign_id!: string;
  @Field(() => Int) recipients!: number;
  @Field(() => Int) delivered!: number;
  @Field(() => Int) failed!: number;
  @Field(() => Int) unique_opens!: number;
  @Field(() => Int) total_opens!: number;
  @Field(() => Int) unique_clicks!: number;
  @Field(() => Int) total_clicks!: number;
  @Field(() => Float) open_rate!: number;
  @Field(() => Float) click_rate!: number;
  @Field(() => Float) click_to_open_rate!: number;
  @Field(() => [CampaignLinkStatsType]) links!: CampaignLinkStatsType[];
}

@ObjectType('MarketingEmail', S)
class EmailMessageType implements EmailMessageView {
  @Field(() => ID) id!: string;
  @Field({ description: 'confirmation or campaign' }) kind!: string;
  @Field(() => String, { nullable: true }) campaign_id!: string | null;
  @Field() subscriber_id!: string;
  @Field() to!: string;
  @Field() subject!: string;
  @Field() text!: string;
  @Field(() => String, { nullable: true }) html!: string | null;
  @Field(() => JSONScalar) headers!: Record<string, string>;
  @Field({ description: 'queued, sent (SMTP accepted it), stored (no SMTP_URL: kept as .eml) or failed' }) status!: string;
  @Field(() => Int) attempts!: number;
  @Field(() => String, { nullable: true }) last_error!: string | null;
  @Field(() => String, { nullable: true }) via!: string | null;
  @Field(() => String, { nullable: true }) sent_at!: string | null;
  @Field(() => Int) open_count!: number;
  @Field(() => String, { nullable: true }) first_opened_at!: string | null;
  @Field(() => Int) click_count!: number;
  @Field(() => String, { nullable: true }) first_clicked_at!: string | null;
  @Field() created_at!: string;
}

@ObjectType('MarketingEmailList')
export class EmailMessageListType extends PaginatedList(EmailMessageType) {}

@ObjectType('MarketingSender', S)
export class SenderType implements SenderView {
  @Field(() => String, { nullable: true }) from_address!: string | null;
  @Field(() => String, { nullable: true }) reply_to!: string | null;
  @Field(() => String, { nullable: true }) dkim_domain!: string | null;
  @Field(() => String, { nullable: true }) dkim_selector!: string | null;
  @Field() has_dkim_key!: boolean;
}

@ObjectType('TrackEventResult', S)
export class TrackResultType implements TrackResultView {
  @Field() success!: true;
  @Field() stored!: boolean;
  @Field(() => String, { nullable: true }) dropped_reason!: string | null;
  @Field(() => String, { nullable: true }) id!: string | null;
}

@ObjectType('ConsentModeState', S)
class ConsentModeType {
  @Field() ad_storage!: string;
  @Field() analytics_storage!: string;
  @Field() ad_user_data!: string;
  @Field() ad_personalization!: string;
}

/** A category of the store's cookie banner and the visitor's decision. */
@ObjectType('CookieConsentChoice', { ...S, description: "A cookie category of the store's banner and whether the visitor granted it" })
export class ConsentChoiceType {
  @Field({ description: "the category's key (necessary, analytics, marketing… as the banner defines them)" }) key!: string;
  @Field() granted!: boolean;
}

@ObjectType('CookieConsent', S)
export class ConsentType implements Omit<ConsentView, 'categories'> {
  @Field() session_id!: string;
  @Field(() => Int) banner_version!: number;
  // `categories` (one choice per category of the banner) is resolved by ConsentResolver from the view's map
  @Field(() => ConsentModeType, { description: "Google Consent Mode v2: gtag('consent', 'update', consent_mode)" }) consent_mode!: ConsentView['consent_mode'];
  @Field(() => String, { nullable: true }) tcf_string!: string | null;
  @Field() withdrawn!: boolean;
  @Field() updated_at!: string;
}

@ObjectType('CookieBannerCategory', S)
class BannerCategoryType {
  @Field() key!: string;
  @Field() required!: boolean;
  @Field() label!: string;
  @Field() description!: string;
  @Field(() => [String], { description: 'The Consent Mode v2 signals this category grants' }) consent_mode!: string[];
}

@ObjectType('CookieBannerCopy', S)
class BannerCopyType {
  @Field() title!: string;
  @Field() body!: string;
  @Field() accept_all!: string;
  @Field() reject_all!: string;
  @Field() save!: string;
}

@ObjectType('CookieBannerLinks', S)
class BannerLinksType {
  @Field(() => String, { nullable: true }) privacy_policy!: string | null;
  @Field(() => String, { nullable: true }) cookie_policy!: string | null;
  @Field(() => String, { nullable: true }) imprint!: string | null;
}

@ObjectType('CookieBannerConfig', S)
export class BannerConfigType {
  @Field(() => Int) version!: number;
  @Field() locale!: string;
  @Field(() => [String]) locales!: string[];
  @Field(() => [BannerCategoryType]) categories!: BannerCategoryType[];
  @Field(() => BannerCopyType) copy!: BannerCopyType;
  @Field(() => BannerLinksType) links!: BannerLinksType;
  @Field(() => ConsentModeType, { description: 'The Consent Mode state before any decision' }) consent_mode_default!: ConsentModeType;
}

@ObjectType('CookieBannerAdmin', S)
export class BannerAdminType {
  @Field(() => Int) version!: number;
  @Field(() => JSONScalar, { description: 'The whole configuration: default_locale, categories, copy, policy links' }) config!: Record<string, unknown>;
}

@ObjectType('CookieConsentAuditEntry', S)
class AuditEntryType implements AuditEntryView {
  @Field(() => ID) id!: string;
  @Field({ description: 'SHA-256 of the session id' }) session_hash!: string;
  @Field({ description: 'granted, updated or withdrawn' }) action!: string;
  @Field(() => Int) banner_version!: number;
  @Field(() => JSONScalar) categories!: Record<string, boolean>;
  @Field(() => JSONScalar) consent_mode!: Record<string, string>;
  @Field(() => String, { nullable: true }) tcf_string!: string | null;
  @Field(() => String, { nullable: true, description: 'keyed hash of the client IP' }) ip_hash!: string | null;
  @Field(() => String, { nullable: true }) user_agent!: string | null;
  @Field() created_at!: string;
}

@ObjectType('CookieConsentAuditList')
export class AuditListType extends PaginatedList(AuditEntryType) {}

@ObjectType('AnalyticsDayCount', S)
export class DayCountType {
  @Field() day!: string;
  @Field() type!: string;
  @Field(() => Int) count!: number;
}

@ObjectType('AnalyticsFunnelStep', S)
export class FunnelStepType {
  @Field(() => Int) step!: number;
  @Field() type!: string;
  @Field(() => Int) sessions!: number;
}
