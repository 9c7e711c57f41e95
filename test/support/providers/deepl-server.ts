import { ProtocolServer, type Incoming, type Reply } from './protocol-server';

/**
 * A local server speaking DeepL's API v2 as the translate adapter uses it: `POST /v2/translate`
 * with `Authorization: DeepL-Auth-Key <key>` and a JSON body `{text[], target_lang, tag_handling,
 * ignore_tags}`. Its "translation" is deterministic and visible: every text node (outside tags and
 * outside ignored tags; entities kept) is upper-cased and the text prefixed with `[<target_lang>] `, so a test sees both
 * that text was translated and that markup and ignored placeholders were left alone. A wrong key is
 * 403, a key named `quota` is 456 (quota exceeded), as DeepL answers them.
 */
export class DeeplServer {
  readonly http: ProtocolServer;

  constructor(readonly apiKey = 'test-deepl-key:fx') {
    this.http = new ProtocolServer((req) => this.handle(req), { message: 'Internal server error' });
  }

  get url(): string {
    return this.http.url;
  }

  async start(): Promise<this> {
    await this.http.start();
    return this;
  }

  close(): Promise<void> {
    return this.http.close();
  }

  /** The parsed bodies of the translate calls received so far. */
  get calls(): Array<Record<string, any>> {
    return this.http.requests.filter((r) => r.path === '/v2/translate').map((r) => JSON.parse(r.body) as Record<string, any>);
  }

  private handle(req: Incoming): Reply {
    if (req.method !== 'POST' || req.path !== '/v2/translate') return { status: 404, body: { message: 'Not found' } };
    const auth = String(req.headers.authorization ?? '');
    if (auth === 'DeepL-Auth-Key quota') return { status: 456, body: { message: 'Quota exceeded' } };
    if (auth !== `DeepL-Auth-Key ${this.apiKey}`) return { status: 403, body: { message: 'Wrong endpoint or key' } };
    let body: { text?: unknown; target_lang?: unknown; tag_handling?: unknown; ignore_tags?: unknown };
    try {
      body = JSON.parse(req.body) as typeof body;
    } catch {
      return { status: 400, body: { message: 'Bad request' } };
    }
    const texts = body.text;
    if (!Array.isArray(texts) || texts.some((t) => typeof t !== 'string') || typeof body.target_lang !== 'string')
      return { status: 400, body: { message: "Value for 'text' or 'target_lang' not supported." } };
    const target = body.target_lang;
    const ignored = Array.isArray(body.ignore_tags) ? (body.ignore_tags as string[]) : [];
    const markup = body.tag_handling === 'html' || body.tag_handling === 'xml';
    return {
      status: 200,
      body: {
        translations: (texts as string[]).map((t) => ({
          detected_source_language: 'EN',
          text: markup ? translateMarkup(t, target, ignored) : render(t, target),
        })),
      },
    };
  }
}

/** Upper-cases the letters of a text node, leaving character entities (`&amp;`) as they are. */
const upper = (text: string) => text.replace(/(&[a-zA-Z]+;|&#\d+;)|[^&]+/g, (m: string, entity?: string) => entity ?? m.toUpperCase());
const render = (text: string, target: string) => `[${target}] ${upper(text)}`;

/** Translates the text nodes of markup, leaving tags, and the content of ignored tags, as they are. */
function translateMarkup(text: string, target: string, ignored: string[]): string {
  let out = `[${target}] `;
  let depth = 0;
  for (const token of text.split(/(<[^>]+>)/)) {
    const tag = /^<(\/)?([a-zA-Z][\w-]*)[^>]*?(\/)?>$/.exec(token);
    if (tag) {
      if (ignored.includes(tag[2]) && !tag[3]) depth += tag[1] ? -1 : 1;
      out += token;
    } else out += depth > 0 ? token : upper(token);
  }
  return out;
}
