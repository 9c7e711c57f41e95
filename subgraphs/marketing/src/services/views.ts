import type { MailingList, Subscriber } from '../entities/list.entity';
import type { Campaign, EmailMessage } from '../entities/campaign.entity';

/** Plain views the services return, snake_case like the API (GraphQL fields = REST JSON). */
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface MailingListView {
  id: string;
  handle: string;
  name: string;
  description: string | null;
  double_opt_in: boolean;
  is_newsletter: boolean;
  confirmation_url: string | null;
  created_at: string;
}
export const toListView = (l: MailingList): MailingListView => ({
  id: l.id,
  handle: l.handle,
  name: l.name,
  description: l.description,
  double_opt_in: l.doubleOptIn,
  is_newsletter: l.isNewsletter,
  confirmation_url: l.confirmationUrl,
  created_at: l.createdAt.toISOString(),
});

export interface SubscriberView {
  id: string;
  list_id: string;
  email: string;
  status: string;
  source: string;
  first_name: string | null;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  unsubscribe_reason: string | null;
  created_at: string;
}
export const toSubscriberView = (s: Subscriber): SubscriberView => ({
  id: s.id,
  list_id: s.list.id,
  email: s.email,
  status: s.status,
  source: s.source,
  first_name: s.firstName,
  confirmed_at: iso(s.confirmedAt),
  unsubscribed_at: iso(s.unsubscribedAt),
  unsubscribe_reason: s.unsubscribeReason,
  created_at: s.createdAt.toISOString(),
});

/** What a storefront learns of a subscription (never whether the address was on the list before). */
export interface SubscriptionResultView {
  list_id: string;
  email: string;
  status: string;
  confirmation_required: boolean;
}

export interface CampaignView {
  id: string;
  list_id: string;
  name: string;
  subject: string;
  html: string;
  text: string;
  links: string[];
  status: string;
  recipients: number;
  sent_at: string | null;
  created_at: string;
}
export const toCampaignView = (c: Campaign): CampaignView => ({
  id: c.id,
  list_id: c.list.id,
  name: c.name,
  subject: c.subject,
  html: c.html,
  text: c.text,
  links: c.links,
  status: c.status,
  recipients: c.recipients,
  sent_at: iso(c.sentAt),
  created_at: c.createdAt.toISOString(),
});

export interface EmailMessageView {
  id: string;
  kind: string;
  campaign_id: string | null;
  subscriber_id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  status: string;
  attempts: number;
  last_error: string | null;
  via: string | null;
  sent_at: string | null;
  open_count: number;
  first_opened_at: string | null;
  click_count: number;
  first_clicked_at: string | null;
  created_at: string;
}
export const toMessageView = (m: EmailMessage): EmailMessageView => ({
  id: m.id,
  kind: m.kind,
  campaign_id: m.campaignId,
  subscriber_id: m.subscriberId,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  headers: m.headers,
  status: m.status,
  attempts: m.attempts,
  last_error: m.lastError,
  via: m.via,
  sent_at: iso(m.sentAt),
  open_count: m.openCount,
  first_opened_at: iso(m.firstOpenedAt),
  click_count: m.clickCount,
  first_clicked_at: iso(m.firstClickedAt),
  created_at: m.createdAt.toISOString(),
});
