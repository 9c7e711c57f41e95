import { fillIn, mailLanguage, renderBrandedMail, wordsIn } from '@svc/kit';

/** The platform's branded mail layout (kit `mail-template.ts`): words by language, escaping, the brand's colours and logo. */
describe('branded mails', () => {
  const catalog = { en: { hello: 'Hello {name}' }, de: { hello: 'Hallo {name}' } };

  it('picks the words of the locale’s language and falls back to English', () => {
    expect(wordsIn(catalog, 'de-CH')).toEqual({ language: 'de', words: catalog.de });
    expect(wordsIn(catalog, 'fr')).toEqual({ language: 'en', words: catalog.en });
    expect(wordsIn(catalog, null)).toEqual({ language: 'en', words: catalog.en });
    expect(mailLanguage('pt_BR')).toBe('pt');
    expect(fillIn('Hallo {name}, {unknown}', { name: 'Ada' })).toBe('Hallo Ada, {unknown}');
  });

  it('writes the text and the HTML with the brand, escaping every value', () => {
    const m = renderBrandedMail({
      locale: 'de',
      brand: { name: 'Bäckerei <Müller>', primaryColor: '#8b4513', logoUrl: 'https://cdn.example/logo.png' },
      subject: 'Neues Passwort',
      parts: [{ text: 'a < b & "c"' }, { action: { label: 'Los', url: 'https://shop.example/reset?token=x&email=y' } }, { code: 'rst_abc' }],
      footer: 'Ignorieren',
    });
    expect(m.text).toBe(
      ['Bäckerei <Müller>', '', 'a < b & "c"', '', 'Los:', '  https://shop.example/reset?token=x&email=y', '', '  rst_abc', '', '--', 'Ignorieren'].join('\n'),
    );
    expect(m.html).toContain('<html lang="de" dir="ltr">');
    expect(m.html).toContain('a &lt; b &amp; &quot;c&quot;');
    expect(m.html).toContain('href="https://shop.example/reset?token=x&amp;email=y"');
    expect(m.html).toContain('background:#8b4513');
    expect(m.html).toContain('<img src="https://cdn.example/logo.png" alt="Bäckerei &lt;Müller&gt;"');
    expect(m.html).not.toContain('<Müller>');
  });

  it('leaves out what is not a colour or an http(s) URL, and writes right-to-left languages so', () => {
    const m = renderBrandedMail({
      locale: 'ar',
      brand: { name: 'Shop', primaryColor: 'red;background:url(x)', logoUrl: 'javascript:alert(1)' },
      subject: 's',
      parts: [{ action: { label: 'Go', url: 'javascript:alert(1)' } }],
    });
    expect(m.html).toContain('dir="rtl"');
    expect(m.html).not.toContain('red;background');
    expect(m.html).toContain('background:#111827');
    expect(m.html).not.toContain('<img');
    expect(m.html).not.toContain('href="javascript');
    expect(m.html).toContain('<strong');
  });
});
