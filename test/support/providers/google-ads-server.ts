import { ProtocolServer, rid, type Incoming, type Reply } from './protocol-server';

/**
 * A local server speaking Google's OAuth token endpoint and the Google Ads API as the dashboard uses them:
 *  - `POST /token` (form: `grant_type=refresh_token`, `client_id`, `client_secret`, `refresh_token`)
 *    answers `{access_token, expires_in, scope, token_type}`, or `{error: "invalid_grant" | "invalid_client", error_description}`;
 *  - `POST /v18/customers/{id}/googleAds:searchStream` with `Authorization: Bearer`, `developer-token`
 *    and (for a manager) `login-customer-id` runs a GAQL query of the form
 *    `SELECT <fields> FROM customer WHERE segments.date BETWEEN 'a' AND 'b' [ORDER BY segments.date]`:
 *    the selected fields of the customer's rows per day, as a JSON array of batches (int64 values as
 *    strings, field names in lowerCamelCase), `batchSize` rows each.
 * Errors are `{error: {code, message, status, details}}`. Every request is recorded.
 */
export class GoogleAdsServer {
  readonly clientId = `${rid(12, '0123456789')}-test.apps.googleusercontent.com`;
  readonly clientSecret = `GOCSPX-${rid(20)}`;
  readonly developerToken = `dev-${rid(16)}`;
  readonly refreshToken = `1//${rid(40)}`;
  /** customer id → manager id it must be reached through (or null) and rows per day */
  readonly customers = new Map<
    string,
    { manager: string | null; currency: string; rows: Array<{ date: string; costMicros: number; impressions: number; clicks: number }> }
  >();
  batchSize = 2;
  private readonly accessTokens = new Set<string>();
  readonly server: ProtocolServer;

  constructor() {
    this.server = new ProtocolServer((r) => this.handle(r), { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } });
  }

  async start(): Promise<this> {
    await this.server.start();
    return this;
  }

  get tokenUrl(): string {
    return `${this.server.url}/token`;
  }

  get apiUrl(): string {
    return `${this.server.url}/v18`;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private handle(r: Incoming): Reply {
    if (r.method === 'POST' && r.path === '/token') {
      const f = new URLSearchParams(r.body);
      if (f.get('client_id') !== this.clientId || f.get('client_secret') !== this.clientSecret)
        return { status: 401, body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' } };
      if (f.get('grant_type') !== 'refresh_token' || f.get('refresh_token') !== this.refreshToken)
        return { status: 400, body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } };
      const t = `ya29.${rid(40)}`;
      this.accessTokens.add(t);
      return { status: 200, body: { access_token: t, expires_in: 3599, scope: 'https://www.googleapis.com/auth/adwords', token_type: 'Bearer' } };
    }
    const m = r.path.match(/^\/v18\/customers\/(\d{10})\/googleAds:searchStream$/);
    if (r.method !== 'POST' || !m) return error(404, 'NOT_FOUND', `The requested URL ${r.path} was not found on this server.`);
    const auth = (r.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!this.accessTokens.has(auth)) return error(401, 'UNAUTHENTICATED', 'Request is missing required authentication credential.');
    if (r.headers['developer-token'] !== this.developerToken) return error(401, 'UNAUTHENTICATED', 'The developer token is not valid.');
    const customer = this.customers.get(m[1]);
    if (!customer) return error(403, 'PERMISSION_DENIED', 'The caller does not have permission');
    if ((r.headers['login-customer-id'] ?? null) !== customer.manager)
      return error(
        403,
        'PERMISSION_DENIED',
        "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header.",
      );
    let query: string;
    try {
      query = String(JSON.parse(r.body).query ?? '');
    } catch {
      return error(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    const q = query.match(
      /^SELECT (.+) FROM customer WHERE segments\.date BETWEEN '(\d{4}-\d{2}-\d{2})' AND '(\d{4}-\d{2}-\d{2})'( ORDER BY segments\.date)?$/,
    );
    if (!q) return error(400, 'INVALID_ARGUMENT', `Error in query: unexpected input ${query.slice(0, 40)}`);
    const fields = q[1].split(',').map((s) => s.trim());
    const known = ['segments.date', 'customer.currency_code', 'metrics.cost_micros', 'metrics.impressions', 'metrics.clicks'];
    const unknown = fields.find((f) => !known.includes(f));
    if (unknown) return error(400, 'INVALID_ARGUMENT', `Unrecognized field in the query: '${unknown}'.`);
    const rows = customer.rows.filter((x) => x.date >= q[2] && x.date <= q[3]).sort((a, b) => a.date.localeCompare(b.date));
    const results = rows.map((x) => {
      const row: Record<string, Record<string, string>> = {};
      const put = (res: string, key: string, v: string) => ((row[res] ??= {})[key] = v);
      if (fields.includes('customer.currency_code')) put('customer', 'currencyCode', customer.currency);
      if (fields.includes('metrics.cost_micros')) put('metrics', 'costMicros', String(x.costMicros));
      if (fields.includes('metrics.impressions')) put('metrics', 'impressions', String(x.impressions));
      if (fields.includes('metrics.clicks')) put('metrics', 'clicks', String(x.clicks));
      if (fields.includes('segments.date')) put('segments', 'date', x.date);
      return { customer: { resourceName: `customers/${m[1]}`, ...row.customer }, ...row };
    });
    const fieldMask = fields.map((f) => f.replace(/_([a-z])/g, (_s, c: string) => c.toUpperCase())).join(',');
    const batches = [];
    for (let i = 0; i < results.length || i === 0; i += this.batchSize)
      batches.push({ results: results.slice(i, i + this.batchSize), fieldMask, requestId: rid(22) });
    return { status: 200, body: batches };
  }
}

function error(code: number, status: string, message: string): Reply {
  return { status: code, body: { error: { code, message, status, details: [] } } };
}
