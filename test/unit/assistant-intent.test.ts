import { IntentDetector, SKILL_IDS, SKILLS, extractParams, trainingSamples } from '@svc/assistant';
import { HELD_OUT, HELD_OUT_FRESH, UNRELATED } from './assistant-heldout';

/**
 * The assistant's offline intent classifier and parameter extraction: the 24 skills and their
 * examples, the held-out accuracy (reported, at least 90% top-1), unrelated requests answered with
 * no skill, and parameters read from English, German and French requests.
 */
describe('assistant: intent and parameters', () => {
  const detector = new IntentDetector();
  const accuracy = (set: ReadonlyArray<readonly [string, string]>) => {
    const misses: string[] = [];
    for (const [request, want] of set) {
      const d = detector.detect(request);
      const top = d.skill?.id ?? d.suggestions[0]?.id;
      if (top !== want) misses.push(`${request} -> ${top} (want ${want})`);
    }
    return { correct: set.length - misses.length, total: set.length, misses };
  };

  it('has the 24 skills of the contract, each with ≥12 English and a few German and French examples', () => {
    expect(SKILLS.map((s) => s.id)).toEqual([...SKILL_IDS]);
    expect(SKILL_IDS).toHaveLength(24);
    for (const s of SKILLS) {
      expect(s.examples.en.length).toBeGreaterThanOrEqual(12);
      expect(s.examples.de.length).toBeGreaterThanOrEqual(3);
      expect(s.examples.fr.length).toBeGreaterThanOrEqual(3);
      expect(['fast', 'standard', 'advanced']).toContain(s.model_tier);
      expect(s.icon).toMatch(/^[a-z0-9-]+$/);
    }
  });

  it('keeps the held-out requests out of training', () => {
    const trained = new Set(trainingSamples().map((s) => s.text.toLowerCase().trim()));
    const heldOut = [...HELD_OUT, ...HELD_OUT_FRESH].map(([r]) => r.toLowerCase().trim());
    expect(heldOut.length).toBeGreaterThanOrEqual(200);
    expect(heldOut.filter((r) => trained.has(r))).toEqual([]);
    for (const [, skill] of [...HELD_OUT, ...HELD_OUT_FRESH]) expect(SKILL_IDS).toContain(skill);
  });

  it('detects the skill of at least 90% of the held-out requests (top-1)', () => {
    const first = accuracy(HELD_OUT);
    const fresh = accuracy(HELD_OUT_FRESH);
    const all = accuracy([...HELD_OUT, ...HELD_OUT_FRESH]);
    const pct = (a: { correct: number; total: number }) => `${a.correct}/${a.total} = ${((100 * a.correct) / a.total).toFixed(1)}%`;
    process.stdout.write(
      `assistant intent top-1: held-out ${pct(all)} (first batch ${pct(first)}, fresh batch ${pct(fresh)})\nmisses:\n  ${all.misses.join('\n  ')}\n`,
    );
    expect(all.correct / all.total).toBeGreaterThanOrEqual(0.9);
  });

  it('answers no skill, with the closest skills as suggestions, for unrelated requests', () => {
    const answers = UNRELATED.map((r) => detector.detect(r));
    expect(answers.filter((a) => a.skill === null).length).toBeGreaterThanOrEqual(UNRELATED.length - 1);
    for (const a of answers.filter((x) => x.skill === null)) {
      expect(a.suggestions).toHaveLength(3);
      expect(a.suggestions[0].confidence).toBeGreaterThanOrEqual(a.suggestions[1].confidence);
    }
    const sure = detector.detect('set the price of the classic organic tee to 29 euros');
    expect(sure.skill).toMatchObject({ id: 'pricing-strategist', name: 'Pricing strategist' });
    expect(sure.skill!.confidence).toBeGreaterThan(0.5);
  });

  describe('parameters', () => {
    // a Saturday
    const today = new Date('2026-11-28T10:00:00Z');
    const params = (text: string) => extractParams(text, today).params;

    it('reads amounts with their currency, percentages and quantities', () => {
      expect(params('set the price of the organic tee to 29 euros')).toMatchObject({ amount: 29, currency_code: 'eur', direction: 'set' });
      expect(params('make it €24.50')).toMatchObject({ amount: 24.5, currency_code: 'eur' });
      expect(params('lower it to $189')).toMatchObject({ amount: 189, currency_code: 'usd', direction: 'down' });
      expect(params('the towels should cost £14')).toMatchObject({ amount: 14, currency_code: 'gbp' });
      expect(params('Setze den Preis auf 29,90 EUR')).toMatchObject({ amount: 29.9, currency_code: 'eur' });
      expect(params('raise all hoodie prices by 10 percent')).toMatchObject({ percentage: 10, direction: 'up' });
      expect(params('Erhöhe alle Preise um 5 Prozent')).toMatchObject({ percentage: 5, direction: 'up' });
      expect(params('augmente tous les prix de 7,5 %')).toMatchObject({ percentage: 7.5 });
      expect(params('add 20 units of the classic tee in size M')).toMatchObject({ quantity: 20, size: 'M', direction: 'up' });
      expect(params('set the stock of the stoneware mug to 50')).toMatchObject({ quantity: 50, direction: 'set' });
      expect(params('réduis le stock du sac de 3')).toMatchObject({ quantity: 3, direction: 'down' });
    });

    it('reads dates (absolute and relative, three languages), times, locales, codes and numbers', () => {
      expect(params('create an event on 12 March 2027').dates).toEqual(['2027-03-12']);
      expect(params('Veranstaltung am 12. März 2027').dates).toEqual(['2027-03-12']);
      expect(params('un événement le 1er janvier').dates).toEqual(['2027-01-01']);
      expect(params('on June 10, 2027 at 14:30').dates).toEqual(['2027-06-10']);
      expect(params('on June 10, 2027 at 14:30').times).toEqual(['14:30']);
      expect(params('schedule it for 2027-02-01').dates).toEqual(['2027-02-01']);
      expect(params('am 24.12.2026 geschlossen').dates).toEqual(['2026-12-24']);
      expect(params('publish it tomorrow at 9am')).toMatchObject({ dates: ['2026-11-29'], times: ['09:00'] });
      expect(params('schedule it next friday').dates).toEqual(['2026-12-04']);
      expect(params('plane es für Montag').dates).toEqual(['2026-11-30']);
      expect(params('programme-le demain').dates).toEqual(['2026-11-29']);
      expect(params('translate the tee into German and French').locales).toEqual(['de', 'fr']);
      expect(params('Übersetze die Seite ins Französische').locales).toEqual(['fr']);
      expect(params('traduis en espagnol').locales).toEqual(['es']);
      expect(params('create a discount code SUMMER15 for 15% off')).toMatchObject({ code: 'SUMMER15', percentage: 15 });
      expect(params('cancel order #17')).toMatchObject({ order_number: 17 });
      expect(params('accept quote q-2026-000001')).toMatchObject({ quote_number: 'Q-2026-000001' });
      expect(params('create a collection called Winter Essentials')).toMatchObject({ title: 'Winter Essentials' });
      expect(params('crée une page « Notre histoire »')).toMatchObject({ title: 'Notre histoire' });
      expect(params('set the brand color to #1A5C3a')).toMatchObject({ color: '#1a5c3a' });
      expect(params('not a date: 31 February 2027').dates).toBeUndefined();
    });
  });
});
