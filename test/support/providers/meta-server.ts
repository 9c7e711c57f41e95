import { ProtocolServer, rid, type Incoming, type Reply } from './protocol-server';

/**
 * A local server speaking the Meta Graph API (`/v21.0/…`) as the platform's Meta adapter uses it:
 *  - OAuth: `GET /oauth/access_token` with `code` (checked against the app id, secret and the
 *    redirect URI the code was issued for; one use) answers a short-lived user token; with
 *    `grant_type=fb_exchange_token` a valid user token is exchanged for a long-lived one (60 days);
 *  - `GET /me/accounts` (a user token): the user's Pages with page tokens and, when `fields` asks,
 *    their `instagram_business_account`;
 *  - `POST /{page-id}/photos` (`url`, `message`) and `POST /{page-id}/feed` (`message`, `link`)
 *    with that page's token, form-encoded;
 *  - `POST /{ig-user-id}/media` (`image_url`, `caption`) and `POST /{ig-user-id}/media_publish`
 *    (`creation_id`, one use) with the linked page's token;
 *  - `GET /act_{id}/insights` (`time_increment=1`, `time_range`, `fields`, `limit`, `after`):
 *    the account's rows per day in the range, paged with cursors.
 * Errors are Graph errors, `{error: {message, type, code, fbtrace_id}}`. Every request is recorded.
 */
interface Page {
  id: string;
  name: string;
  token: string;
  ig?: { id: string; username: string };
}

interface MetaPost {
  kind: 'photo' | 'feed' | 'instagram';
  target: string;
  id: string;
  message: string;
  image: string | null;
}

export class MetaServer {
  readonly appId = `app_${rid(8)}`;
  readonly appSecret = `secret_${rid(16)}`;
  readonly posts: MetaPost[] = [];
  readonly pages: Page[] = [
    { id: rid(15, '0123456789'), name: 'Demo Shop', token: `EAAP${rid(24)}`, ig: { id: `178${rid(14, '0123456789')}`, username: 'demoshop' } },
    { id: rid(15, '0123456789'), name: 'Demo Shop Outlet', token: `EAAP${rid(24)}` },
  ];
  /** ad account id (without act_) → rows per day */
  readonly insights = new Map<string, Array<{ date: string; spend: string; impressions: string; clicks: string }>>();
  private readonly codes = new Map<string, string>();
  private readonly userTokens = new Map<string, { long: boolean }>();
  private readonly containers = new Map<string, { ig: string; caption: string; image: string; published: boolean }>();
  readonly server: ProtocolServer;
  /** the most rows a page of insights holds, whatever `limit` asks (Meta caps it too) */
  pageSize = 100;

  constructor() {
    this.server = new ProtocolServer((r) => this.handle(r), {
      error: { message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', code: 2, fbtrace_id: 'Atrace' },
    });
  }

  async start(): Promise<this> {
    await this.server.start();
    return this;
  }

  get graphUrl(): string {
    return `${this.server.url}/v21.0`;
  }

  /** A code the dialog would hand the redirect URI after the admin consented. */
  issueCode(redirectUri: string): string {
    const code = `AQ${rid(40)}`;
    this.codes.set(code, redirectUri);
    return code;
  }

  /** An access token of the ad accounts' owner (a system user's token, as a business uses for reporting). */
  issueUserToken(): string {
    const t = `EAAU${rid(32)}`;
    this.userTokens.set(t, { long: true });
    return t;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private handle(r: Incoming): Reply {
    const path = r.path.replace(/^\/v\d+\.\d+/, '');
    const params = r.method === 'POST' ? new URLSearchParams(r.body) : r.query;
    const token = params.get('access_token') ?? '';
    if (r.method === 'GET' && path === '/oauth/access_token') return this.oauth(params);
    if (r.method === 'GET' && path === '/me/accounts') {
      if (!this.userTokens.has(token)) return invalidToken();
      const withIg = (params.get('fields') ?? '').includes('instagram_business_account');
      return {
        status: 200,
        body: {
          data: this.pages.map((p) => ({
            id: p.id,
            name: p.name,
            access_token: p.token,
            ...(withIg && p.ig ? { instagram_business_account: { id: p.ig.id, username: p.ig.username } } : {}),
          })),
          paging: { cursors: { before: 'b', after: 'a' } },
        },
      };
    }
    const insights = path.match(/^\/act_(\d+)\/insights$/);
    if (r.method === 'GET' && insights) return this.insightsOf(insights[1], params, token);
    const m = path.match(/^\/(\d+)\/(photos|feed|media|media_publish)$/);
    if (r.method === 'POST' && m) {
      const [, node, edge] = m;
      const page = this.pages.find((p) => p.id === node);
      const igPage = this.pages.find((p) => p.ig?.id === node);
      if (edge === 'photos' || edge === 'feed') {
        if (!page) return error(400, 100, `Unsupported post request. Object with ID '${node}' does not exist`);
        if (token !== page.token) return invalidToken();
        const message = params.get('message') ?? '';
        if (edge === 'photos') {
          const url = params.get('url');
          if (!url) return error(400, 324, '(#324) Requires upload file');
          const id = rid(15, '0123456789');
          this.posts.push({ kind: 'photo', target: page.id, id, message, image: url });
          return { status: 200, body: { id, post_id: `${page.id}_${id}` } };
        }
        if (!message && !params.get('link')) return error(400, 100, '(#100) Missing message or attachment');
        const id = `${page.id}_${rid(15, '0123456789')}`;
        this.posts.push({ kind: 'feed', target: page.id, id, message, image: null });
        return { status: 200, body: { id } };
      }
      if (!igPage) return error(400, 100, `Unsupported post request. Object with ID '${node}' does not exist`);
      if (token !== igPage.token) return invalidToken();
      if (edge === 'media') {
        const image = params.get('image_url');
        if (!image) return error(400, 100, '(#100) The parameter image_url is required');
        const id = rid(17, '0123456789');
        this.containers.set(id, { ig: node, caption: params.get('caption') ?? '', image, published: false });
        return { status: 200, body: { id } };
      }
      const c = this.containers.get(params.get('creation_id') ?? '');
      if (!c || c.ig !== node) return error(400, 100, '(#100) Invalid parameter creation_id');
      if (c.published) return error(400, 9007, 'The media is already published');
      c.published = true;
      const id = rid(17, '0123456789');
      this.posts.push({ kind: 'instagram', target: node, id, message: c.caption, image: c.image });
      return { status: 200, body: { id } };
    }
    return error(400, 100, `Unknown path components: ${path}`);
  }

  private oauth(q: URLSearchParams): Reply {
    if (q.get('client_id') !== this.appId || q.get('client_secret') !== this.appSecret) return error(400, 1, 'Error validating client secret.');
    if (q.get('grant_type') === 'fb_exchange_token') {
      const old = q.get('fb_exchange_token') ?? '';
      if (!this.userTokens.has(old)) return invalidToken();
      const t = `EAAL${rid(32)}`;
      this.userTokens.set(t, { long: true });
      return { status: 200, body: { access_token: t, token_type: 'bearer', expires_in: 5_184_000 } };
    }
    const code = q.get('code') ?? '';
    const redirect = this.codes.get(code);
    if (!redirect) return error(400, 100, 'This authorization code has been used.');
    if (redirect !== q.get('redirect_uri'))
      return error(
        400,
        100,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      );
    this.codes.delete(code);
    const t = `EAAS${rid(32)}`;
    this.userTokens.set(t, { long: false });
    return { status: 200, body: { access_token: t, token_type: 'bearer', expires_in: 5_400 } };
  }

  private insightsOf(account: string, q: URLSearchParams, token: string): Reply {
    if (!this.userTokens.has(token)) return invalidToken();
    const rows = this.insights.get(account);
    if (!rows) return error(400, 100, `(#100) Unsupported get request. Object with ID 'act_${account}' does not exist`);
    if (q.get('time_increment') !== '1') return error(400, 100, '(#100) this server answers per day only (time_increment=1)');
    let range: { since?: string; until?: string };
    try {
      range = JSON.parse(q.get('time_range') ?? '');
    } catch {
      return error(400, 100, '(#100) time_range must be JSON');
    }
    const fields = (q.get('fields') ?? '').split(',');
    const inRange = rows.filter((x) => x.date >= range.since! && x.date <= range.until!).sort((a, b) => a.date.localeCompare(b.date));
    const limit = Math.min(Number(q.get('limit') ?? 25), this.pageSize);
    const start = Number(q.get('after') ?? 0);
    const page = inRange.slice(start, start + limit).map((x) => {
      const row: Record<string, string> = { date_start: x.date, date_stop: x.date };
      for (const f of ['spend', 'impressions', 'clicks'] as const) if (fields.includes(f)) row[f] = x[f];
      if (fields.includes('account_currency')) row.account_currency = 'EUR';
      return row;
    });
    const next = start + limit < inRange.length ? String(start + limit) : null;
    const paging: Record<string, unknown> = { cursors: { before: String(start), after: next ?? String(start) } };
    if (next) paging.next = `${this.graphUrl}/act_${account}/insights?after=${next}`;
    return { status: 200, body: { data: page, paging } };
  }
}

function error(status: number, code: number, message: string): Reply {
  return { status, body: { error: { message, type: 'OAuthException', code, fbtrace_id: `A${rid(10)}` } } };
}

const invalidToken = () => error(400, 190, 'Invalid OAuth access token - Cannot parse access token');
