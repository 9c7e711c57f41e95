import { parseWav } from './wav';

/**
 * The OpenAI-compatible speech adapter: `POST <base URL>/audio/speech` with `Authorization: Bearer
 * <key>` and `{model, input, voice, response_format: "wav"}`, answered with the audio bytes. WAV is
 * asked for so that a voiceover's chunks join sample by sample (an answer that is not PCM WAV counts
 * as a failure).
 */
export class SpeechError extends Error {
  constructor(
    message: string,
    /** the provider refused the request (bad key, quota, bad voice), or could not be reached or answered garbage */
    readonly kind: 'refused' | 'unavailable',
    readonly status?: number,
  ) {
    super(message);
  }
}

interface SpeechRequest {
  baseUrl: string;
  apiKey: string;
  model: string;
  voice: string;
  input: string;
  timeoutMs: number;
}

export async function synthesizeSpeech(req: SpeechRequest): Promise<Buffer> {
  let res: Response;
  try {
    res = await fetch(`${req.baseUrl.replace(/\/+$/, '')}/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${req.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: req.model, input: req.input, voice: req.voice, response_format: 'wav' }),
      signal: AbortSignal.timeout(req.timeoutMs),
    });
  } catch (err) {
    throw new SpeechError(`the speech provider could not be reached: ${(err as Error).message}`, 'unavailable');
  }
  if (res.status === 400 || res.status === 401 || res.status === 403 || res.status === 404) {
    const detail = await res.text().catch(() => '');
    throw new SpeechError(`the speech provider refused the request (${res.status}${detail ? `: ${detail.slice(0, 200)}` : ''})`, 'refused', res.status);
  }
  if (!res.ok) throw new SpeechError(`the speech provider answered ${res.status}`, 'unavailable', res.status);
  let body: Buffer;
  try {
    body = Buffer.from(await res.arrayBuffer());
  } catch (err) {
    throw new SpeechError(`the speech provider's answer broke off: ${(err as Error).message}`, 'unavailable', res.status);
  }
  try {
    parseWav(body);
  } catch (err) {
    throw new SpeechError(`the speech provider answered no usable WAV audio (${(err as Error).message})`, 'unavailable', res.status);
  }
  return body;
}
