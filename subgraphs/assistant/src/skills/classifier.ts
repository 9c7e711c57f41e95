import { newStemmer } from 'snowball-stemmers';
import { mulberry32 } from '@svc/kit';

/**
 * An offline text classifier: TF-IDF features of stemmed words, word bigrams and character
 * n-grams, and multinomial logistic regression trained with AdaGrad. It learns the skills' example
 * requests at start (a few hundred sentences train in well under a second) and answers a
 * probability per label. English, German and French words are stemmed with the Snowball stemmers of
 * all three languages (short requests name no language reliably; a stem of the wrong language only
 * adds a feature the others share), and character n-grams (3 to 5 letters of each word, accents
 * removed) carry typos and compounds ("Lagerbestand", "Rabattcode") to what was learned.
 */

const STEMMERS = ['english', 'german', 'french'].map((l) => newStemmer(l));

/** words that carry no intent, in the three training languages */
const STOP = new Set(
  (
    'a an the and or of to in on at for by with from into onto is are was were be been am do does did i me my we our us you your it its this that these those ' +
    'there here what which who how can could would should will shall please me all any some so up out about than then them they their his her she he just now ' +
    'der die das den dem des ein eine einen einem einer und oder zu im in am an auf für mit von vom zum zur ist sind war bitte mir mich mein meine meinen unser unsere ' +
    'ich wir du sie es was wie wer welche welcher noch auch nicht nur für aus bei nach über uns dass' +
    ' le la les un une des et ou de du au aux en dans sur pour par avec est sont je tu il elle nous vous ils mon ma mes notre nos votre vos ce cette ces qui que quoi ' +
    'comment quel quelle quels quelles plus pas ne se sa son ses leur leurs moi'
  ).split(/\s+/),
);

const stripAccents = (s: string): string => s.normalize('NFD').replace(/\p{M}+/gu, '');

/** stems of a word in the three languages, accents removed (memoised: the stemmers take ~25 µs a word) */
const stemCache = new Map<string, { all: string[]; english: string }>();
function stems(word: string): { all: string[]; english: string } {
  let hit = stemCache.get(word);
  if (!hit) {
    const each = STEMMERS.map((s) => stripAccents(s.stem(word)));
    hit = { all: [...new Set(each)], english: each[0] };
    if (stemCache.size >= 50_000) stemCache.clear();
    stemCache.set(word, hit);
  }
  return hit;
}

/** The words of a text: lower case, letters and digits; French elisions (`l’`, `d’`) fall away as one-letter words. */
export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).filter((t) => t.length > 1 || /\d/.test(t));
}

/** Raw feature counts of a text, in two groups: words (stems, bigrams) and characters (n-grams). */
function rawFeatures(text: string): { words: Map<string, number>; chars: Map<string, number> } {
  const words = new Map<string, number>();
  const chars = new Map<string, number>();
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const content = tokenize(text)
    .map((t) => (/^\d/.test(t) ? '#num' : t))
    .filter((t) => !STOP.has(t));
  let previous: string | null = null;
  for (const t of content) {
    const { all, english: en } = stems(t);
    for (const s of all) add(words, `s:${s}`);
    if (previous) add(words, `b:${previous}_${en}`);
    previous = en;
    if (t === '#num') continue;
    const w = `<${stripAccents(t)}>`;
    for (let n = 3; n <= 5; n++) for (let i = 0; i + n <= w.length; i++) add(chars, `c:${w.slice(i, i + n)}`);
  }
  return { words, chars };
}

/** weight of the character group against the word group (each group is L2-normalised first) */
const CHAR_WEIGHT = 1;

export interface Sample {
  text: string;
  label: string;
}

interface Prediction {
  label: string;
  probability: number;
}

interface TrainOptions {
  epochs?: number;
  /** L2 regularisation per update */
  l2?: number;
  learningRate?: number;
}

interface SparseVector {
  idx: Int32Array;
  val: Float64Array;
}

export class IntentClassifier {
  private constructor(
    readonly labels: readonly string[],
    private readonly vocabulary: ReadonlyMap<string, number>,
    private readonly idf: Float64Array,
    /** weights[label][feature], then the bias at the end */
    private readonly weights: Float64Array[],
  ) {}

  /** Trains on the samples (every label needs at least one). */
  static train(samples: readonly Sample[], o: TrainOptions = {}): IntentClassifier {
    const labels = [...new Set(samples.map((s) => s.label))];
    const raw = samples.map((s) => rawFeatures(s.text));
    const vocabulary = new Map<string, number>();
    const df: number[] = [];
    for (const r of raw) {
      for (const k of [...r.words.keys(), ...r.chars.keys()]) {
        let i = vocabulary.get(k);
        if (i === undefined) {
          i = vocabulary.size;
          vocabulary.set(k, i);
          df.push(0);
        }
        df[i]++;
      }
    }
    const n = samples.length;
    const idf = Float64Array.from(df, (d) => Math.log((1 + n) / (1 + d)) + 1);
    const model = new IntentClassifier(
      labels,
      vocabulary,
      idf,
      labels.map(() => new Float64Array(vocabulary.size + 1)),
    );
    const xs = raw.map((r) => model.vectorize(r));
    const ys = samples.map((s) => labels.indexOf(s.label));
    model.fit(xs, ys, o);
    return model;
  }

  /** Probabilities of every label, most likely first. */
  predict(text: string): Prediction[] {
    const p = this.probabilities(this.vectorize(rawFeatures(text)));
    return this.labels.map((label, i) => ({ label, probability: p[i] })).sort((a, b) => b.probability - a.probability);
  }

  /** How many of the text's word features the model knows (0: nothing it learned, only letters). */
  knownWords(text: string): number {
    let known = 0;
    for (const k of rawFeatures(text).words.keys()) if (this.vocabulary.has(k)) known++;
    return known;
  }

  private vectorize(r: { words: Map<string, number>; chars: Map<string, number> }): SparseVector {
    const idx: number[] = [];
    const val: number[] = [];
    const group = (m: Map<string, number>, weight: number) => {
      const start = idx.length;
      for (const [k, count] of m) {
        const i = this.vocabulary.get(k);
        if (i === undefined) continue;
        idx.push(i);
        val.push((1 + Math.log(count)) * this.idf[i]);
      }
      let norm = 0;
      for (let j = start; j < val.length; j++) norm += val[j] * val[j];
      norm = Math.sqrt(norm) || 1;
      for (let j = start; j < val.length; j++) val[j] = (val[j] / norm) * weight;
    };
    group(r.words, 1);
    group(r.chars, CHAR_WEIGHT);
    return { idx: Int32Array.from(idx), val: Float64Array.from(val) };
  }

  private probabilities(x: SparseVector): Float64Array {
    const bias = this.vocabulary.size;
    const p = new Float64Array(this.weights.length);
    let max = -Infinity;
    for (let c = 0; c < p.length; c++) {
      const w = this.weights[c];
      let z = w[bias];
      for (let j = 0; j < x.idx.length; j++) z += w[x.idx[j]] * x.val[j];
      p[c] = z;
      if (z > max) max = z;
    }
    let sum = 0;
    for (let c = 0; c < p.length; c++) sum += p[c] = Math.exp(p[c] - max);
    for (let c = 0; c < p.length; c++) p[c] /= sum;
    return p;
  }

  /** Softmax regression by AdaGrad over shuffled samples, L2 applied lazily to the weights an update touches. */
  private fit(xs: SparseVector[], ys: number[], o: TrainOptions): void {
    const epochs = o.epochs ?? 20;
    const l2 = o.l2 ?? 1e-4;
    const rate = o.learningRate ?? 0.5;
    const bias = this.vocabulary.size;
    const g2 = this.weights.map((w) => new Float64Array(w.length).fill(1e-8));
    const order = xs.map((_, i) => i);
    const random = mulberry32(25); // the same examples always train the same model
    for (let epoch = 0; epoch < epochs; epoch++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
      for (const s of order) {
        const x = xs[s];
        const p = this.probabilities(x);
        for (let c = 0; c < this.weights.length; c++) {
          const err = p[c] - (ys[s] === c ? 1 : 0);
          if (Math.abs(err) < 1e-3) continue; // nothing to learn from this sample for this class
          const w = this.weights[c];
          const g = g2[c];
          for (let j = 0; j < x.idx.length; j++) {
            const i = x.idx[j];
            const grad = err * x.val[j] + l2 * w[i];
            g[i] += grad * grad;
            w[i] -= (rate * grad) / Math.sqrt(g[i]);
          }
          g[bias] += err * err;
          w[bias] -= (rate * err) / Math.sqrt(g[bias]);
        }
      }
    }
  }
}
