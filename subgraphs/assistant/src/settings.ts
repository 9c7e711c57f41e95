import { z } from 'zod';
import { defineSettings } from '@svc/kit';

export type CreditPlan = 'starter' | 'growth' | 'scale';
export const CREDIT_PLANS: readonly CreditPlan[] = ['starter', 'growth', 'scale'];

/** assistant's settings (the manifest's `settings`; see subgraphs/assistant/README.md). */
export interface AssistantSettings {
  /** credits each plan includes per calendar month (UTC) */
  allowance: Record<CreditPlan, number>;
  /** what one call costs by the model tier it used (an offline call costs `fast`) */
  tierCost: Record<'fast' | 'standard' | 'advanced', number>;
  /** the language-model provider: time for a whole answer, retries, circuit breaker */
  provider: { timeoutMs: number; retries: number; retryBaseMs: number; breakerFailures: number; breakerCooldownMs: number };
  /**
   * train the intent classifier right after the start (true), or on the first request that needs it
   * (false: test platforms, which mostly never ask the assistant and would pay the training at every start)
   */
  warmIntentAtStart: boolean;
  /** social networks and ad platforms (src/social, src/metrics) */
  social: {
    timeoutMs: number;
    meta: { graphUrl: string; dialogUrl: string; appId: string; appSecret: string };
    googleAds: { apiUrl: string; tokenUrl: string; clientId: string; clientSecret: string; developerToken: string };
    metricsCacheMs: number;
  };
}

const int = (min: number, max: number, def: number) => z.coerce.number().int().min(min).max(max).default(def);

export const assistantSettings = defineSettings(
  {
    ASSISTANT_CREDITS_STARTER: int(0, 100_000_000, 500).describe('assistant credits the starter plan includes per month (every store starts on it)'),
    ASSISTANT_CREDITS_GROWTH: int(0, 100_000_000, 2_000).describe('assistant credits the growth plan includes per month'),
    ASSISTANT_CREDITS_SCALE: int(0, 100_000_000, 10_000).describe('assistant credits the scale plan includes per month'),
    ASSISTANT_COST_FAST: int(0, 10_000, 1).describe('credits one assistant call of the fast model tier costs (offline calls cost this)'),
    ASSISTANT_COST_STANDARD: int(0, 10_000, 3).describe('credits one assistant call of the standard model tier costs'),
    ASSISTANT_COST_ADVANCED: int(0, 10_000, 10).describe('credits one assistant call of the advanced model tier costs'),
    ASSISTANT_LLM_TIMEOUT_MS: int(100, 600_000, 60_000).describe(
      'the language-model provider: time for one whole answer, streamed, before it counts as failed',
    ),
    ASSISTANT_LLM_RETRIES: int(0, 5, 2).describe(
      'the language-model provider: retries of a call that failed before any answer arrived (connection refused, 429, 5xx)',
    ),
    ASSISTANT_LLM_RETRY_MS: int(0, 60_000, 500).describe(
      'the language-model provider: the first retry waits this long, each next one twice as long (0 in tests)',
    ),
    ASSISTANT_LLM_BREAKER_FAILURES: int(1, 100, 3).describe('failed calls in a row after which the circuit breaker opens: the offline path answers'),
    ASSISTANT_LLM_BREAKER_COOLDOWN_MS: int(1_000, 3_600_000, 30_000).describe(
      'how long the open breaker sends calls to the offline path before it tries the provider again',
    ),
    ASSISTANT_SOCIAL_TIMEOUT_MS: int(100, 120_000, 20_000).describe('social networks and ad platforms: time for one call before it counts as failed'),
    ASSISTANT_META_GRAPH_URL: z
      .string()
      .url()
      .default('https://graph.facebook.com/v21.0')
      .describe('the Meta Graph API root (pages, Instagram, Marketing API insights)'),
    ASSISTANT_META_DIALOG_URL: z
      .string()
      .url()
      .default('https://www.facebook.com/v21.0/dialog/oauth')
      .describe('the Meta OAuth dialog a store admin is sent to when connecting Facebook Pages and Instagram'),
    ASSISTANT_META_APP_ID: z.string().max(100).default('').describe('the platform’s Meta app id (empty: Meta cannot be connected)'),
    ASSISTANT_META_APP_SECRET: z.string().max(200).default('').describe('the platform’s Meta app secret'),
    ASSISTANT_GOOGLE_ADS_URL: z.string().url().default('https://googleads.googleapis.com/v18').describe('the Google Ads API root (searchStream)'),
    ASSISTANT_GOOGLE_TOKEN_URL: z
      .string()
      .url()
      .default('https://oauth2.googleapis.com/token')
      .describe('Google’s OAuth token endpoint (refresh tokens of Google Ads)'),
    ASSISTANT_GOOGLE_CLIENT_ID: z.string().max(200).default('').describe('the platform’s Google OAuth client id (Google Ads)'),
    ASSISTANT_GOOGLE_CLIENT_SECRET: z.string().max(200).default('').describe('the platform’s Google OAuth client secret'),
    ASSISTANT_GOOGLE_ADS_DEVELOPER_TOKEN: z.string().max(200).default('').describe('the platform’s Google Ads developer token'),
    ASSISTANT_METRICS_CACHE_MS: int(0, 86_400_000, 900_000).describe(
      'how long a marketing dashboard of a store and range is kept before the ad platforms are asked again',
    ),
    ASSISTANT_WARM_AT_START: z
      .enum(['true', 'false'])
      .default('true')
      .describe('`false` trains the intent classifier on the first request that needs it instead of right after the start (about 1 s of CPU)'),
  },
  (e): AssistantSettings => ({
    allowance: { starter: e.ASSISTANT_CREDITS_STARTER, growth: e.ASSISTANT_CREDITS_GROWTH, scale: e.ASSISTANT_CREDITS_SCALE },
    tierCost: { fast: e.ASSISTANT_COST_FAST, standard: e.ASSISTANT_COST_STANDARD, advanced: e.ASSISTANT_COST_ADVANCED },
    provider: {
      timeoutMs: e.ASSISTANT_LLM_TIMEOUT_MS,
      retries: e.ASSISTANT_LLM_RETRIES,
      retryBaseMs: e.ASSISTANT_LLM_RETRY_MS,
      breakerFailures: e.ASSISTANT_LLM_BREAKER_FAILURES,
      breakerCooldownMs: e.ASSISTANT_LLM_BREAKER_COOLDOWN_MS,
    },
    warmIntentAtStart: e.ASSISTANT_WARM_AT_START === 'true',
    social: {
      timeoutMs: e.ASSISTANT_SOCIAL_TIMEOUT_MS,
      meta: {
        graphUrl: e.ASSISTANT_META_GRAPH_URL,
        dialogUrl: e.ASSISTANT_META_DIALOG_URL,
        appId: e.ASSISTANT_META_APP_ID,
        appSecret: e.ASSISTANT_META_APP_SECRET,
      },
      googleAds: {
        apiUrl: e.ASSISTANT_GOOGLE_ADS_URL,
        tokenUrl: e.ASSISTANT_GOOGLE_TOKEN_URL,
        clientId: e.ASSISTANT_GOOGLE_CLIENT_ID,
        clientSecret: e.ASSISTANT_GOOGLE_CLIENT_SECRET,
        developerToken: e.ASSISTANT_GOOGLE_ADS_DEVELOPER_TOKEN,
      },
      metricsCacheMs: e.ASSISTANT_METRICS_CACHE_MS,
    },
  }),
);
