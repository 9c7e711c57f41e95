import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local server speaking the OpenAI chat completions API as the assistant's adapter uses it:
 * `POST /v1/chat/completions` with `stream: true` answers server-sent events, one
 * `chat.completion.chunk` per `data:` line, the text as `delta.content` pieces and tool calls as
 * `delta.tool_calls` whose `function.arguments` arrive in several pieces, then `data: [DONE]`.
 * Every request is recorded. Faults for the next requests: `500` (before anything is answered),
 * `break` (two pieces of text, then the connection is destroyed), `refuse` (401, a bad key).
 */
interface ScriptedAnswer {
  /** the text, sent in these pieces */
  text: string[];
  toolCalls?: Array<{ name: string; arguments: Record<string, unknown> }>;
}

interface ChatRequest {
  headers: http.IncomingHttpHeaders;
  body: any;
}

export class OpenAiServer {
  readonly requests: ChatRequest[] = [];
  /** what the next answers say (the last one repeats) */
  answers: ScriptedAnswer[] = [{ text: ['Hello', ' from', ' the model.'] }];
  private faults: Array<'500' | 'break' | 'refuse' | 'none'> = [];
  private readonly sockets = new Set<Socket>();
  private server!: http.Server;
  url = '';

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  /** `none` answers normally: `fail('none'); fail('500')` lets one request through and fails the next */
  fail(kind: '500' | 'break' | 'refuse' | 'none', times = 1): void {
    for (let i = 0; i < times; i++) this.faults.push(kind);
  }

  clearFaults(): void {
    this.faults = [];
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    this.requests.push({ headers: req.headers, body });
    if (req.method === 'POST' && req.url === '/v1/audio/speech') return this.speech(req, res, body);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const fault = this.faults.shift();
    if (fault === '500') {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'upstream overloaded' } }));
      return;
    }
    if (fault === 'refuse' || !/^Bearer \S+$/.test(req.headers.authorization ?? '')) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
      return;
    }
    const answer = this.answers[Math.min(this.requests.filter((r) => r.body.messages).length - 1, this.answers.length - 1)];
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    // each chunk is handed to the socket before the next (so a break leaves the pieces before it delivered)
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      new Promise<void>((resolve) =>
        res.write(
          `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 1, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
          () => resolve(),
        ),
      );
    await chunk({ role: 'assistant', content: '' });
    for (const [i, piece] of answer.text.entries()) {
      await chunk({ content: piece });
      if (fault === 'break' && i === 1) {
        res.socket?.destroy();
        return;
      }
    }
    for (const [index, call] of (answer.toolCalls ?? []).entries()) {
      const args = JSON.stringify(call.arguments);
      const third = Math.ceil(args.length / 3);
      await chunk({ tool_calls: [{ index, id: `call_${index}`, type: 'function', function: { name: call.name, arguments: args.slice(0, third) } }] });
      await chunk({ tool_calls: [{ index, function: { arguments: args.slice(third, 2 * third) } }] });
      await chunk({ tool_calls: [{ index, function: { arguments: args.slice(2 * third) } }] });
    }
    await chunk({}, answer.toolCalls?.length ? 'tool_calls' : 'stop');
    res.end('data: [DONE]\n\n');
  }

  /**
   * `POST /v1/audio/speech` `{model, input, voice, response_format}`: WAV (24 kHz, 16-bit, mono, as
   * OpenAI's) of a tone lasting 0.4 s per word of the input, so a test can check the duration; the
   * same faults as the chat (`500`, `refuse`, `break`: half the file, then the connection drops).
   */
  private speech(req: http.IncomingMessage, res: http.ServerResponse, body: any): void {
    const fault = this.faults.shift();
    if (fault === '500') {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'upstream overloaded' } }));
      return;
    }
    if (fault === 'refuse' || !/^Bearer \S+$/.test(req.headers.authorization ?? '')) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
      return;
    }
    if (typeof body.input !== 'string' || !body.input.trim() || typeof body.voice !== 'string' || typeof body.model !== 'string') {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'input, voice and model are required' } }));
      return;
    }
    const rate = 24_000;
    const words = (body.input as string).split(/\s+/).filter(Boolean).length;
    const samples = Math.round(rate * 0.4 * words);
    const wav = Buffer.alloc(44 + samples * 2);
    wav.write('RIFF', 0, 'latin1');
    wav.writeUInt32LE(36 + samples * 2, 4);
    wav.write('WAVEfmt ', 8, 'latin1');
    wav.writeUInt32LE(16, 16);
    wav.writeUInt16LE(1, 20);
    wav.writeUInt16LE(1, 22);
    wav.writeUInt32LE(rate, 24);
    wav.writeUInt32LE(rate * 2, 28);
    wav.writeUInt16LE(2, 32);
    wav.writeUInt16LE(16, 34);
    wav.write('data', 36, 'latin1');
    wav.writeUInt32LE(samples * 2, 40);
    for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / rate)), 44 + i * 2);
    res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(wav.length) });
    if (fault === 'break') {
      res.write(wav.subarray(0, wav.length >> 1), () => res.socket?.destroy());
      return;
    }
    res.end(wav);
  }
}
