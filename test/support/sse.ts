/**
 * A server-sent event client for tests: POSTs JSON, then hands out the events in order
 * (`next()`, `until(name)`), or the JSON error when the server refused before the stream opened.
 */
export interface SseEvent {
  event: string;
  data: any;
}

export interface SseStream {
  status: number;
  contentType: string;
  /** the refusal (JSON) when the server did not open a stream */
  error: any;
  next(): Promise<SseEvent | null>;
  /** events up to and including the first named one (null: the stream ended first) */
  until(name: string): Promise<SseEvent[]>;
  /** every event to the end of the stream */
  rest(): Promise<SseEvent[]>;
  /** the client goes away */
  abort(): void;
}

export async function openStream(url: string, o: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      accept: 'text/event-stream',
      'content-type': 'application/json',
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...o.headers,
    },
    body: JSON.stringify(o.body ?? {}),
    signal: controller.signal,
  });
  const contentType = (res.headers.get('content-type') ?? '').split(';')[0];
  if (contentType !== 'text/event-stream') {
    const text = await res.text();
    return {
      status: res.status,
      contentType,
      error: text ? JSON.parse(text) : null,
      next: async () => null,
      until: async () => [],
      rest: async () => [],
      abort: () => undefined,
    };
  }
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  const next = async (): Promise<SseEvent | null> => {
    for (;;) {
      const at = buffer.indexOf('\n\n');
      if (at >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const lines = block.split('\n');
        const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
        const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
        if (!event) continue; // a keep-alive comment
        return { event, data: JSON.parse(data.join('\n')) };
      }
      if (ended) return null;
      const { done, value } = await reader.read();
      if (done) ended = true;
      else buffer += decoder.decode(value, { stream: true });
    }
  };
  return {
    status: res.status,
    contentType,
    error: null,
    next,
    until: async (name) => {
      const out: SseEvent[] = [];
      for (let e = await next(); e; e = await next()) {
        out.push(e);
        if (e.event === name) return out;
      }
      return out;
    },
    rest: async () => {
      const out: SseEvent[] = [];
      for (let e = await next(); e; e = await next()) out.push(e);
      return out;
    },
    abort: () => controller.abort(),
  };
}
