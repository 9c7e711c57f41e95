import { DomainError, Errors, SecretBox, checkOutboundUrl, readLimited, requireTenant, type RequestContext, type Store } from '@svc/kit';
import { FormVerifier } from '../entities/form.entity';
import { formsEvents } from '../events';
import type { ConfigureVerifierData } from '../inputs/form.input';
import { VERIFY_URLS, toVerifierView, type VerifierView } from './views';

const SECRET = 'form_verifier.secret';
const VERIFY_TIMEOUT_MS = 5000;

const refused = (message: string) => new DomainError('permission_error', 'invalid_challenge_token', message);
const unavailable = (provider: string, detail: string) =>
  new DomainError('provider_error', 'provider_unavailable', `The challenge verifier (${provider}) could not be reached or answered unexpectedly: ${detail}`);

/** a siteverify answer is a few hundred bytes; more is not read */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * The tenant's reCAPTCHA-style verifier: reCAPTCHA, hCaptcha and Turnstile share the siteverify
 * protocol (POST form `secret`, `response`, optional `remoteip`; JSON `{success, score?, …}`).
 */
export class VerifierService {
  private readonly box: SecretBox;

  constructor(
    private readonly store: Store,
    secretsKey: string,
    /** production refuses verify URLs on loopback and private addresses */
    private readonly production = false,
  ) {
    this.box = new SecretBox(secretsKey);
  }

  async get(ctx: RequestContext): Promise<VerifierView | null> {
    const row = await this.store.em(ctx).findOne(FormVerifier, {});
    return row ? toVerifierView(row) : null;
  }

  async configure(ctx: RequestContext, input: ConfigureVerifierData): Promise<VerifierView> {
    if (input.verify_url) checkOutboundUrl('verify_url', input.verify_url, this.production);
    if (input.min_score !== undefined && input.min_score !== null && input.provider !== 'recaptcha') {
      throw Errors.invalidField('min_score', 'min_score applies to reCAPTCHA v3 only');
    }
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      let row = await em.findOne(FormVerifier, {});
      if (!row) {
        if (!input.secret) throw Errors.invalidField('secret', 'secret is required when the verifier is first configured');
        row = em.create(FormVerifier, { tenantId, provider: input.provider, secretSealed: this.box.seal(input.secret, SECRET) });
      } else if (row.provider !== input.provider && !input.secret) {
        throw Errors.invalidField('secret', 'a new provider needs its secret');
      }
      row.provider = input.provider;
      if (input.secret) row.secretSealed = this.box.seal(input.secret, SECRET);
      if (input.verify_url !== undefined) row.verifyUrl = input.verify_url || null;
      if (input.min_score !== undefined) row.minScore = input.min_score;
      if (input.provider !== 'recaptcha') row.minScore = null;
      if (input.enabled !== undefined && input.enabled !== null) row.enabled = input.enabled;
      row.updatedAt = new Date();
      formsEvents.emit(em, tx, 'form_verifier.updated', { provider: row.provider, enabled: row.enabled });
      await em.flush();
      return toVerifierView(row);
    });
  }

  async remove(ctx: RequestContext): Promise<boolean> {
    return this.store.transaction(ctx, async (em, tx) => {
      const row = await em.findOne(FormVerifier, {});
      if (!row) throw Errors.notFound('Form verifier');
      em.remove(row);
      formsEvents.emit(em, tx, 'form_verifier.updated', { provider: row.provider, enabled: false });
      return true;
    });
  }

  /**
   * Checks `token` when the tenant has an enabled verifier (nothing to check otherwise): missing or
   * refused → 403 `invalid_challenge_token`; verifier unreachable or answering nonsense → 502.
   */
  async verify(ctx: RequestContext, token: string | undefined): Promise<boolean> {
    const row = await this.store.em(ctx).findOne(FormVerifier, {});
    if (!row?.enabled) return false;
    if (!token) throw refused('A challenge token (challenge_token) is required');
    const url = row.verifyUrl ?? VERIFY_URLS[row.provider];
    const form = new URLSearchParams({ secret: this.box.open(row.secretSealed, SECRET), response: token });
    if (ctx.clientIp) form.set('remoteip', ctx.clientIp);
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        body: form,
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (err) {
      ctx.log.warn({ err, provider: row.provider }, 'challenge verifier unreachable');
      throw unavailable(row.provider, 'no answer');
    }
    let body: { success?: unknown; score?: unknown; 'error-codes'?: unknown };
    try {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      body = JSON.parse(await readLimited(res, MAX_ANSWER_BYTES)) as typeof body;
      if (typeof body?.success !== 'boolean') throw new Error('no success field');
    } catch (err) {
      ctx.log.warn({ err, provider: row.provider, status: res.status }, 'challenge verifier answered unexpectedly');
      throw unavailable(row.provider, `HTTP ${res.status}`);
    }
    if (!body.success) throw refused('The challenge token was refused by the verifier');
    if (row.minScore !== null && typeof body.score === 'number' && body.score < row.minScore) {
      throw refused('The challenge score is too low');
    }
    return true;
  }
}
