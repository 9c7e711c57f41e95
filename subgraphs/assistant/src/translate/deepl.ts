/**
 * The DeepL adapter (API v2): `POST <base URL>/v2/translate` with `Authorization: DeepL-Auth-Key
 * <key>` and a JSON body `{text: [...], target_lang, source_lang?, tag_handling, ignore_tags}`,
 * answered `{translations: [{detected_source_language, text}]}`. Free keys (ending in `:fx`) use
 * api-free.deepl.com, others api.deepl.com; the base URL is a setting so tests reach a local server.
 *
 * Structure survives: HTML is sent with `tag_handling: html`, anything else (plain text, Markdown)
 * is escaped and sent with `tag_handling: xml`; placeholders (`{name}`, `{{x}}`, `%s`, `%1$s`) are
 * wrapped in an ignored `<x>` tag, so DeepL leaves them as they are, and restored by index.
 */

export class TranslateError extends Error {
  constructor(
    message: string,
    /** the provider was reached but refused the request (bad key, quota), or could not be reached */
    readonly kind: 'refused' | 'unavailable',
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The platform's locale → DeepL's target language (DeepL wants a variant for English, Portuguese, Chinese). */
export function deeplTargetLang(locale: string): string {
  const [lang, region] = locale.replace('_', '-').split('-');
  const l = lang.toLowerCase();
  if (l === 'en') return region?.toUpperCase() === 'US' ? 'EN-US' : 'EN-GB';
  if (l === 'pt') return region?.toUpperCase() === 'BR' ? 'PT-BR' : 'PT-PT';
  if (l === 'zh') return region && /^(tw|hk|hant)$/i.test(region) ? 'ZH-HANT' : 'ZH-HANS';
  return l.toUpperCase();
}

const PLACEHOLDER = /\{\{[^{}]*\}\}|\{[A-Za-z0-9_.]+\}|%(?:\d+\$)?[sd]/g;
const HTML_TAG = /<\/?[a-zA-Z][^>]*>/;

interface Protected {
  text: string;
  placeholders: string[];
  html: boolean;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Wraps each placeholder in `<x id="n">…</x>` (HTML kept as HTML; other text escaped for XML tag handling). */
function protectPlaceholders(text: string): Protected {
  const html = HTML_TAG.test(text);
  const placeholders: string[] = [];
  const body = html ? text : escapeXml(text);
  const wrapped = body.replace(PLACEHOLDER, (m) => {
    placeholders.push(m);
    return `<x id="${placeholders.length - 1}">${m}</x>`;
  });
  return { text: wrapped, placeholders, html };
}

/** Puts the original placeholders back, whatever the provider did inside their tags. */
function restorePlaceholders(translated: string, p: Protected): string {
  const restored = translated.replace(/<x id="(\d+)">[\s\S]*?<\/x>|<x id="(\d+)"\s*\/>/g, (_m, a: string, b: string) => p.placeholders[Number(a ?? b)] ?? '');
  return p.html ? restored : unescapeXml(restored);
}

interface DeeplRequest {
  baseUrl: string;
  apiKey: string;
  texts: string[];
  targetLocale: string;
  sourceLocale?: string;
  timeoutMs: number;
}

/** Translates the texts in one call; the answers in the same order. Throws TranslateError. */
export async function deeplTranslate(req: DeeplRequest): Promise<string[]> {
  const prepared = req.texts.map(protectPlaceholders);
  const anyHtml = prepared.some((p) => p.html);
  // one tag handling per call: plain texts are escaped, so they are valid in either mode
  const body: Record<string, unknown> = {
    text: prepared.map((p) => p.text),
    target_lang: deeplTargetLang(req.targetLocale),
    tag_handling: anyHtml ? 'html' : 'xml',
    ignore_tags: ['x'],
  };
  if (req.sourceLocale) body.source_lang = req.sourceLocale.split(/[-_]/)[0].toUpperCase();
  let res: Response;
  try {
    res = await fetch(`${req.baseUrl.replace(/\/+$/, '')}/v2/translate`, {
      method: 'POST',
      headers: { authorization: `DeepL-Auth-Key ${req.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(req.timeoutMs),
    });
  } catch (err) {
    throw new TranslateError(`DeepL could not be reached: ${(err as Error).message}`, 'unavailable');
  }
  if (res.status === 403 || res.status === 456 || res.status === 400) {
    const detail = await res.text().catch(() => '');
    const why = res.status === 403 ? 'the API key was refused' : res.status === 456 ? 'the translation quota is used up' : 'the request was refused';
    throw new TranslateError(`DeepL ${res.status}: ${why}${detail ? ` (${detail.slice(0, 200)})` : ''}`, 'refused', res.status);
  }
  if (!res.ok) throw new TranslateError(`DeepL answered ${res.status}`, 'unavailable', res.status);
  let answer: { translations?: Array<{ text?: unknown }> };
  try {
    answer = (await res.json()) as typeof answer;
  } catch {
    throw new TranslateError('DeepL answered something that is not JSON', 'unavailable', res.status);
  }
  const out = answer.translations;
  if (!Array.isArray(out) || out.length !== prepared.length || out.some((t) => typeof t?.text !== 'string'))
    throw new TranslateError('DeepL answered an unexpected shape', 'unavailable', res.status);
  return out.map((t, i) => restorePlaceholders(t.text as string, prepared[i]));
}
