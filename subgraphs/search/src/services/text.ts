/**
 * The text rules of the index, shared by the indexer and the query side: which text search
 * configuration a locale uses, how many typos a word may carry, query words, and the
 * Damerau (optimal string alignment) distance that decides typo matches.
 */

const LANGUAGE_CONFIGS: Record<string, string> = {
  en: 'english',
  de: 'german',
  fr: 'french',
  es: 'spanish',
  it: 'italian',
  nl: 'dutch',
  pt: 'portuguese',
  sv: 'swedish',
};

/** `de-AT` -> `search.german`; anything else -> `search.simple` (no stemming). */
export function configFor(locale: string | null | undefined): string {
  const lang = (locale ?? '').toLowerCase().split(/[-_]/)[0];
  return `search.${LANGUAGE_CONFIGS[lang] ?? 'simple'}`;
}

/** Typos a query word of this length may carry (Meilisearch's defaults: 1 from 5 letters, 2 from 9). */
export const typoBudget = (length: number): number => (length >= 9 ? 2 : length >= 5 ? 1 : 0);

/** at most this many words of a query are used (the rest is ignored, as Meilisearch does) */
const MAX_QUERY_WORDS = 10;

const WORD = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu;

/**
 * The words of a query as typed: letters and digits; hyphenated words (`t-shirt`, `TSH-BLK-M`)
 * become one word without the hyphens, the form the indexer adds for every hyphenated word.
 */
export function queryWords(q: string): string[] {
  const out: string[] = [];
  for (const m of q.matchAll(WORD)) {
    const w = m[0].replace(/[-'’]/g, '').toLowerCase();
    if (w && w.length <= 60) out.push(w);
    if (out.length >= MAX_QUERY_WORDS) break;
  }
  return out;
}

/** The hyphen-free forms of a text's hyphenated words (`T-Shirt` -> `TShirt`), indexed beside the text. */
export function compounds(text: string): string {
  const out = new Set<string>();
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu)) out.add(m[0].replace(/-/g, ''));
  return [...out].join(' ');
}

/** Optimal string alignment distance (a swap of two neighbours is one typo), bounded: > max -> max + 1. */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array(b.length + 1).fill(0));
    rows[i][0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2][j - 2] + 1);
      rows[i][j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
  }
  return Math.min(rows[a.length][b.length], max + 1);
}

/** A lexeme safe inside a tsquery text: letters and digits only. */
export const lexeme = (w: string): string => w.replace(/[^\p{L}\p{N}]/gu, '');

/** Control characters the highlighter uses as marks are removed from indexed text. */
export const cleanText = (t: string | null | undefined, max = 20_000): string =>
  (t ?? '').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ' ').slice(0, max);

/** `\u0002`/`\u0003` (the highlighter's marks, around escaped text) -> `<mark>`/`</mark>` */
export const marksToHtml = (s: string | null | undefined): string => (s ?? '').replace(/\u0002/g, '<mark>').replace(/\u0003/g, '</mark>');
