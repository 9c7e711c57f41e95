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

@ObjectType('MailingListSubscriber', { ...S, description: 'An email address on a mailing list' })
@Directive('@key(fields: "id")')
export class SubscriberType implements SubscriberView {
  @Field(() => ID, { description: "The subscriber's id" }) id!: string;
  @Field({ description: "The mailing list's id" }) list_id!: string;
  @Field({ description: 'The subscribed address' }) email!: string;
  @Field({ description: 'pending, subscribed or unsubscribed' }) status!: string;
  @Field({ description: 'Where the sign-up came from: email-subscribe (subscribeEmail) or newsletter (newsletterSignup)' }) source!: string;
  @Field(() => String, { nullable: true, description: 'First name; null when not given' }) first_name!: string | null;
  @Field(() => String, { nullable: true, description: 'ISO instant the double opt-in was confirmed (or the single opt-in made); null while pending' })
  confirmed_at!: string | null;
  @Field(() => String, { nullable: true, description: 'ISO instant of the unsubscription; null while subscribed or pending' }) unsubscribed_at!: string | null;
  @Field(() => String, { nullable: true, description: 'The reason given when unsubscribing; null when none' }) unsubscribe_reason!: string | null;
  @Field({ description: 'ISO instant the address was first put on the list' }) created_at!: string;
}

@ObjectType('MailingListSubscriberList')
export class SubscriberListType extends PaginatedList(SubscriberType) {}

@ObjectType('EmailSubscription', { ...S, description: 'The result of a sign-up' })
export class SubscriptionResultType implements SubscriptionResultView {
  @Field({ description: "The mailing list's id" }) list_id!: string;
  @Field({ description: 'The address signed up' }) email!: string;
  @Field({ description: 'subscribed (single opt-in) or pending (a confirmation mail is on its way)' }) status!: string;
  @Field({ description: 'true when the list uses double opt-in (status is pending until the mailed link is followed)' }) confirmation_required!: boolean;
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
  @Field({ description: 'draft, sending (a list larger than one batch: its messages are being written, 500 recipients a transaction) or sent' })
  status!: string;
  @Field(() => Int, { description: 'messages written (while sending: so far)' }) recipients!: number;
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

@ObjectType('TrackEventResult', { ...S, description: 'The result of recording an analytics event' })
export class TrackResultType implements TrackResultView {
  @Field({ description: 'Always true (the event was accepted, stored or not)' }) success!: true;
  @Field({ description: 'true when the event was stored; false when dropped (see dropped_reason)' }) stored!: boolean;
  @Field(() => String, { nullable: true, description: 'Why it was not stored (no_analytics_consent); null when stored' }) dropped_reason!: string | null;
  @Field(() => String, { nullable: true, description: "The stored event's id; null when dropped" }) id!: string | null;
}

@ObjectType('ConsentModeState', { ...S, description: 'Google Consent Mode v2 signals, each granted or denied' })
class ConsentModeType {
  @Field({ description: 'granted or denied' }) ad_storage!: string;
  @Field({ description: 'granted or denied' }) analytics_storage!: string;
  @Field({ description: 'granted or denied' }) ad_user_data!: string;
  @Field({ description: 'granted or denied' }) ad_personalization!: string;
}

/** A category of the store's cookie banner and the visitor's decision. */
@ObjectType('CookieConsentChoice', { ...S, description: "A cookie category of the store's banner and whether the visitor granted it" })
export class ConsentChoiceType {
  @Field({ description: "the category's key (necessary, analytics, marketing… as the banner defines them)" }) key!: string;
  @Field({ description: 'true when the visitor granted the category (required ones always)' }) granted!: boolean;
}

@ObjectType('CookieConsent', { ...S, description: "A browser session's cookie consent decision" })
export class ConsentType implements Omit<ConsentView, 'categories'> {
  @Field({ description: "The storefront's session id the decision belongs to" }) session_id!: string;
  @Field(() => Int, { description: 'The banner version the decision was made on' }) banner_version!: number;
  // `categories` (one choice per category of the banner) is resolved by ConsentResolver from the view's map
  @Field(() => ConsentModeType, { description: "Google Consent Mode v2: gtag('consent', 'update', consent_mode)" }) consent_mode!: ConsentView['consent_mode'];
  @Field(() => String, { nullable: true, description: 'IAB TCF v2 TC string as given; null when none was given or after withdrawal' }) tcf_string!:
    string | null;
  @Field({ description: 'true when the consent was withdrawn (every optional category refused)' }) withdrawn!: boolean;
  @Field({ description: 'ISO instant of the last decision' }) updated_at!: string;
}

@ObjectType('CookieBannerCategory', { ...S, description: 'A category of cookies the banner asks about' })
class BannerCategoryType {
  @Field({ description: "The category's key (necessary, analytics, marketing…), used in CookieConsentInput.categories" }) key!: string;
  @Field({ description: 'true when the category cannot be refused (always granted)' }) required!: boolean;
  @Field({ description: "Label in the banner's locale" }) label!: string;
  @Field({ description: "Explanation in the banner's locale" }) description!: string;
  @Field(() => [String], { description: 'The Consent Mode v2 signals this category grants' }) consent_mode!: string[];
}

@ObjectType('CookieBannerCopy', { ...S, description: "The banner's texts in one locale" })
class BannerCopyType {
  @Field({ description: 'Heading' }) title!: string;
  @Field({ description: 'Main text' }) body!: string;
  @Field({ description: 'Label of the accept-all button' }) accept_all!: string;
  @Field({ description: 'Label of the reject-all button' }) reject_all!: string;
  @Field({ description: 'Label of the button that saves the chosen categories' }) save!: string;
}

@ObjectType('CookieBannerLinks', { ...S, description: 'Links the banner shows' })
class BannerLinksType {
  @Field(() => String, { nullable: true, description: 'URL of the privacy policy; null when none' }) privacy_policy!: string | null;
  @Field(() => String, { nullable: true, description: 'URL of the cookie policy; null when none' }) cookie_policy!: string | null;
  @Field(() => String, { nullable: true, description: 'URL of the imprint; null when none' }) imprint!: string | null;
}

@ObjectType('CookieBannerConfig', { ...S, description: "The store's cookie banner in one locale" })
export class BannerConfigType {
  @Field(() => Int, { description: 'The banner version; a consent saved on an older version is refused (409 banner_version_outdated)' }) version!: number;
  @Field({ description: 'The locale of the texts answered (after fallback)' }) locale!: string;
  @Field(() => [String], { description: 'Every locale the banner has texts in: the default first, then the others in alphabetical order' }) locales!: string[];
  @Field(() => [BannerCategoryType], { description: "The categories, in the banner's order" }) categories!: BannerCategoryType[];
  @Field(() => BannerCopyType, { description: 'The texts in the answered locale' }) copy!: BannerCopyType;
  @Field(() => BannerLinksType, { description: 'The policy links' }) links!: BannerLinksType;
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
