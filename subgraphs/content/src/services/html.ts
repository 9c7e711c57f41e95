import sanitizeHtml from 'sanitize-html';
import { marked } from 'marked';
import type { BodyFormat } from '../entities/blog.entity';

/**
 * What authored bodies may keep: text structure, links (http, https, mailto, relative), images
 * (http, https, relative), tables and code. No scripts, no event handlers, no style, no frames, no
 * SVG, no forms; `javascript:`, `data:`, `vbscript:` and every other scheme are removed (also when
 * entity-encoded, since the parser decodes attributes before the scheme check).
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'ins',
    'mark',
    'small',
    'sub',
    'sup',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'align'],
    td: ['colspan', 'rowspan', 'align'],
    ol: ['start'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[a-z0-9-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // the text of these is dropped with them (never shown as text)
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    // links that leave the page open safely
    a: (tagName, attribs) => (attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs }),
  },
};

/** Authored Markdown or HTML -> sanitized HTML (what is stored and served). */
export function renderBody(format: BodyFormat, body: string): string {
  const html = format === 'markdown' ? (marked.parse(body, { async: false, gfm: true }) as string) : body;
  return sanitizeHtml(html, POLICY).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Sanitized HTML -> plain text (words separated by single spaces): search documents, reading time. */
export function plainText(html: string): string {
  const stripped = sanitizeHtml(
    html.replace(/<\/(p|h[1-6]|li|blockquote|pre|tr|div|figcaption)>|<br\s*\/?>/gi, (m) => `${m} `),
    { allowedTags: [], allowedAttributes: {} },
  );
  return stripped
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      const k = e.toLowerCase();
      if (ENTITIES[k] !== undefined) return ENTITIES[k];
      if (k.startsWith('#x')) return String.fromCodePoint(parseInt(k.slice(2), 16));
      if (k.startsWith('#')) return String.fromCodePoint(Number(k.slice(1)));
      return m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a post's and a page's locale variant share, as stored: the body rendered and sanitized once, plain text, SEO text. */
export function renderedVariant(v: {
  locale: string;
  title: string;
  body: string;
  body_format?: BodyFormat | null;
  seo_title?: string | null;
  seo_description?: string | null;
}) {
  const format = v.body_format ?? 'markdown';
  const html = renderBody(format, v.body);
  return {
    locale: v.locale.trim().toLowerCase(),
    title: stripTags(v.title),
    body_format: format,
    body: v.body,
    html,
    text: plainText(html),
    seo_title: v.seo_title ? stripTags(v.seo_title) : null,
    seo_description: v.seo_description ? stripTags(v.seo_description) : null,
  };
}

/**
 * The `body` the storefront gets: the Markdown source for Markdown bodies (Markdown is text), and
 * for HTML bodies the sanitized HTML, never the authored markup (scripts and handlers included).
 */
export function storeBody(format: string, body: string, html: string): string {
  return format === 'markdown' ? body : html;
}

/** Reading time at 200 words per minute, at least 1 minute. */
export function readingMinutes(text: string): number {
  const words = text ? text.split(/\s+/).filter(Boolean).length : 0;
  return Math.max(1, Math.ceil(words / 200));
}

/**
 * Plain text of a short field (titles, excerpts, comments): markup removed, also markup that was
 * entity-encoded (`&lt;img onerror=…&gt;` would otherwise decode into a tag), so that a storefront
 * that puts the text into HTML unescaped still gets no element.
 */
export function stripTags(s: string): string {
  let text = plainText(sanitizeHtml(s, { allowedTags: [], allowedAttributes: {} }));
  for (let i = 0; i < 3 && /<[a-z!/?]/i.test(text); i++) text = plainText(sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }));
  return text.replace(/<(?=[a-z!/?])/gi, '‹');
}
