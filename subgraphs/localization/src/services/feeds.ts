import { checkOutboundUrl, readLimited } from '@svc/kit';
import type { FeedSource } from '../entities/currency.entity';

/**
 * The rate feeds: fetching (short timeout, size limit, the kit's outbound URL rules) and strict
 * parsing of the two known formats. Anything that does not look exactly like a good document is
 * an error, so the next source answers instead of a broken one.
 */

/** A parsed feed document: units of each quote per 1 `base`, as decimal strings. */
export interface RateDocument {
  base: string;
  date: string;
  rates: Record<string, string>;
}

export class FeedError extends Error {}

const CODE_RE = /^[A-Z]{3}$/;
const RATE_RE = /^(?:0|[1-9]\d{0,8})(?:\.\d{1,12})?$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY = 86_400_000;
/** a document older than this is not today's reference rates: the feed is broken or frozen */
const MAX_DOCUMENT_AGE_DAYS = 14;
const MAX_BYTES = 256 * 1024;

/** A rate as a plain decimal string > 0 (no exponent, no sign), or a FeedError. */
function checkRate(code: string, raw: unknown): string {
  const s = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : raw;
  if (typeof s !== 'string' || !RATE_RE.test(s) || !(Number(s) > 0))
    throw new FeedError(`rate of ${code} is not a positive decimal: ${JSON.stringify(raw)?.slice(0, 40)}`);
  return s;
}

/** A calendar date, not in the future (a day of slack for time zones) and not older than MAX_DOCUMENT_AGE_DAYS. */
function checkDate(raw: unknown, now: Date): string {
  const m = typeof raw === 'string' ? DATE_RE.exec(raw) : null;
  if (!m) throw new FeedError(`date is not YYYY-MM-DD: ${JSON.stringify(raw)?.slice(0, 40)}`);
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(t).toISOString().slice(0, 10) !== raw) throw new FeedError(`date ${raw} is not a calendar date`);
  if (t > now.getTime() + DAY) throw new FeedError(`date ${raw} is in the future`);
  if (t < now.getTime() - MAX_DOCUMENT_AGE_DAYS * DAY) throw new FeedError(`date ${raw} is more than ${MAX_DOCUMENT_AGE_DAYS} days old`);
  return raw as string;
}

function checkRates(base: string, entries: Array<[string, unknown]>): Record<string, string> {
  if (entries.length === 0) throw new FeedError('the document holds no rates');
  const rates: Record<string, string> = {};
  for (const [code, raw] of entries) {
    if (!CODE_RE.test(code)) throw new FeedError(`not a currency code: ${JSON.stringify(code).slice(0, 20)}`);
    if (code in rates) throw new FeedError(`currency ${code} is listed twice`);
    rates[code] = checkRate(code, raw);
  }
  if (base in rates && Number(rates[base]) !== 1) throw new FeedError(`the base ${base} is not 1`);
  rates[base] = '1';
  return rates;
}

// ---- ECB daily reference rates (eurofxref-daily.xml) ----

interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
}

const NAME = '[A-Za-z_][\\w.-]*(?::[A-Za-z_][\\w.-]*)?';
const ATTR_RE = new RegExp(`\\s+(${NAME})\\s*=\\s*(?:"([^"<&]*)"|'([^'<&]*)')`, 'y');
const OPEN_RE = new RegExp(`<(${NAME})`, 'y');

/**
 * A small, strict XML reader for the feed's known shape: elements, attributes (no entities),
 * whitespace or plain text between them, the XML declaration and comments. No DTDs, no CDATA, no
 * processing instructions: a document with them is not the feed.
 */
export function parseXml(text: string): XmlElement {
  let i = 0;
  const fail = (why: string): never => {
    throw new FeedError(`malformed XML at ${i}: ${why}`);
  };
  const skipMisc = () => {
    for (;;) {
      while (i < text.length && /\s/.test(text[i])) i++;
      if (text.startsWith('<!--', i)) {
        const end = text.indexOf('-->', i + 4);
        if (end < 0) fail('unterminated comment');
        i = end + 3;
      } else return;
    }
  };
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  if (text.startsWith('<?xml', i)) {
    const end = text.indexOf('?>', i);
    if (end < 0) fail('unterminated declaration');
    i = end + 2;
  }
  skipMisc();
  const element = (depth: number): XmlElement => {
    if (depth > 16) fail('nested too deep');
    OPEN_RE.lastIndex = i;
    const open = OPEN_RE.exec(text);
    if (!open) fail('expected an element');
    i = OPEN_RE.lastIndex;
    const el: XmlElement = { name: open![1], attrs: {}, children: [] };
    for (;;) {
      ATTR_RE.lastIndex = i;
      const a = ATTR_RE.exec(text);
      if (!a) break;
      if (a[1] in el.attrs) fail(`attribute ${a[1]} repeated`);
      el.attrs[a[1]] = a[2] ?? a[3];
      i = ATTR_RE.lastIndex;
    }
    while (/\s/.test(text[i] ?? '')) i++;
    if (text.startsWith('/>', i)) {
      i += 2;
      return el;
    }
    if (text[i] !== '>') fail(`unexpected character in <${el.name}>`);
    i++;
    for (;;) {
      const lt = text.indexOf('<', i);
      if (lt < 0) fail(`<${el.name}> is not closed`);
      if (/&(?!(?:amp|lt|gt|quot|apos);)/.test(text.slice(i, lt))) fail('unknown entity in character data');
      i = lt;
      if (text.startsWith('<!--', i)) {
        skipMisc();
        continue;
      }
      if (text.startsWith('</', i)) {
        const close = `</${el.name}`;
        if (!text.startsWith(close, i)) fail(`expected ${close}>`);
        i += close.length;
        while (/\s/.test(text[i] ?? '')) i++;
        if (text[i] !== '>') fail(`expected ${close}>`);
        i++;
        return el;
      }
      if (text[i + 1] === '!' || text[i + 1] === '?') fail('declarations, CDATA and processing instructions are not part of the feed');
      el.children.push(element(depth + 1));
    }
  };
  const root = element(0);
  skipMisc();
  if (i !== text.length) fail('content after the root element');
  return root;
}

/**
 * The ECB document: `gesmes:Envelope` > `Cube` > one `Cube time="YYYY-MM-DD"` > `Cube currency rate`
 * entries; EUR is the base.
 */
export function parseEcbXml(text: string, now = new Date()): RateDocument {
  const root = parseXml(text);
  if (root.name !== 'gesmes:Envelope') throw new FeedError(`root element is <${root.name}>, not <gesmes:Envelope>`);
  const outer = root.children.filter((c) => c.name === 'Cube');
  if (outer.length !== 1) throw new FeedError('expected one <Cube> in the envelope');
  const days = outer[0].children;
  if (days.length !== 1 || days[0].name !== 'Cube' || !('time' in days[0].attrs)) throw new FeedError('expected one <Cube time="…"> of the day');
  const date = checkDate(days[0].attrs.time, now);
  const entries = days[0].children.map((c): [string, unknown] => {
    if (c.name !== 'Cube' || c.children.length || !('currency' in c.attrs) || !('rate' in c.attrs))
      throw new FeedError('expected <Cube currency="…" rate="…"/> entries');
    return [c.attrs.currency, c.attrs.rate];
  });
  return { base: 'EUR', date, rates: checkRates('EUR', entries) };
}

/** The JSON rate service: `{"base":"EUR","date":"YYYY-MM-DD","rates":{"USD":1.08,…}}` (other keys ignored). */
export function parseRatesJson(text: string, now = new Date()): RateDocument {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new FeedError('malformed JSON');
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new FeedError('the document is not an object');
  const d = doc as Record<string, unknown>;
  if (typeof d.base !== 'string' || !CODE_RE.test(d.base)) throw new FeedError('base is not a currency code');
  const date = checkDate(d.date, now);
  if (typeof d.rates !== 'object' || d.rates === null || Array.isArray(d.rates)) throw new FeedError('rates is not an object');
  return { base: d.base, date, rates: checkRates(d.base, Object.entries(d.rates)) };
}

const PARSERS: Record<FeedSource, (text: string, now?: Date) => RateDocument> = { ecb: parseEcbXml, json: parseRatesJson };

/**
 * Fetches and parses one feed: the URL must pass the kit's outbound rules, the answer must come
 * within `timeoutMs`, be 2xx, at most 256 KiB and parse; any failure is a FeedError with the reason.
 */
export async function fetchFeed(source: FeedSource, url: string, opts: { timeoutMs: number; production: boolean }): Promise<RateDocument> {
  try {
    checkOutboundUrl(`${source} feed URL`, url, opts.production);
  } catch (err) {
    throw new FeedError((err as Error).message);
  }
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let text: string;
  try {
    const res = await fetch(url, { signal, redirect: 'error', headers: { accept: source === 'ecb' ? 'application/xml, text/xml' : 'application/json' } });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new FeedError(`HTTP ${res.status}`);
    }
    text = await readLimited(res, MAX_BYTES);
  } catch (err) {
    if (err instanceof FeedError) throw err;
    const e = err as Error;
    throw new FeedError(
      e.name === 'TimeoutError' || signal.aborted
        ? `no answer within ${opts.timeoutMs} ms`
        : `unreachable: ${(e.cause as { code?: string } | undefined)?.code ?? e.message}`,
    );
  }
  return PARSERS[source](text);
}

/** `quote` per 1 `base` from a snapshot, through the snapshot's base (cross rate); null when either is unknown. */
export function crossRate(rates: Record<string, string>, base: string, quote: string): number | null {
  const b = rates[base];
  const q = rates[quote];
  if (b === undefined || q === undefined) return null;
  return roundRate(Number(q) / Number(b));
}

/** 10 significant digits: a ratio of two decimals, shown without binary noise. */
export const roundRate = (v: number): number => Number(v.toPrecision(10));
