import { setTimeout as wait } from 'node:timers/promises';
import { DomainError, SecretBox, checkOutboundUrl, requireTenant, systemClock, type Clock, type RequestContext, type Store } from '@svc/kit';
import { ProviderSetting } from '../entities/provider-setting.entity';
import type { ProviderInput } from '../inputs/assistant.input';
import { CircuitBreaker, LlmError, streamChatCompletion, type LlmAnswer, type LlmMessage, type LlmTool } from '../providers/openai-chat';
import type { ModelTier } from '../skills/catalog';
import type { AssistantSettings } from '../settings';

const KEY_PURPOSE = 'assistant.llm_key';
const KIND = 'language_model';

interface ProviderView {
  kind: string;
  base_url: string;
  models: { fast: string; standard: string; advanced: string };
  /** the key's last four characters, never the key */
  api_key_hint: string;
  enabled: boolean;
  /** closed (calls go to the provider) or open (the offline path answers until the cooldown ends) */
  breaker: 'closed' | 'open';
  updated_at: string;
}

/**
 * The store's language-model provider: its configuration (the key sealed with the platform's
 * SecretBox, like other providers' secrets) and the calls, with a timeout, retries of calls that
 * failed before any answer, and a circuit breaker per store. `complete` answers null when no
 * provider is configured or the breaker is open (the caller takes the offline path), and throws
 * 502 provider_unavailable when the provider fails.
 */
export class ProviderService {
  private readonly box: SecretBox;
  private readonly breaker: CircuitBreaker;

  constructor(
    private readonly store: Store,
    secretsKey: string,
    private readonly production: boolean,
    private readonly settings: AssistantSettings['provider'],
    private readonly clock: Clock = systemClock,
  ) {
    this.box = new SecretBox(secretsKey);
    this.breaker = new CircuitBreaker(settings.breakerFailures, settings.breakerCooldownMs, () => clock.now());
  }

  /** Admin: saves the store's provider (a new key replaces the old; without one the saved key stays). */
  async configure(ctx: RequestContext, input: ProviderInput): Promise<ProviderView> {
    const tenantId = requireTenant(ctx);
    const baseUrl = checkOutboundUrl('base_url', input.base_url, this.production);
    const saved = await this.store.transaction(ctx, async (em) => {
      const row = await em.findOne(ProviderSetting, { kind: KIND });
      const keySealed = input.api_key ? this.box.seal(input.api_key, KEY_PURPOSE) : row?.keySealed;
      if (!keySealed)
        throw new DomainError('validation_error', 'missing_field', 'api_key is required the first time', [
          { field: 'api_key', code: 'missing_field', message: 'api_key is required' },
        ]);
      const values = { baseUrl, models: input.models, keySealed, enabled: input.enabled ?? true, updatedAt: new Date(this.clock.now()) };
      if (row) return Object.assign(row, values);
      return em.create(ProviderSetting, { tenantId, kind: KIND, ...values });
    });
    // a new configuration starts with a closed breaker
    this.breaker.reset(tenantId);
    return this.view(saved, tenantId);
  }

  async get(ctx: RequestContext): Promise<ProviderView | null> {
    const tenantId = requireTenant(ctx);
    const row = await this.store.em(ctx).findOne(ProviderSetting, { kind: KIND });
    return row ? this.view(row, tenantId) : null;
  }

  /** Whether the store has an enabled language-model provider. */
  async configured(ctx: RequestContext): Promise<boolean> {
    return !!(await this.row(ctx));
  }

  /**
   * One completion with the model of the tier. Null: no provider, or its breaker is open (take the
   * offline path). Throws 502 provider_unavailable when the provider fails (after the retries).
   */
  async complete(ctx: RequestContext, tier: ModelTier, messages: LlmMessage[], tools: LlmTool[], onDelta?: (text: string) => void): Promise<LlmAnswer | null> {
    const tenantId = requireTenant(ctx);
    const row = await this.row(ctx);
    if (!row || !this.breaker.allows(tenantId)) return null;
    const apiKey = this.box.open(row.keySealed, KEY_PURPOSE);
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await streamChatCompletion({
          baseUrl: row.baseUrl,
          apiKey,
          model: row.models[tier] ?? row.models.standard,
          messages,
          tools,
          timeoutMs: this.settings.timeoutMs,
          onDelta,
        });
        this.breaker.succeeded(tenantId);
        return answer;
      } catch (err) {
        const e = err instanceof LlmError ? err : new LlmError((err as Error).message, false);
        if (e.retryable && attempt < this.settings.retries) {
          ctx.log.info({ attempt: attempt + 1, why: e.message }, 'assistant: retrying the language-model provider');
          if (this.settings.retryBaseMs) await wait(this.settings.retryBaseMs * 2 ** attempt);
          continue;
        }
        this.breaker.failed(tenantId);
        ctx.log.warn({ why: e.message, status: e.status }, 'assistant: the language-model provider failed');
        throw new DomainError('provider_error', 'provider_unavailable', `The language-model provider is unavailable (${e.message}); nothing was changed`);
      }
    }
  }

  private async row(ctx: RequestContext): Promise<ProviderSetting | null> {
    const row = await this.store.em(ctx).findOne(ProviderSetting, { kind: KIND });
    return row?.enabled ? row : null;
  }

  private view(row: ProviderSetting, tenantId: string): ProviderView {
    const key = (() => {
      try {
        return this.box.open(row.keySealed, KEY_PURPOSE);
      } catch {
        return '';
      }
    })();
    return {
      kind: row.kind,
      base_url: row.baseUrl,
      models: row.models as ProviderView['models'],
      api_key_hint: key ? `…${key.slice(-4)}` : '',
      enabled: row.enabled,
      breaker: this.breaker.isOpen(tenantId) ? 'open' : 'closed',
      updated_at: row.updatedAt.toISOString(),
    };
  }
}
