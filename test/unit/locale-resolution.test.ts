import { localeChain } from '../../subgraphs/localization/src/services/translation.service';
import { requestLocale } from '../../gateway/src/context';

/** Which locale a request asks for, and whose overrides answer it. */
describe('locale resolution', () => {
  const store = (codes: string[], def = codes[0]) => codes.map((code) => ({ code, isDefault: code === def }));

  it('reads ?locale=, then x-medusa-locale, then the accept-language tag of highest quality', () => {
    expect(requestLocale('fr', { 'x-medusa-locale': 'de', 'accept-language': 'it' })).toBe('fr');
    expect(requestLocale(undefined, { 'x-medusa-locale': 'de', 'accept-language': 'it' })).toBe('de');
    expect(requestLocale(undefined, { 'x-medusa-locale': '', 'accept-language': 'it' })).toBe('it');
    expect(requestLocale('', { 'x-medusa-locale': ' ', 'accept-language': 'en;q=0.3, pt-BR;q=0.8, *;q=0.9' })).toBe('pt-BR');
    expect(requestLocale(undefined, { 'accept-language': 'de-CH, de;q=0.9' })).toBe('de-CH');
    expect(requestLocale(undefined, { 'accept-language': 'de;q=0, *' })).toBeNull();
    expect(requestLocale('not a tag', { 'x-medusa-locale': 'zh-Hant-TW' })).toBe('zh-Hant-TW');
    expect(requestLocale(undefined, {})).toBeNull();
  });

  it('serves the most specific enabled locale first, then its language, never the default', () => {
    expect(localeChain(store(['en', 'de', 'de-CH']), 'de-CH')).toEqual(['de-CH', 'de']);
    expect(localeChain(store(['en', 'de', 'de-CH']), 'de-ch')).toEqual(['de-CH', 'de']);
    expect(localeChain(store(['en', 'de']), 'de-AT')).toEqual(['de']);
    expect(localeChain(store(['en', 'pt-BR']), 'pt')).toEqual(['pt-BR']);
    expect(localeChain(store(['en', 'de']), 'en')).toBeNull();
    expect(localeChain(store(['en', 'en-GB']), 'en-GB')).toEqual(['en-GB']);
    expect(localeChain(store(['de', 'de-CH'], 'de'), 'de-CH')).toEqual(['de-CH']);
    expect(localeChain(store(['en', 'de']), 'it')).toBeNull();
    expect(localeChain(store(['en', 'de']), 'garbage value')).toBeNull();
    expect(localeChain(store(['en', 'de']), null)).toBeNull();
    expect(localeChain([], 'de')).toBeNull();
  });
});
