import { route } from '@svc/kit';
import { dashboardQuery } from './metrics.input';

/** The marketing dashboard route (admin JWT). */
export const metricsRoutes = [
  route({
    method: 'GET',
    path: '/admin/ai/marketing/metrics/dashboard',
    auth: 'admin',
    query: dashboardQuery,
    operation: 'assistant/AdminAssistantMarketingDashboard',
    summary:
      'Cross-channel marketing metrics for from..to (days, YYYY-MM-DD, UTC, both included, at most 366 days): {from, to, channels: [{channel: meta | google_ads | other, status: ok | unavailable | not_connected, error, account_id, currency_code, sources, totals, days: [{day, spend, impressions, clicks, conversions, revenue: [{currency_code, amount}]}]}], platform: {orders, revenue, days}, computed_at, cached}. Spend from the Meta Marketing API and Google Ads; conversions and revenue from the store’s tracked purchases by utm_source; cached per store and range. 400 invalid_range; a channel that fails is reported unavailable, 502 provider_unavailable when every connected channel fails',
    errors: [502],
    refusals: [{ code: 'invalid_range', field: 'to', when: 'from is after to, or the range covers more than 366 days' }],
    variables: ({ query }) => ({ from: query.from, to: query.to }),
    respond: (d) => d.assistantMarketingDashboard,
  }),
];
