/**
 * Offline parameter extraction: amounts with their currency, percentages, quantities, dates and
 * times, locales, codes, order and quote numbers, emails, colors and titles, read from English,
 * German and French requests with plain rules. Every value found also records the span of text it
 * came from, so what remains can name the entity the request is about ("the organic tee").
 */

export interface Extracted {
  amount?: number;
  currency_code?: string;
  percentage?: number;
  /** a bare count (units, pieces, places, seats) */
  quantity?: number;
  /** ISO dates (YYYY-MM-DD), in the order they appear */
  dates?: string[];
  /** times of day (HH:MM) */
  times?: string[];
  /** locales named ("into German" → de) */
  locales?: string[];
  /** a discount or promotion code (WELCOME10) */
  code?: string;
  order_number?: number;
  quote_number?: string;
  email?: string;
  color?: string;
  /** a quoted text, or what follows "called", "named", "titled" */
  title?: string;
  /** a size (S, M, XL, 42) */
  size?: string;
  /** the direction a change goes: up (raise, add), down (lower, reduce) or set (set, make, to) */
  direction?: 'up' | 'down' | 'set';
}

/** the 11 admin locales and the words naming their language in English, German and French */
const LOCALE_WORDS: Record<string, RegExp> = {
  en: /\b(english|englisch(?:e|en)?|anglais)\b/i,
  de: /\b(german|deutsch(?:e|en)?|allemand)\b/i,
  fr: /\b(french|französisch(?:e|en)?|franzosisch(?:e|en)?|français|francais)\b/i,
  es: /\b(spanish|spanisch(?:e|en)?|espagnol)\b/i,
  it: /\b(italian|italienisch(?:e|en)?|italien)\b/i,
  nl: /\b(dutch|niederländisch(?:e|en)?|néerlandais|neerlandais)\b/i,
  pt: /\b(portuguese|portugiesisch(?:e|en)?|portugais)\b/i,
  pl: /\b(polish|polnisch(?:e|en)?|polonais)\b/i,
  sv: /\b(swedish|schwedisch(?:e|en)?|suédois|suedois)\b/i,
  tr: /\b(turkish|türkisch(?:e|en)?|turc)\b/i,
  ar: /\b(arabic|arabisch(?:e|en)?|arabe)\b/i,
};

const CURRENCY_WORDS: Array<[RegExp, string]> = [
  [/^(€|eur|euro|euros)$/i, 'eur'],
  [/^(\$|usd|dollars?|us\$)$/i, 'usd'],
  [/^(£|gbp|pounds?|pfund)$/i, 'gbp'],
  [/^(chf|francs?|franken)$/i, 'chf'],
  [/^(¥|jpy|yen)$/i, 'jpy'],
  [/^(aud)$/i, 'aud'],
  [/^(cad)$/i, 'cad'],
  [/^(sek|kronor)$/i, 'sek'],
];
const CURRENCY = '€|\\$|£|¥|eur|euros?|usd|us\\$|dollars?|gbp|pounds?|pfund|chf|francs?|franken|jpy|yen|aud|cad|sek|kronor';
const NUMBER = '\\d{1,9}(?:[.,]\\d{1,2})?';

const MONTHS: Array<[RegExp, number]> = [
  [/^(jan|january|januar|janvier|jänner)$/i, 1],
  [/^(feb|february|februar|février|fevrier)$/i, 2],
  [/^(mar|march|märz|maerz|mars)$/i, 3],
  [/^(apr|april|avril)$/i, 4],
  [/^(may|mai)$/i, 5],
  [/^(jun|june|juni|juin)$/i, 6],
  [/^(jul|july|juli|juillet)$/i, 7],
  [/^(aug|august|août|aout)$/i, 8],
  [/^(sep|sept|september|septembre)$/i, 9],
  [/^(oct|october|oktober|octobre)$/i, 10],
  [/^(nov|november|novembre)$/i, 11],
  [/^(dec|december|dezember|décembre|decembre)$/i, 12],
];
const MONTH =
  'jan(?:uary|uar)?|janvier|jänner|feb(?:ruary|ruar)?|février|fevrier|mar(?:ch)?|märz|maerz|mars|apr(?:il)?|avril|may|mai|june?|juni|juin|july?|juli|juillet|aug(?:ust)?|août|aout|sept?(?:ember|embre)?|oct(?:ober|obre)?|oktober|nov(?:ember|embre)?|dec(?:ember)?|dezember|décembre|decembre';
const WEEKDAYS: Array<[RegExp, number]> = [
  [/^(sunday|sonntag|dimanche)$/i, 0],
  [/^(monday|montag|lundi)$/i, 1],
  [/^(tuesday|dienstag|mardi)$/i, 2],
  [/^(wednesday|mittwoch|mercredi)$/i, 3],
  [/^(thursday|donnerstag|jeudi)$/i, 4],
  [/^(friday|freitag|vendredi)$/i, 5],
  [/^(saturday|samstag|samedi)$/i, 6],
];
const WEEKDAY =
  'sunday|sonntag|dimanche|monday|montag|lundi|tuesday|dienstag|mardi|wednesday|mittwoch|mercredi|thursday|donnerstag|jeudi|friday|freitag|vendredi|saturday|samstag|samedi';

const COLORS =
  /\b(black|white|red|green|blue|navy|teal|yellow|orange|purple|pink|grey|gray|brown|beige|sand|olive|forest green|off-white|cream|gold|silver|schwarz|weiß|rot|grün|blau|gelb|noir|blanc|rouge|vert|bleu|jaune)\b/i;

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utcDay = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const valid = (y: number, m: number, d: number) => {
  const t = utcDay(y, m, d);
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};
const lookup = <T>(table: Array<[RegExp, T]>, word: string): T | undefined => table.find(([re]) => re.test(word))?.[1];
const num = (s: string) => Number(s.replace(',', '.'));

/** A day without a year: the next one from today (today included). */
function nextOccurrence(today: Date, month: number, day: number): string | null {
  const y = today.getUTCFullYear();
  for (const year of [y, y + 1]) {
    if (!valid(year, month, day)) continue;
    const d = utcDay(year, month, day);
    if (iso(d) >= iso(today)) return iso(d);
  }
  return null;
}

interface ExtractResult {
  params: Extracted;
  /** the text with every extracted span blanked out */
  rest: string;
}

/** Reads the parameters of one request; `today` resolves relative dates ("tomorrow", "next friday"). */
export function extractParams(text: string, today: Date): ExtractResult {
  const p: Extracted = {};
  let rest = ` ${text} `;
  const take = (re: RegExp, fn: (m: RegExpExecArray) => boolean | void) => {
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    let m: RegExpExecArray | null;
    const spans: Array<[number, number]> = [];
    while ((m = g.exec(rest))) {
      if (fn(m) !== false) spans.push([m.index, m.index + m[0].length]);
      if (m[0].length === 0) g.lastIndex++;
    }
    for (const [a, b] of spans.reverse()) rest = rest.slice(0, a) + ' '.repeat(b - a) + rest.slice(b);
  };
  const dates: string[] = [];
  const times: string[] = [];

  take(/\bQ-\d{4}-\d{6}\b/i, (m) => void (p.quote_number = m[0].toUpperCase()));
  take(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/, (m) => void (p.email ??= m[0].toLowerCase()));
  take(/[„“"«»‚‘'”]\s*([^„“"«»‚‘'”]{2,120}?)\s*[“”"«»‘’']/, (m) => void (p.title ??= m[1].trim()));
  take(/#([0-9a-f]{6}|[0-9a-f]{3})\b/i, (m) => void (p.color ??= `#${m[1].toLowerCase()}`));
  // dates: ISO, 12.03.2027, 12 March 2027, March 12(, 2027), 12. März, 1er janvier
  take(/\b(\d{4})-(\d{2})-(\d{2})\b/, (m) => (valid(+m[1], +m[2], +m[3]) ? void dates.push(`${m[1]}-${m[2]}-${m[3]}`) : false));
  take(/\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/, (m) => (valid(+m[3], +m[2], +m[1]) ? void dates.push(iso(utcDay(+m[3], +m[2], +m[1]))) : false));
  take(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|er|\\.)?\\s+(?:of\\s+)?(${MONTH})\\.?(?:\\s+(\\d{4}))?\\b`, 'i'), (m) => {
    const month = lookup(MONTHS, m[2])!;
    const d = m[3] ? (valid(+m[3], month, +m[1]) ? iso(utcDay(+m[3], month, +m[1])) : null) : nextOccurrence(today, month, +m[1]);
    if (!d) return false;
    dates.push(d);
  });
  take(new RegExp(`\\b(${MONTH})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?\\b`, 'i'), (m) => {
    const month = lookup(MONTHS, m[1])!;
    const d = m[3] ? (valid(+m[3], month, +m[2]) ? iso(utcDay(+m[3], month, +m[2])) : null) : nextOccurrence(today, month, +m[2]);
    if (!d) return false;
    dates.push(d);
  });
  const plus = (n: number) => iso(new Date(today.getTime() + n * 86_400_000));
  take(/\b(today|heute|aujourd['’]hui)\b/i, () => void dates.push(plus(0)));
  take(/\b(the day after tomorrow|übermorgen|après-demain)\b/i, () => void dates.push(plus(2)));
  take(/\b(tomorrow|morgen|demain)\b/i, () => void dates.push(plus(1)));
  take(new RegExp(`\\b(?:(next|nächsten?|naechsten?|on|am|this|diesen)\\s+)?(${WEEKDAY})(?:\\s+(prochain))?\\b`, 'i'), (m) => {
    const want = lookup(WEEKDAYS, m[2])!;
    let ahead = (want - today.getUTCDay() + 7) % 7;
    if (ahead === 0 || /next|nächst|naechst/i.test(m[1] ?? '') || m[3]) ahead = ahead === 0 ? 7 : ahead;
    dates.push(plus(ahead));
  });
  take(/\b([01]?\d|2[0-3])[:h](\d{2})\b/i, (m) => void times.push(`${m[1].padStart(2, '0')}:${m[2]}`));
  take(/\b(1[0-2]|0?[1-9])\s?(am|pm)\b/i, (m) => void times.push(`${String((+m[1] % 12) + (/pm/i.test(m[2]) ? 12 : 0)).padStart(2, '0')}:00`));

  take(/\b(?:order|bestellung|commande)\s*(?:#|number|nr\.?|no\.?|numéro|nummer)?\s*#?(\d{1,9})\b/i, (m) => void (p.order_number = +m[1]));
  take(/#(\d{1,9})\b/, (m) => void (p.order_number ??= +m[1]));
  take(new RegExp(`(?:^|\\s)(-?${NUMBER})\\s?(%|percent\\b|per cent\\b|prozent\\b|pour\\s?cent\\b)`, 'i'), (m) => void (p.percentage ??= Math.abs(num(m[1]))));
  take(new RegExp(`(?:^|\\s|-)(€|\\$|£|¥|us\\$)\\s?(${NUMBER})\\b`, 'i'), (m) => {
    if (p.amount !== undefined) return false;
    p.amount = num(m[2]);
    p.currency_code = lookup(CURRENCY_WORDS, m[1]);
  });
  take(new RegExp(`\\b(${NUMBER})\\s?(${CURRENCY})(?=$|[\\s.,;!?)])`, 'i'), (m) => {
    if (p.amount !== undefined) return false;
    p.amount = num(m[1]);
    p.currency_code = lookup(CURRENCY_WORDS, m[2]);
  });
  take(
    /\b(\d{1,7})\s?(units?|pieces?|pcs|pairs?|items?|stück|stk|exemplare|unités?|pièces?|paires?|exemplaires?|places|seats|spots|plätze|tickets|billets|people|personen|personnes)\b/i,
    (m) => void (p.quantity ??= +m[1]),
  );
  take(/\bsize\s+(xxs|xs|s|m|l|xl|xxl|\d{2})\b|\b(?:größe|taille)\s+(xxs|xs|s|m|l|xl|xxl|\d{2})\b/i, (m) => void (p.size = (m[1] ?? m[2]).toUpperCase()));
  take(/\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z][A-Z0-9]{3,19}\b/, (m) => void (p.code ??= m[0]));
  take(/\b(WELCOME10|FREESHIP)\b/i, (m) => void (p.code ??= m[0].toUpperCase()));
  take(/\b(?:called|named|titled|namens|appelée?|intitulée?)\s+(.{2,80}?)(?=\s+(?:on|for|with|at|in|am|für|mit|le|pour|avec)\b|[.,;!?]|\s*$)/i, (m) => {
    if (p.title) return false;
    p.title = m[1].trim();
  });
  const color = COLORS.exec(rest);
  if (color) p.color ??= color[1].toLowerCase();

  const locales = Object.entries(LOCALE_WORDS)
    .filter(([, re]) => re.test(rest))
    .map(([code]) => code);
  for (const re of Object.values(LOCALE_WORDS)) take(re, () => undefined);
  if (locales.length) p.locales = locales;

  // a remaining bare number: the quantity or amount the request sets ("to 50", "by 5")
  take(new RegExp(`\\b(?:to|auf|à|by|um|de|de\\s+|add|ajoute|buche|mets)\\s+(${NUMBER})\\b(?!\\s*[:h]\\d)`, 'i'), (m) => {
    if (p.quantity !== undefined) return false;
    p.quantity = num(m[1]);
  });

  if (/\b(raise|increase|bump|up|more|add|received|restock|erhöhe|erhöhen|hinzu|einbuchen|augmente|ajoute|hausse)\b/i.test(text)) p.direction = 'up';
  if (/\b(lower|reduce|decrease|drop|cut|minus|remove|senke|senken|reduziere|baisse|réduis|reduis|diminue)\b/i.test(text)) p.direction = 'down';
  if (!p.direction && /\b(set|make|change|to|auf|setze|fixe|mets|à|should cost|soll)\b/i.test(text)) p.direction = 'set';

  if (dates.length) p.dates = dates;
  if (times.length) p.times = times;
  return { params: p, rest: rest.replace(/\s+/g, ' ').trim() };
}
