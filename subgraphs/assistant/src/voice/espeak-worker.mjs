// The offline speech engine: eSpeak NG compiled to WebAssembly (npm `espeak-ng`, an ES module), run
// in a worker thread so synthesis never blocks the platform's event loop. The module is compiled
// once; each request instantiates it with the CLI's arguments, reads the text from a file of its
// virtual file system (so a text starting with "-" is never taken for an option) and answers the WAV.
/* global WebAssembly */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import ESpeakNg from 'espeak-ng';

const require = createRequire(import.meta.url);
const compiled = WebAssembly.compile(fs.readFileSync(require.resolve('espeak-ng').replace(/espeak-ng\.js$/, 'espeak-ng.wasm')));

async function synthesize(text, voice) {
  const wasm = await compiled;
  const errors = [];
  const instance = await ESpeakNg({
    arguments: ['-v', voice, '-w', '/out.wav', '-f', '/in.txt'],
    preRun: [(m) => m.FS.writeFile('/in.txt', text)],
    print: () => {},
    printErr: (line) => errors.push(line),
    instantiateWasm: (imports, done) => {
      WebAssembly.instantiate(wasm, imports).then((inst) => done(inst, wasm));
      return {};
    },
  });
  let wav;
  try {
    wav = instance.FS.readFile('/out.wav');
  } catch {
    throw new Error(`eSpeak NG wrote no audio${errors.length ? `: ${errors.join(' ')}` : ''}`);
  }
  if (wav.length <= 44) throw new Error(`eSpeak NG wrote no audio${errors.length ? `: ${errors.join(' ')}` : ''}`);
  return wav;
}

parentPort.on('message', ({ id, text, voice }) => {
  synthesize(text, voice).then(
    (wav) => parentPort.postMessage({ id, wav }, [wav.buffer]),
    (err) => parentPort.postMessage({ id, error: String(err && err.message ? err.message : err) }),
  );
});
