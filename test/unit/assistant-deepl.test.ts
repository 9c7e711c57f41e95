import { deeplTranslate, deeplTargetLang, TranslateError } from '@svc/assistant';
import { DeeplServer } from '../support/providers/deepl-server';

/**
 * The DeepL adapter against a local server speaking DeepL's API v2: the auth header, tag handling
 * and ignored placeholder tags it sends, HTML and Markdown structure and placeholders that survive,
 * and refusals and outages reported as TranslateError of the right kind.
 */
describe('assistant DeepL adapter', () => {
  let deepl: DeeplServer;
  beforeAll(async () => {
    deepl = await new DeeplServer().start();
  });
  afterAll(() => deepl.close());

  const call = (texts: string[], targetLocale: string, apiKey = deepl.apiKey) =>
    deeplTranslate({ baseUrl: deepl.url, apiKey, texts, targetLocale, timeoutMs: 5000 });

  it('maps platform locales to DeepL target languages', () => {
    expect(deeplTargetLang('de')).toBe('DE');
    expect(deeplTargetLang('en')).toBe('EN-GB');
    expect(deeplTargetLang('en-US')).toBe('EN-US');
    expect(deeplTargetLang('pt-BR')).toBe('PT-BR');
    expect(deeplTargetLang('pt')).toBe('PT-PT');
    expect(deeplTargetLang('zh')).toBe('ZH-HANS');
  });

  it('sends the key, tag handling and ignore tags, and keeps placeholders and plain-text characters', async () => {
    const [out] = await call(['Hello {name}, you have {{count}} items & 5 < 6'], 'de');
    expect(out).toBe('[DE] HELLO {name}, YOU HAVE {{count}} ITEMS & 5 < 6');
    const sent = deepl.calls.at(-1)!;
    expect(sent.tag_handling).toBe('xml');
    expect(sent.ignore_tags).toEqual(['x']);
    expect(sent.target_lang).toBe('DE');
    expect(deepl.http.requests.at(-1)!.headers.authorization).toBe(`DeepL-Auth-Key ${deepl.apiKey}`);
  });

  it('keeps HTML structure and Markdown syntax, one answer per text in order', async () => {
    const html = '<p>Our <strong>new</strong> tee for {name}</p><a href="/shop">shop</a>';
    const md = '# Summer sale\n\n- **Cotton** tee for {{customer.first_name}}\n- [Shop](https://example.com/shop)';
    const [a, b] = await call([html, md], 'fr');
    expect(a).toBe('[FR] <p>OUR <strong>NEW</strong> TEE FOR {name}</p><a href="/shop">SHOP</a>');
    expect(b.startsWith('[FR] # SUMMER SALE')).toBe(true);
    expect(b).toContain('{{customer.first_name}}');
    expect(b).toContain('](HTTPS://EXAMPLE.COM/SHOP)');
    expect(deepl.calls.at(-1)!.tag_handling).toBe('html');
  });

  it('reports a refused key and a used-up quota as refused, an outage as unavailable', async () => {
    await expect(call(['Hi'], 'de', 'wrong')).rejects.toMatchObject({ kind: 'refused', status: 403 });
    await expect(call(['Hi'], 'de', 'quota')).rejects.toMatchObject({ kind: 'refused', status: 456 });
    deepl.http.fail('500');
    await expect(call(['Hi'], 'de')).rejects.toMatchObject({ kind: 'unavailable', status: 500 });
    deepl.http.fail('html');
    await expect(call(['Hi'], 'de')).rejects.toBeInstanceOf(TranslateError);
    await expect(deeplTranslate({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', texts: ['Hi'], targetLocale: 'de', timeoutMs: 2000 })).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });
});
