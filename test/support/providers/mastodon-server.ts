import { ProtocolServer, rid, type Incoming, type Reply } from './protocol-server';

/**
 * A local Mastodon instance as the platform's adapter uses it:
 *  - `POST /api/v1/apps` (form: `client_name`, `redirect_uris`, `scopes`) registers an app and answers its `client_id` and `client_secret`;
 *  - `POST /oauth/token` (`grant_type=authorization_code`, `code`, `client_id`, `client_secret`,
 *    `redirect_uri`) exchanges a code the authorization page issued (`issueCode`, one use, for that
 *    app and redirect URI) for a token that does not expire;
 *  - `GET /api/v1/accounts/verify_credentials` (Bearer): the account;
 *  - `POST /api/v2/media` (multipart, a `file` part of an image type): an attachment of the account;
 *  - `POST /api/v1/statuses` (JSON `status`, `media_ids`, `visibility`; `Idempotency-Key`): a status
 *    of at most 500 characters; the same key of the same account answers the status it made before.
 * It also serves an image at `/files/tee.png` (the public image a post names). Errors are
 * `{error}` (OAuth: `{error, error_description}`). Every request is recorded.
 */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

interface MastodonStatus {
  id: string;
  account: string;
  text: string;
  media: string[];
  key: string | null;
}

export class MastodonServer {
  readonly statuses: MastodonStatus[] = [];
  readonly account = { id: rid(18, '0123456789'), username: 'demoshop', acct: 'demoshop', display_name: 'Demo Shop' };
  readonly apps = new Map<string, { secret: string; redirect: string; scopes: string }>();
  private readonly codes = new Map<string, { client: string; redirect: string }>();
  private readonly tokens = new Set<string>();
  private readonly media = new Map<string, { type: string; size: number }>();
  private readonly byKey = new Map<string, MastodonStatus>();
  readonly server: ProtocolServer;

  constructor() {
    this.server = new ProtocolServer((r) => this.handle(r), { error: 'We\u2019re sorry, but something went wrong on our end.' });
  }

  async start(): Promise<this> {
    await this.server.start();
    return this;
  }

  get url(): string {
    return this.server.url;
  }

  /** What the authorization page hands the redirect URI after the user allowed the app. */
  issueCode(clientId: string, redirectUri: string): string {
    const code = rid(43);
    this.codes.set(code, { client: clientId, redirect: redirectUri });
    return code;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private handle(r: Incoming): Reply | Promise<Reply> {
    if (r.method === 'GET' && r.path === '/files/tee.png') return { status: 200, headers: { 'content-type': 'image/png' }, body: PNG.toString('latin1') };
    if (r.method === 'POST' && r.path === '/api/v1/apps') {
      const f = new URLSearchParams(r.body);
      const redirect = f.get('redirect_uris');
      if (!f.get('client_name') || !redirect) return { status: 422, body: { error: "Validation failed: Name can't be blank, Redirect URI can't be blank" } };
      const id = rid(43);
      const secret = rid(43);
      this.apps.set(id, { secret, redirect, scopes: f.get('scopes') ?? 'read' });
      return {
        status: 200,
        body: {
          id: rid(6, '0123456789'),
          name: f.get('client_name'),
          website: null,
          redirect_uri: redirect,
          client_id: id,
          client_secret: secret,
          vapid_key: rid(20),
        },
      };
    }
    if (r.method === 'POST' && r.path === '/oauth/token') {
      const f = new URLSearchParams(r.body);
      const app = this.apps.get(f.get('client_id') ?? '');
      if (!app || app.secret !== f.get('client_secret'))
        return {
          status: 401,
          body: {
            error: 'invalid_client',
            error_description: 'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
          },
        };
      const code = this.codes.get(f.get('code') ?? '');
      if (f.get('grant_type') !== 'authorization_code' || !code || code.client !== f.get('client_id') || code.redirect !== f.get('redirect_uri'))
        return {
          status: 400,
          body: {
            error: 'invalid_grant',
            error_description:
              'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
          },
        };
      this.codes.delete(f.get('code')!);
      const token = rid(43);
      this.tokens.add(token);
      return { status: 200, body: { access_token: token, token_type: 'Bearer', scope: app.scopes, created_at: Math.floor(Date.now() / 1000) } };
    }
    const token = (r.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!this.tokens.has(token)) return { status: 401, body: { error: 'The access token is invalid' } };
    if (r.method === 'GET' && r.path === '/api/v1/accounts/verify_credentials')
      return { status: 200, body: { ...this.account, url: `${this.url}/@${this.account.username}`, note: '', followers_count: 0 } };
    if (r.method === 'POST' && r.path === '/api/v2/media') {
      const type = r.headers['content-type'] ?? '';
      const part = r.body.match(/Content-Disposition: form-data; name="file"; filename="[^"]*"\r\nContent-Type: (image\/[a-z]+)\r\n\r\n/i);
      if (!type.startsWith('multipart/form-data') || !part)
        return { status: 422, body: { error: 'Validation failed: File content type is invalid, File is invalid' } };
      const id = rid(18, '0123456789');
      this.media.set(id, { type: part[1], size: r.body.length });
      return {
        status: 200,
        body: { id, type: 'image', url: `${this.url}/system/media/${id}.png`, preview_url: `${this.url}/system/media/${id}_small.png`, description: null },
      };
    }
    if (r.method === 'POST' && r.path === '/api/v1/statuses') {
      let body: { status?: string; media_ids?: string[]; visibility?: string };
      try {
        body = JSON.parse(r.body);
      } catch {
        return { status: 400, body: { error: 'Invalid JSON' } };
      }
      const key = (r.headers['idempotency-key'] as string | undefined) ?? null;
      if (key && this.byKey.has(`${token}:${key}`)) return { status: 200, body: this.view(this.byKey.get(`${token}:${key}`)!) };
      const text = body.status ?? '';
      const media = body.media_ids ?? [];
      if (!text && !media.length) return { status: 422, body: { error: "Validation failed: Text can't be blank" } };
      if ([...text].length > 500) return { status: 422, body: { error: 'Validation failed: Text character limit of 500 exceeded' } };
      if (media.some((m) => !this.media.has(m))) return { status: 422, body: { error: 'Validation failed: media_ids contains an unknown attachment' } };
      const status: MastodonStatus = { id: rid(18, '0123456789'), account: this.account.id, text, media, key };
      this.statuses.push(status);
      if (key) this.byKey.set(`${token}:${key}`, status);
      return { status: 200, body: this.view(status) };
    }
    return { status: 404, body: { error: 'Record not found' } };
  }

  private view(s: MastodonStatus) {
    return {
      id: s.id,
      url: `${this.url}/@${this.account.username}/${s.id}`,
      content: `<p>${s.text}</p>`,
      visibility: 'public',
      media_attachments: s.media.map((id) => ({ id, type: 'image' })),
      account: this.account,
    };
  }
}
