import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** eSpeak NG's voices for the 11 admin locales (its language voices; a variant is `<voice>+<variant>`, e.g. `en+f3`). */
export const ESPEAK_VOICES: Record<string, string> = {
  en: 'en',
  de: 'de',
  fr: 'fr',
  es: 'es',
  it: 'it',
  nl: 'nl',
  pt: 'pt',
  pl: 'pl',
  sv: 'sv',
  tr: 'tr',
  ar: 'ar',
};

interface Pending {
  resolve: (wav: Buffer) => void;
  reject: (err: Error) => void;
}

/**
 * The offline speech engine (eSpeak NG, WebAssembly) in one worker thread per process, started at
 * its first use and stopped with the domain: `synthesize` answers a WAV file (22,050 Hz, 16-bit, mono).
 * No network: the engine and its voices are in the npm package.
 */
export class EspeakEngine {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private next = 0;

  synthesize(text: string, voice: string): Promise<Buffer> {
    const worker = this.start();
    const id = ++this.next;
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, text, voice });
    });
  }

  async stop(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(path.join(__dirname, 'espeak-worker.mjs'));
    // an idle engine does not keep the process alive
    worker.unref();
    worker.on('message', (m: { id: number; wav?: Uint8Array; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.wav) p.resolve(Buffer.from(m.wav.buffer, m.wav.byteOffset, m.wav.byteLength));
      else p.reject(new Error(m.error ?? 'eSpeak NG failed'));
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the eSpeak NG worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
