import { callJson, form } from '../social/http';

/**
 * The Google Ads API as the marketing dashboard uses it (`https://googleads.googleapis.com/v18`):
 * an access token from the store's refresh token (`POST https://oauth2.googleapis.com/token`,
 * `grant_type=refresh_token`), then `POST /customers/{customer_id}/googleAds:searchStream` with a
 * GAQL query, the `developer-token` header and, for a manager account, `login-customer-id`. The
 * answer is a JSON array of batches, each `{results: [{segments: {date}, metrics: {costMicros,
 * impressions, clicks}, customer: {currencyCode}}], fieldMask, requestId}` (int64 values as strings).
 * Errors are `{error: {code, message, status, details}}` (OAuth: `{error, error_description}`).
 */
interface GoogleAdsApp {
  apiUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  developerToken: string;
  timeoutMs: number;
}

interface GoogleAdsDay {
  date: string;
  costMicros: number;
  impressions: number;
  clicks: number;
  currency: string | null;
}

const describe = (b: unknown) => {
  const e = (b as { error?: unknown; error_description?: string })?.error;
  if (typeof e === 'string') return { message: (b as { error_description?: string }).error_description ?? e, code: e };
  const o = e as { message?: string; status?: string } | undefined;
  return { message: o?.message, code: o?.status };
};

/** Spend (micros), impressions and clicks of a customer per day, both days included. */
export async function googleAdsDaily(
  app: GoogleAdsApp,
  a: { customerId: string; loginCustomerId: string | null; refreshToken: string },
  from: string,
  to: string,
): Promise<GoogleAdsDay[]> {
  const token = await callJson<{ access_token: string }>(
    app.tokenUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ grant_type: 'refresh_token', client_id: app.clientId, client_secret: app.clientSecret, refresh_token: a.refreshToken }),
      timeoutMs: app.timeoutMs,
    },
    describe,
  );
  const query =
    'SELECT segments.date, customer.currency_code, metrics.cost_micros, metrics.impressions, metrics.clicks ' +
    `FROM customer WHERE segments.date BETWEEN '${from}' AND '${to}' ORDER BY segments.date`;
  const headers: Record<string, string> = {
    authorization: `Bearer ${token.access_token}`,
    'developer-token': app.developerToken,
    'content-type': 'application/json',
  };
  if (a.loginCustomerId) headers['login-customer-id'] = a.loginCustomerId;
  const batches = await callJson<
    Array<{ results?: Array<{ segments?: { date?: string }; metrics?: Record<string, string | number>; customer?: { currencyCode?: string } }> }>
  >(
    `${app.apiUrl.replace(/\/+$/, '')}/customers/${a.customerId}/googleAds:searchStream`,
    { method: 'POST', headers, body: JSON.stringify({ query }), timeoutMs: app.timeoutMs },
    describe,
  );
  if (!Array.isArray(batches)) throw new Error('Google Ads answered something other than a stream of batches');
  const out: GoogleAdsDay[] = [];
  for (const b of batches)
    for (const r of b.results ?? []) {
      if (!r.segments?.date) continue;
      out.push({
        date: r.segments.date,
        costMicros: Number(r.metrics?.costMicros ?? 0),
        impressions: Number(r.metrics?.impressions ?? 0),
        clicks: Number(r.metrics?.clicks ?? 0),
        currency: r.customer?.currencyCode ?? null,
      });
    }
  return out;
}
