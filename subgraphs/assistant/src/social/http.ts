/** The HTTP plumbing shared by the social and advertising adapters. */

/** A call to a network or ad platform failed; `status` is its HTTP status (absent: no answer). */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** the network's own error code (Meta's `error.code`, Google's `error.status`) */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** At most this much of an answer is read. */
const MAX_BYTES = 2 * 1024 * 1024;

/**
 * One call answering JSON. A non-2xx answer throws NetworkError with the provider's message
 * (`describe` reads it from the error body); so does an answer that is not JSON, a timeout or a
 * refused connection.
 */
export async function callJson<T>(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs: number },
  describe: (body: unknown) => { message?: string; code?: string },
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    throw new NetworkError(`could not be reached (${(err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).message})`);
  }
  const text = await res.text().catch(() => '');
  if (text.length > MAX_BYTES) throw new NetworkError('answered too much', res.status);
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new NetworkError(`answered ${res.status} with a body that is not JSON`, res.status);
  }
  if (!res.ok) {
    const d = describe(body);
    throw new NetworkError(`answered ${res.status}${d.message ? `: ${d.message}` : ''}`, res.status, d.code);
  }
  return body as T;
}

export const form = (fields: Record<string, string | undefined>): string => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) p.set(k, v);
  return p.toString();
};
