/**
 * WAV (RIFF, PCM) as the voiceover needs it: read a file's format and samples, and join files of
 * one format into one (the chunks of a voiceover), with a pause between them.
 */
interface WavAudio {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** the PCM samples (the data chunk) */
  data: Buffer;
}

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');

/** Reads a PCM WAV file; throws an Error saying what is wrong. A data size past the end (a streamed file) takes the rest. */
export function parseWav(b: Buffer): WavAudio {
  if (b.length < 12 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 12) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  let format: Omit<WavAudio, 'data'> | null = null;
  for (let at = 12; at + 8 <= b.length;) {
    const id = ascii(b, at, at + 4);
    const size = b.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      if (size < 16 || at + 24 > b.length) throw new Error('the fmt chunk is too short');
      if (b.readUInt16LE(at + 8) !== 1) throw new Error('not PCM audio');
      format = { channels: b.readUInt16LE(at + 10), sampleRate: b.readUInt32LE(at + 12), bitsPerSample: b.readUInt16LE(at + 22) };
      if (!format.channels || !format.sampleRate || ![8, 16, 24, 32].includes(format.bitsPerSample)) throw new Error('an unusable PCM format');
    } else if (id === 'data') {
      if (!format) throw new Error('the data chunk comes before the fmt chunk');
      return { ...format, data: b.subarray(at + 8, Math.min(b.length, at + 8 + size)) };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

/** Seconds of audio. */
export const durationOf = (w: WavAudio) => w.data.length / (w.sampleRate * w.channels * (w.bitsPerSample / 8));

/** A WAV file of the samples. */
function encodeWav(w: WavAudio): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = w.channels * (w.bitsPerSample / 8);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + w.data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(w.channels, 22);
  header.writeUInt32LE(w.sampleRate, 24);
  header.writeUInt32LE(w.sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(w.bitsPerSample, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(w.data.length, 40);
  return Buffer.concat([header, w.data]);
}

/** Joins WAV files of one format, `pauseMs` of silence between them; files of different formats are an Error. */
export function concatWav(files: Buffer[], pauseMs = 250): Buffer {
  const parts = files.map(parseWav);
  if (!parts.length) throw new Error('no audio to join');
  const [first] = parts;
  if (parts.some((p) => p.sampleRate !== first.sampleRate || p.channels !== first.channels || p.bitsPerSample !== first.bitsPerSample))
    throw new Error('the chunks differ in format');
  const blockAlign = first.channels * (first.bitsPerSample / 8);
  // silence: zero for signed samples, 128 for 8-bit (unsigned) ones
  const pause = Buffer.alloc(Math.round((first.sampleRate * pauseMs) / 1000) * blockAlign, first.bitsPerSample === 8 ? 128 : 0);
  const data = Buffer.concat(parts.flatMap((p, i) => (i ? [pause, p.data] : [p.data])));
  return encodeWav({ ...first, data });
}
