import { z } from 'zod';
import { binaryReply, redirectReply, route, type StateRefusal } from '@svc/kit';
import { confirmBody, newsletterBody, subscribeBody, tokenQuery, unsubscribeBody } from '../inputs/subscription.input';
import { clickQuery, trackIds, trackParams } from '../inputs/campaign.input';
import { consentBody, localeQuery, sessionParams } from '../inputs/consent.input';
import { trackEventSchema } from '../inputs/analytics.input';
import { invalidToken } from '../services/links';

const noQuery = z.strictObject({});
/** the open pixel takes any path segments: it never answers a broken image (malformed ids record nothing) */
const pixelParams = z.strictObject({ campaignId: z.string(), subscriberId: z.string() });
/** a transparent 1×1 GIF (42 bytes) */
export const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const subscription = (d: any) => ({ subscription: d });

const tokenOf = (token: string | undefined) => {
  if (!token) throw invalidToken();
  return token;
};
/** a link's signed token is checked against the store's secret: its shape cannot tell a changed one */
const TOKEN_REFUSALS: StateRefusal[] = [{ code: 'invalid_token', when: 'the token is missing, was changed, has expired or belongs to another store' }];

/**
 * marketing's REST routes (operations in ./operations). The links in mails (confirm, unsubscribe,
 * open pixel, clicks) carry no publishable key: those routes are `auth: 'none'` and find the store
 * from the signed token or the campaign; a key, when sent, must name the same store.
 */

/** The REST consent: its categories as Medusa-style `{key: granted}` (the graph answers one choice per category). */
const consentAnswer = (c: { categories: Array<{ key: string; granted: boolean }> } & Record<string, unknown>) => ({
  ...c,
  categories: Object.fromEntries(c.categories.map((x) => [x.key, x.granted])),
});

export const marketingRoutes = [
  route({
    method: 'POST',
    path: '/store/email-subscribe',
    auth: 'publishable',
    body: subscribeBody,
    operation: 'marketing/SubscribeEmail',
    summary:
      'Subscribes an email to a list (list_id or list handle; default the newsletter list); double opt-in lists answer pending and mail a confirmation link; idempotent',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => subscription(d.subscribeEmail),
  }),
  route({
    method: 'GET',
    path: '/store/email-subscribe/confirm',
    auth: 'none',
    query: tokenQuery,
    operation: 'marketing/ConfirmEmailSubscription',
    refusals: TOKEN_REFUSALS,
    summary: 'Confirms a double opt-in: the link of the confirmation mail (signed, expires after 7 days); 400 invalid_token',
    variables: ({ query }) => ({ token: tokenOf(query.token) }),
    respond: (d) => subscription(d.confirmEmailSubscription),
  }),
  route({
    method: 'POST',
    path: '/store/email-subscribe/confirm',
    auth: 'none',
    body: confirmBody,
    operation: 'marketing/ConfirmEmailSubscription',
    refusals: TOKEN_REFUSALS,
    summary: "Confirms a double opt-in from the store's own confirmation page (the token it received in ?token=)",
    variables: ({ body }) => ({ token: body.token }),
    respond: (d) => subscription(d.confirmEmailSubscription),
  }),
  route({
    method: 'GET',
    path: '/store/email-unsubscribe',
    auth: 'none',
    query: tokenQuery,
    operation: 'marketing/UnsubscribeEmail',
    refusals: TOKEN_REFUSALS,
    summary: 'One-click unsubscribe by the signed token of the mail: takes effect at once; a changed token is 400 and changes nothing',
    variables: ({ query }) => ({ token: tokenOf(query.token) }),
    respond: (d) => subscription(d.unsubscribeEmail),
  }),
  route({
    method: 'POST',
    path: '/store/email-unsubscribe',
    auth: 'none',
    query: tokenQuery,
    body: unsubscribeBody,
    accepts: ['application/x-www-form-urlencoded', 'multipart/form-data'],
    operation: 'marketing/UnsubscribeEmail',
    refusals: TOKEN_REFUSALS,
    summary:
      'Confirms an unsubscribe and records the reason (JSON {token, reason}); also the RFC 8058 one-click POST of mail providers (form List-Unsubscribe=One-Click, token in the URL), without cookies or login',
    variables: ({ query, body }) => ({ token: tokenOf(body.token ?? query.token), reason: body.reason ?? null }),
    respond: (d) => subscription(d.unsubscribeEmail),
  }),
  route({
    method: 'POST',
    path: '/store/newsletter',
    auth: 'publishable',
    antispam: true,
    body: newsletterBody,
    operation: 'marketing/NewsletterSignup',
    summary: "Newsletter sign-up (the store's newsletter list, double opt-in as the list says); 403 without a valid anti-spam token",
    variables: ({ body: { antispam_token: _a, ...input } }) => ({ input }),
    respond: (d) => subscription(d.newsletterSignup),
  }),
  route({
    method: 'GET',
    path: '/store/track/open/:campaignId/:subscriberId',
    auth: 'none',
    params: pixelParams,
    query: noQuery,
    operation: 'marketing/TrackEmailOpen',
    summary:
      'Records an email open and answers a 1x1 GIF (never cached) for any ids: unknown or malformed ones answer the GIF without recording (a mail client would show a broken image otherwise)',
    reply: { kind: 'binary', contentType: 'image/gif', description: 'A transparent 1x1 GIF' },
    variables: ({ params }) => {
      // malformed ids record nothing (the service matches well-formed ids only) but still get the pixel
      const ids = trackIds.safeParse(params);
      return ids.success ? { campaign_id: ids.data.campaignId, subscriber_id: ids.data.subscriberId } : { campaign_id: '', subscriber_id: '' };
    },
    respond: () => binaryReply('image/gif', PIXEL),
  }),
  route({
    method: 'GET',
    path: '/store/track/click/:campaignId/:subscriberId',
    auth: 'none',
    params: trackParams,
    query: clickQuery,
    operation: 'marketing/TrackEmailClick',
    summary: 'Records a click and redirects (302) to url when it is registered for the campaign or signed by the platform (sig); anything else is 400',
    reply: { kind: 'redirect', description: 'Location: the destination' },
    refusals: [
      { code: 'invalid_destination', when: 'url (in its normal form) is neither registered for the campaign nor signed by the platform for it (sig)' },
    ],
    variables: ({ params, query }) => ({ campaign_id: params.campaignId, subscriber_id: params.subscriberId, url: query.url, sig: query.sig ?? null }),
    respond: (d) => redirectReply(d.trackEmailClick),
  }),
  route({
    method: 'POST',
    path: '/store/track/events',
    auth: 'publishable',
    body: trackEventSchema,
    operation: 'marketing/TrackAnalyticsEvent',
    summary:
      'An analytics event (page_view, add_to_cart, checkout_started, purchase, custom) of a session; stored only with analytics consent, else answered {stored: false, dropped_reason}',
    variables: ({ body }) => ({ input: body }),
    respond: (d) => d.trackAnalyticsEvent,
  }),
  route({
    method: 'GET',
    path: '/store/cookie-banner-config',
    auth: 'publishable',
    query: localeQuery,
    operation: 'marketing/CookieBannerConfig',
    summary: 'The cookie banner: categories (required flag, Consent Mode v2 signals), copy for the locale, policy links, version',
    variables: ({ query }) => ({ locale: query.locale ?? null }),
    respond: (d) => ({ cookie_banner: d.cookieBannerConfig }),
  }),
  route({
    method: 'POST',
    path: '/store/cookie-consent',
    auth: 'publishable',
    body: consentBody,
    operation: 'marketing/SaveCookieConsent',
    summary: "Persists a session's consent decision (session_id: an unguessable id the client made); answers the state with Consent Mode v2 signals; audited",
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ consent: consentAnswer(d.saveCookieConsent) }),
  }),
  route({
    method: 'GET',
    path: '/store/cookie-consent/:sessionId',
    auth: 'publishable',
    params: sessionParams,
    query: noQuery,
    noStore: true,
    secretParams: ['sessionId'],
    operation: 'marketing/CookieConsent',
    summary: "A session's consent state (categories, Consent Mode v2 signals, TCF string); 404 when it never decided",
    variables: ({ params }) => ({ session_id: params.sessionId }),
    respond: (d) => ({ consent: consentAnswer(d.cookieConsent) }),
  }),
  route({
    method: 'DELETE',
    path: '/store/cookie-consent/:sessionId',
    auth: 'publishable',
    params: sessionParams,
    query: noQuery,
    secretParams: ['sessionId'],
    operation: 'marketing/WithdrawCookieConsent',
    summary: 'Withdraws consent: every optional category false; the audit trail keeps the decision and the withdrawal',
    variables: ({ params }) => ({ session_id: params.sessionId }),
    respond: (d) => ({ consent: consentAnswer(d.withdrawCookieConsent) }),
  }),
];
