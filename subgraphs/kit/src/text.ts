import type { z } from 'zod';

/**
 * The plain-text rule, one for every domain: a plain-text field (a title, a name, a label, a
 * description, a translation of one) holds no markup. Markup is a `<` that opens a tag, comment or
 * declaration (`<a`, `</`, `<!`, `<?`), also once entity-encoded (`&lt;img …`, `&#60;svg …`), since a
 * storefront may decode entities before it inserts the text. Text with markup is refused (400
 * `invalid_field`); a lone `<` (`a < b`, `<3`) and `&` are fine. HTML bodies are not plain text:
 * they are sanitized by the domain that renders them (content).
 */
const TAG_OPEN = /<[a-z!/?]/i;
const ENTITY = /&(?:lt|#0*60|#x0*3c);?/gi;

export function hasMarkup(s: string): boolean {
  if (TAG_OPEN.test(s)) return true;
  // decode `<` spelled as an entity, also doubly encoded (`&amp;lt;`), and look again
  let t = s;
  for (let i = 0; i < 3 && /&/.test(t); i++) {
    t = t.replace(/&amp;/gi, '&').replace(ENTITY, '<');
    if (TAG_OPEN.test(t)) return true;
  }
  return false;
}

/** `hasMarkup` as a pattern, for documents (/openapi.json): a tag opening, also entity-encoded any number of times */
const MARKUP_PATTERN = '<[a-zA-Z!/?]|&(?:[aA][mM][pP];)*(?:[lL][tT]|#0*60|#[xX]0*3[cC]);?[a-zA-Z!/?]';

export const PLAIN_TEXT_MESSAGE = 'is plain text: markup (<tag>, also entity-encoded) is not allowed';

/** The plain-text rule on a string schema: `plainText(z.string().min(1).max(300), 'title')`. */
export function plainText<T extends z.ZodString>(schema: T, what = 'text'): T {
  return schema.refine((s) => !hasMarkup(s), `${what} ${PLAIN_TEXT_MESSAGE}`).meta({ not: { pattern: MARKUP_PATTERN } }) as T;
}
