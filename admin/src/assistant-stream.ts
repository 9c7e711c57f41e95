/**
 * The assistant's chat stream (`POST /api/admin/ai/chat/stream`, server-sent events over fetch: an
 * EventSource cannot POST nor send the admin JWT) and the plan decisions of a stream.
 */
const API = '/api/admin/ai/chat/stream';

interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
}

export interface PlanAction {
  type: string;
  skill: string;
  operation: string;
  params: Record<string, unknown>;
  writes: boolean;
  missing: string[];
}

export interface ActionResult {
  index: number;
  type: string;
  operation: string;
  status: string;
  result: unknown;
  error: { type: string; code: string; message: string } | null;
}

export interface Plan {
  id: string;
  stream_id: string;
  status: string;
  actions: PlanAction[];
  results?: ActionResult[];
  expires_at: string;
}

/** An API refusal `{type, code, message}` as an Error. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function refusal(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  return new ApiError(res.status, body.code ?? 'unknown', body.message ?? res.statusText);
}

/** Splits a byte stream into its events (`event:` / `data:` blocks; comments are keep-alives). */
async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
    for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
      const lines = buffer.slice(0, at).split('\n');
      buffer = buffer.slice(at + 2);
      const event = lines
        .find((l) => l.startsWith('event:'))
        ?.slice(6)
        .trim();
      const data = lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).replace(/^ /, ''));
      if (event && data.length) yield { event, data: JSON.parse(data.join('\n')) as Record<string, unknown> };
    }
    if (done) return;
  }
}

/** Opens a chat turn's stream; throws the API's refusal when it answers JSON instead. */
export async function openChat(token: string, message: string, sessionId: string | null, signal: AbortSignal): Promise<AsyncGenerator<StreamEvent>> {
  const res = await fetch(API, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(sessionId ? { message, session_id: sessionId } : { message }),
    signal,
  });
  if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) throw await refusal(res);
  return readEvents(res.body);
}

/** Approves or rejects the pending plan of a stream; answers the plan as decided (with its results). */
export async function decidePlan(token: string, streamId: string, what: 'approve' | 'reject'): Promise<Plan> {
  const res = await fetch(`${API}/${encodeURIComponent(streamId)}/${what}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!res.ok) throw await refusal(res);
  return ((await res.json()) as { plan: Plan }).plan;
}
