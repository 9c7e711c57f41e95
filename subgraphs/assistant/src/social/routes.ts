import { route } from '@svc/kit';
import { draftSchema, publishArgsOf, publishBody, scheduleBody } from './social.input';

/** 400s that depend on the accounts named (their networks), which no schema can tell */
const ACCOUNT_REFUSALS = [
  { code: 'invalid_field', field: 'image_url', when: 'an Instagram account is named and there is no image (Instagram publishes images only)' },
  {
    code: 'invalid_field',
    field: 'caption',
    when: 'the caption with its hashtags is longer than a named account’s network allows (Mastodon 500, Instagram 2,200 characters)',
  },
];

/** The social routes of the assistant (admin JWT): drafts, publishing now, scheduling. */
export const socialRoutes = [
  route({
    method: 'POST',
    path: '/admin/ai/marketing/social/draft',
    auth: 'admin',
    body: draftSchema,
    operation: 'assistant/AdminAssistantSocialDraft',
    summary:
      'Drafts a social post from a brief (network facebook, instagram or mastodon; product_id; locale): {network, locale, caption, hashtags, text, image: {url, source, id, alt} | null, product_id, offline, tier, credits}. Offline from templates and the store’s data, by the store’s language model when it has one; spends credits (403 insufficient_credits, skill_disabled); 404 for a product not the store’s; 502 provider_unavailable when the model fails (nothing spent)',
    errors: [403, 404, 502],
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ draft: d.draftAssistantSocialPost }),
  }),
  route({
    method: 'POST',
    path: '/admin/ai/marketing/social/publish',
    auth: 'admin',
    body: publishBody,
    operation: 'assistant/AdminAssistantSocialPublish',
    summary:
      'Publishes now to the connected accounts named: body caption (with hashtags, image_url, link) or draft (as …/social/draft answered it), and accounts. Answers {post: {id, status: published | partial, results: [{account_id, network, status, external_id, error}], …}}; 404 for an account not the store’s; 502 provider_unavailable when every account failed (nothing stored)',
    errors: [403, 404, 409, 502],
    refusals: ACCOUNT_REFUSALS,
    variables: ({ body }) => ({ input: publishArgsOf(body) }),
    respond: (d) => ({ post: d.publishAssistantSocialPost }),
  }),
  route({
    method: 'POST',
    path: '/admin/ai/marketing/social/schedule',
    auth: 'admin',
    body: scheduleBody,
    operation: 'assistant/AdminAssistantSocialSchedule',
    summary:
      'Schedules a post: the publish body and at (ISO 8601, in the future). Answers {post} with status scheduled; the publishing job publishes it once at that time (across restarts) and records the result per account (admin GraphQL assistantSocialPosts); 404 for an account not the store’s',
    errors: [403, 404],
    refusals: [...ACCOUNT_REFUSALS, { code: 'invalid_field', field: 'at', when: 'at is not in the future (the platform’s clock)' }],
    variables: ({ body }) => ({ input: publishArgsOf(body), at: body.at }),
    respond: (d) => ({ post: d.scheduleAssistantSocialPost }),
  }),
];
