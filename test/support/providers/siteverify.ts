import { ProtocolServer, type Incoming } from './protocol-server';

/**
 * A siteverify endpoint as reCAPTCHA, hCaptcha and Turnstile answer it: POST form `secret`,
 * `response`, optional `remoteip`; JSON `{success, challenge_ts, hostname, score?, 'error-codes'}`.
 * It knows one secret; `tokens` maps a response token to the score it earns (reCAPTCHA v3), or to
 * null (v2, hCaptcha, Turnstile: no score). Each token is accepted once, like the real ones.
 */
export class SiteverifyServer {
  readonly server: ProtocolServer;
  readonly tokens = new Map<string, number | null>();
  private readonly used = new Set<string>();
  /** the form fields of every verification received */
  readonly verifications: URLSearchParams[] = [];

  constructor(readonly secret: string) {
    this.server = new ProtocolServer((req) => this.handle(req), { success: false, 'error-codes': ['internal-error'] });
  }

  get url(): string {
    return `${this.server.url}/siteverify`;
  }

  async start(): Promise<this> {
    await this.server.start();
    return this;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private handle(req: Incoming) {
    if (req.method !== 'POST' || req.path !== '/siteverify') return { status: 404, body: { error: 'not found' } };
    if (!/application\/x-www-form-urlencoded/.test(String(req.headers['content-type'])))
      return { status: 400, body: { success: false, 'error-codes': ['bad-request'] } };
    const form = new URLSearchParams(req.body);
    this.verifications.push(form);
    const fail = (code: string) => ({ status: 200, body: { success: false, 'error-codes': [code] } });
    if (!form.get('secret')) return fail('missing-input-secret');
    if (form.get('secret') !== this.secret) return fail('invalid-input-secret');
    const token = form.get('response');
    if (!token) return fail('missing-input-response');
    if (!this.tokens.has(token)) return fail('invalid-input-response');
    if (this.used.has(token)) return fail('timeout-or-duplicate');
    this.used.add(token);
    const score = this.tokens.get(token);
    return {
      status: 200,
      body: {
        success: true,
        challenge_ts: new Date().toISOString(),
        hostname: 'shop.example.com',
        'error-codes': [],
        ...(score === null ? {} : { score, action: 'submit' }),
      },
    };
  }
}
