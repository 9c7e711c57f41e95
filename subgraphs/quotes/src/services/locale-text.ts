/**
 * The words of a quote's PDF and mails per language, and the locale's number and date formats
 * (`Intl`, the ICU data of Node.js): `1.234,50 €` in German, `€1,234.50` in English, Arabic-Indic
 * digits in Arabic. A locale without its own words falls back to English words, keeping its formats.
 */
interface QuoteWords {
  quote: string;
  date: string;
  validUntil: string;
  customer: string;
  item: string;
  quantity: string;
  unitPrice: string;
  total: string;
  products: string;
  services: string;
  details: string;
  message: string;
  estimate: string;
  estimateNote: string;
  contact: string;
}

const WORDS: Record<string, QuoteWords> = {
  en: {
    quote: 'Quote',
    date: 'Date',
    validUntil: 'Valid until',
    customer: 'Customer',
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    total: 'Total',
    products: 'Products',
    services: 'Services',
    details: 'Details',
    message: 'Message',
    estimate: 'Estimated total',
    estimateNote: 'An estimate: the final price is confirmed by the store.',
    contact: 'Contact',
  },
  de: {
    quote: 'Angebot',
    date: 'Datum',
    validUntil: 'Gültig bis',
    customer: 'Kunde',
    item: 'Position',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    total: 'Summe',
    products: 'Produkte',
    services: 'Leistungen',
    details: 'Angaben',
    message: 'Nachricht',
    estimate: 'Geschätzte Summe',
    estimateNote: 'Eine Schätzung: den endgültigen Preis bestätigt der Shop.',
    contact: 'Kontakt',
  },
  fr: {
    quote: 'Devis',
    date: 'Date',
    validUntil: "Valable jusqu'au",
    customer: 'Client',
    item: 'Article',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    total: 'Total',
    products: 'Produits',
    services: 'Services',
    details: 'Détails',
    message: 'Message',
    estimate: 'Total estimé',
    estimateNote: 'Une estimation : le prix final est confirmé par la boutique.',
    contact: 'Contact',
  },
  ar: {
    quote: 'عرض سعر',
    date: 'التاريخ',
    validUntil: 'صالح حتى',
    customer: 'العميل',
    item: 'البند',
    quantity: 'الكمية',
    unitPrice: 'سعر الوحدة',
    total: 'المجموع',
    products: 'المنتجات',
    services: 'الخدمات',
    details: 'التفاصيل',
    message: 'الرسالة',
    estimate: 'المجموع التقديري',
    estimateNote: 'هذا تقدير: يؤكد المتجر السعر النهائي.',
    contact: 'التواصل',
  },
};

/** Languages written right to left. */
const RTL = new Set(['ar', 'fa', 'he', 'ur']);

const language = (locale: string) => locale.split('-')[0].toLowerCase();

export const wordsFor = (locale: string): QuoteWords => WORDS[language(locale)] ?? WORDS.en;
export const isRtl = (locale: string): boolean => RTL.has(language(locale));

/** A locale Intl knows, else en. */
function intlLocale(locale: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length ? locale : 'en';
  } catch {
    return 'en';
  }
}

/** Bidi marks Intl puts around numbers (LRM, RLM, ALM): the PDF lays out direction itself. */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

export function formatMoney(amount: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: currency.toUpperCase() }).format(amount).replace(BIDI_MARKS, '');
}

export function formatNumber(n: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 4 }).format(n).replace(BIDI_MARKS, '');
}

/** A calendar date (`YYYY-MM-DD`, or an instant) in the locale's long date format. */
export function formatDate(date: string | Date, locale: string): string {
  const d = typeof date === 'string' ? new Date(`${date}T00:00:00Z`) : date;
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(d).replace(BIDI_MARKS, '');
}
