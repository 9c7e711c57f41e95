/**
 * The platform's transactional mails in a store's language and with its brand: one layout for
 * every domain (plain text always, HTML beside it), the words picked by the locale's language with
 * English as the fallback. Domains keep their words (per language) and give the parts of a mail.
 */

/** What a mail shows of the store: its name and, from the site domain's brand, logo and colours. */
export interface MailBrand {
  name: string;
  /** an absolute http(s) URL of the logo; anything else is left out */
  logoUrl?: string | null;
  /** `#rgb` / `#rrggbb` colours; anything else falls back to the default */
  primaryColor?: string | null;
  textColor?: string | null;
  backgroundColor?: string | null;
}

/** One block of a mail: a paragraph, a button with its link, or a code to copy. */
export type MailPart = { text: string } | { action: { label: string; url: string } } | { code: string };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const RTL = new Set(['ar', 'fa', 'he', 'ur']);
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The language part of a BCP 47 tag, lower case (`de-CH` → `de`). */
export const mailLanguage = (locale: string | null | undefined): string => (locale ?? 'en').split(/[-_]/)[0].toLowerCase() || 'en';

/** The words of `locale`'s language in `catalog`, else English (`catalog.en` must exist). */
export function wordsIn<T>(catalog: { en: T } & Record<string, T>, locale: string | null | undefined): { language: string; words: T } {
  const language = mailLanguage(locale);
  return language in catalog ? { language, words: catalog[language] } : { language: 'en', words: catalog.en };
}

/** A template with `{name}` placeholders filled in (unknown ones stay as they are). */
export const fillIn = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, k: string) => (k in values ? String(values[k]) : whole));

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const color = (c: string | null | undefined, fallback: string) => (c && HEX.test(c) ? c : fallback);
const httpUrl = (u: string | null | undefined): string | null => {
  if (!u) return null;
  try {
    const url = new URL(u);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
};

/**
 * A mail of `parts` under the store's brand: the text version (the store's name as its head, links
 * and codes on lines of their own) and an HTML version (logo or name, a button in the primary
 * colour, `lang` and `dir` of the locale). Every value is escaped; colours and the logo URL that
 * are not what they should be are replaced by defaults or left out.
 */
export function renderBrandedMail(o: {
  locale: string | null | undefined;
  brand: MailBrand;
  subject: string;
  parts: MailPart[];
  footer?: string;
}): RenderedMail {
  const language = mailLanguage(o.locale);
  const dir = RTL.has(language) ? 'rtl' : 'ltr';
  const primary = color(o.brand.primaryColor, '#111827');
  const ink = color(o.brand.textColor, '#111827');
  const paper = color(o.brand.backgroundColor, '#ffffff');
  const logo = httpUrl(o.brand.logoUrl);

  const text = [
    o.brand.name,
    '',
    ...o.parts.flatMap((p) => ('text' in p ? [p.text, ''] : 'action' in p ? [`${p.action.label}:`, `  ${p.action.url}`, ''] : [`  ${p.code}`, ''])),
    ...(o.footer ? ['--', o.footer] : []),
  ]
    .join('\n')
    .replace(/\n+$/, '');

  const blocks = o.parts.map((p) => {
    if ('text' in p) return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p.text)}</p>`;
    if ('action' in p) {
      const href = escapeHtml(httpUrl(p.action.url) ?? '#');
      return (
        `<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;padding:10px 18px;border-radius:4px;background:${primary};` +
        `color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(p.action.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:12px;word-break:break-all">${escapeHtml(p.action.url)}</p>`
      );
    }
    return `<p style="margin:0 0 16px;font-family:monospace;font-size:14px;word-break:break-all;padding:8px;border:1px solid ${primary}">${escapeHtml(p.code)}</p>`;
  });
  const head = logo
    ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(o.brand.name)}" style="max-height:48px;max-width:200px;border:0">`
    : `<strong style="font-size:20px;color:${primary}">${escapeHtml(o.brand.name)}</strong>`;
  const html =
    `<!doctype html><html lang="${escapeHtml(language)}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(o.subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:${paper};color:${ink};font-family:Helvetica,Arial,sans-serif;font-size:15px">` +
    `<div style="max-width:560px;margin:0 auto"><div style="padding:0 0 16px;border-bottom:3px solid ${primary};margin:0 0 20px">${head}</div>` +
    blocks.join('') +
    (o.footer ? `<p style="margin:24px 0 0;font-size:12px;opacity:0.7">${escapeHtml(o.footer)}</p>` : '') +
    '</div></body></html>';
  return { subject: o.subject, text, html };
}
