/**
 * The language-model adapter: the OpenAI-compatible chat completions API
 * (`POST <base URL>/chat/completions`, `stream: true`), spoken by OpenAI, Azure OpenAI's v1
 * endpoint, Mistral, Groq, vLLM, Ollama, LM Studio and others. The answer arrives as server-sent
 * events, one `chat.completion.chunk` per `data:` line until `data: [DONE]`; text comes as
 * `choices[0].delta.content`, tool calls as `choices[0].delta.tool_calls[]` whose `function.arguments`
 * arrive in pieces, joined per `index`.
 */

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A function the model may call: one of the skill's actions, its parameters as JSON Schema. */
export interface LlmTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

interface LlmRequest {
  baseUrl: string;
  apiKey: string;
  model: string;
  messages: LlmMessage[];
  tools?: LlmTool[];
  timeoutMs: number;
  /** each piece of text as it arrives */
  onDelta?: (text: string) => void;
}

export interface LlmToolCall {
  id: string;
  name: string;
  /** the arguments as the model wrote them (JSON text; parse with care) */
  arguments: string;
}

export interface LlmAnswer {
  content: string;
  /** the text in the pieces it arrived in */
  deltas: string[];
  toolCalls: LlmToolCall[];
  finishReason: string | null;
  model: string | null;
}

/** Why a call failed; `retryable` when nothing was answered yet and a retry may succeed. */
export class LlmError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** At most this much of an answer is read (a hostile or broken server cannot make the platform hold more). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

interface Chunk {
  model?: string;
  choices?: Array<{
    delta?: { content?: string | null; tool_calls?: Array<{ index?: number; id?: string; function?: { name?: string; arguments?: string } }> };
    finish_reason?: string | null;
  }>;
  error?: { message?: string };
}

/** One streamed chat completion. Throws LlmError (retryable for connection failures, 408, 429 and 5xx before any answer). */
export async function streamChatCompletion(req: LlmRequest): Promise<LlmAnswer> {
  const url = `${req.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const body: Record<string, unknown> = { model: req.model, messages: req.messages, stream: true };
  if (req.tools?.length) {
    body.tools = req.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
    body.tool_choice = 'auto';
  }
  const signal = AbortSignal.timeout(req.timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${req.apiKey}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal,
      redirect: 'error',
    });
  } catch (err) {
    throw new LlmError(`the provider could not be reached (${(err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).message})`, true);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    const retryable = res.status === 408 || res.status === 429 || res.status >= 500;
    throw new LlmError(`the provider answered ${res.status}`, retryable, res.status);
  }
  if (!res.body) throw new LlmError('the provider answered without a body', true);

  const answer: LlmAnswer = { content: '', deltas: [], toolCalls: [], finishReason: null, model: null };
  const calls = new Map<number, LlmToolCall>();
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  let buffer = '';
  let size = 0;
  let done = false;
  const started = () => answer.deltas.length > 0 || calls.size > 0;
  const handle = (data: string) => {
    if (data === '[DONE]') {
      done = true;
      return;
    }
    let chunk: Chunk;
    try {
      chunk = JSON.parse(data) as Chunk;
    } catch {
      throw new LlmError('the provider sent a chunk that is not JSON', false);
    }
    if (chunk.error) throw new LlmError(`the provider reported an error: ${chunk.error.message ?? 'unknown'}`, !started());
    answer.model ??= chunk.model ?? null;
    const choice = chunk.choices?.[0];
    if (!choice) return;
    const text = choice.delta?.content;
    if (typeof text === 'string' && text.length) {
      answer.content += text;
      answer.deltas.push(text);
      req.onDelta?.(text);
    }
    for (const tc of choice.delta?.tool_calls ?? []) {
      const i = tc.index ?? 0;
      let call = calls.get(i);
      if (!call) calls.set(i, (call = { id: tc.id ?? `call_${i}`, name: '', arguments: '' }));
      if (tc.id) call.id = tc.id;
      if (tc.function?.name) call.name += tc.function.name;
      if (tc.function?.arguments) call.arguments += tc.function.arguments;
    }
    if (choice.finish_reason) answer.finishReason = choice.finish_reason;
  };
  try {
    while (!done) {
      const { done: end, value } = await reader.read();
      if (end) break;
      size += value.byteLength;
      if (size > MAX_ANSWER_BYTES) throw new LlmError('the provider’s answer is too large', false);
      buffer += decoder.decode(value, { stream: true });
      // events are separated by a blank line; each line of an event is `field: value`
      let at: number;
      while ((at = buffer.search(/\r?\n\r?\n/)) >= 0) {
        const event = buffer.slice(0, at);
        buffer = buffer.slice(at).replace(/^\r?\n\r?\n/, '');
        const data = event
          .split(/\r?\n/)
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).replace(/^ /, ''))
          .join('\n');
        if (data) handle(data);
        if (done) break;
      }
    }
  } catch (err) {
    if (err instanceof LlmError) throw err;
    throw new LlmError(`the provider’s answer broke off (${(err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).message})`, !started());
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  if (!done && answer.finishReason === null) throw new LlmError('the provider’s answer ended before it was complete', !started());
  answer.toolCalls = [...calls.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
  return answer;
}

/**
 * A circuit breaker per key (a store): after `failures` failed calls in a row it opens, and for
 * `cooldownMs` callers are told to take the offline path; then one call may try the provider again
 * (half open): a success closes it, a failure opens it for another cooldown. State is per process.
 */
export class CircuitBreaker {
  private readonly state = new Map<string, { failures: number; openedAt: number | null; trial: boolean }>();

  constructor(
    private readonly failures: number,
    private readonly cooldownMs: number,
    private readonly now: () => number,
  ) {}

  /** Whether a call may go to the provider now (false: open; take the offline path). */
  allows(key: string): boolean {
    const s = this.state.get(key);
    if (!s || s.openedAt === null) return true;
    if (this.now() - s.openedAt < this.cooldownMs || s.trial) return false;
    s.trial = true;
    return true;
  }

  isOpen(key: string): boolean {
    const s = this.state.get(key);
    return !!s && s.openedAt !== null && this.now() - s.openedAt < this.cooldownMs;
  }

  succeeded(key: string): void {
    this.state.delete(key);
  }

  failed(key: string): void {
    const s = this.state.get(key) ?? { failures: 0, openedAt: null, trial: false };
    s.failures++;
    if (s.trial || s.failures >= this.failures) {
      s.openedAt = this.now();
      s.trial = false;
    }
    this.state.set(key, s);
  }

  reset(key: string): void {
    this.state.delete(key);
  }
}
