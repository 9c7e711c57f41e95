import { FeedError, crossRate, parseEcbXml, parseRatesJson, parseXml } from '@svc/localization';
import { ecbDocument, jsonDocument, today } from '../support/rate-feeds';

/** The strict readers of the two rate feed formats: good documents parse, anything else is a FeedError. */
describe('localization: rate feed parsers', () => {
  const now = new Date();
  const date = today();
  const ECB = { USD: '1.0823', JPY: '162.45', GBP: '0.84120', CHF: '0.9391' };

  it('reads the ECB daily document: EUR base, the day, every currency', () => {
    const doc = parseEcbXml(ecbDocument(date, ECB), now);
    expect(doc).toEqual({ base: 'EUR', date, rates: { USD: '1.0823', JPY: '162.45', GBP: '0.84120', CHF: '0.9391', EUR: '1' } });
    // double quotes, comments and a BOM are XML too
    const variant = '\ufeff' + ecbDocument(date, { USD: '1.1' }).replace(/'/g, '"').replace('<Cube>', '<!-- today --><Cube>');
    expect(parseEcbXml(variant, now).rates).toEqual({ USD: '1.1', EUR: '1' });
  });

  it('refuses malformed or unexpected XML', () => {
    const good = ecbDocument(date, ECB);
    const bad = [
      '',
      'not xml at all',
      good.replace('</gesmes:Envelope>', ''), // truncated
      good.replace("<Cube currency='USD' rate='1.0823'/>", "<Cube currency='USD' rate='1.0823'>"), // unclosed
      good.replace('</gesmes:Envelope>', '</gesmes:Envelope><extra/>'),
      good.replace('<gesmes:subject>', '<!DOCTYPE x><gesmes:subject>'),
      good.replace('Reference rates', 'R&D rates'),
      good.replace("currency='USD' rate='1.0823'", "currency='USD' currency='USD' rate='1.0823'"),
      '<html><body>Service Unavailable</body></html>',
    ];
    for (const text of bad) expect(() => parseEcbXml(text, now)).toThrow(FeedError);
    expect(() => parseXml('<a><b></a></b>')).toThrow(/expected <\/b>/);
  });

  it('refuses documents with bad rates, missing currencies or absurd dates', () => {
    const bad = [
      ecbDocument(date, { USD: '-1.08' }),
      ecbDocument(date, { USD: '0' }),
      ecbDocument(date, { USD: 'abc' }),
      ecbDocument(date, { USD: '1e3' }),
      ecbDocument(date, { usd: '1.08' }),
      ecbDocument(date, {}),
      ecbDocument('2099-01-01', ECB),
      ecbDocument('2001-01-01', ECB),
      ecbDocument('2026-02-30', ECB),
      ecbDocument('yesterday', ECB),
      ecbDocument(date, ECB).replace(/ time='[^']*'/, ''),
      ecbDocument(date, ECB).replace(" rate='162.45'", ''),
    ];
    for (const text of bad) expect(() => parseEcbXml(text, now)).toThrow(FeedError);
  });

  it('reads the JSON rate service and refuses garbage', () => {
    expect(parseRatesJson(jsonDocument(date, { USD: 1.08, GBP: 0.84 }), now)).toEqual({ base: 'EUR', date, rates: { USD: '1.08', GBP: '0.84', EUR: '1' } });
    const bad = [
      '{',
      '[]',
      'null',
      JSON.stringify({ base: 'EUR', date, rates: {} }),
      JSON.stringify({ base: 'EUR', date, rates: { USD: '1.08x' } }),
      JSON.stringify({ base: 'EUR', date, rates: { USD: -2 } }),
      JSON.stringify({ base: 'EUR', date, rates: { USD: null } }),
      JSON.stringify({ base: 'EUR', date, rates: { USD: Infinity } }),
      JSON.stringify({ base: 'EURO', date, rates: { USD: 1.08 } }),
      JSON.stringify({ base: 'EUR', date: '1999-12-31', rates: { USD: 1.08 } }),
      JSON.stringify({ base: 'EUR', rates: { USD: 1.08 } }),
      JSON.stringify({ base: 'EUR', date, rates: [1.08] }),
      JSON.stringify({ base: 'EUR', date, rates: { EUR: 2, USD: 1.08 } }),
    ];
    for (const text of bad) expect(() => parseRatesJson(text, now)).toThrow(FeedError);
  });

  it('crosses rates through the snapshot base', () => {
    const rates = { EUR: '1', USD: '1.25', GBP: '0.8' };
    expect(crossRate(rates, 'EUR', 'USD')).toBe(1.25);
    expect(crossRate(rates, 'USD', 'GBP')).toBe(0.64);
    expect(crossRate(rates, 'GBP', 'EUR')).toBe(1.25);
    expect(crossRate(rates, 'USD', 'JPY')).toBeNull();
  });
});
