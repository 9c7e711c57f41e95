import fc from 'fast-check';
import { divRound, freshPeriod, prorate, type ProrationState } from '@svc/subscriptions';

const DAY = 86_400_000;

/** |amount − numerator / length| ≤ limit minor units, in integers */
const within = (amount: bigint, numerator: bigint, length: bigint, limit = 1n) => {
  const diff = amount * length - numerator;
  return (diff < 0n ? -diff : diff) <= limit * length;
};

/** One step of a period: the plan runs `active` ms, the subscription may then pause for `paused` ms, then switches to `price`. */
const step = fc.record({
  active: fc.integer({ min: 0, max: 40 * DAY }),
  paused: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20 * DAY })),
  price: fc.bigInt({ min: 0n, max: 10n ** 9n }),
});

/**
 * Proration (subgraphs/subscriptions/src/services/proration.ts): over any sequence of plan changes
 * within a period, with pauses between them, the first charge plus every change's net (charge −
 * credit) is exactly what the customer owes by time share, rounded once to the minor unit; credits
 * and charges are never negative and each is within one minor unit of its exact share.
 */
describe('subscription proration (property-based)', () => {
  it('credits and charges sum to the time share owed, to the minor unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 * DAY }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.array(step, { maxLength: 25 }),
        fc.integer({ min: 0, max: 2 ** 40 }),
        (length, firstPrice, steps, start) => {
          let state: ProrationState = freshPeriod(start, start + length, firstPrice);
          let wall = start;
          let used = 0; // active time so far
          let price = firstPrice;
          let owed = 0n; // Σ price × active time of the plans before the current one
          let paid = firstPrice;
          const L = BigInt(length);
          for (const s of steps) {
            const active = Math.min(s.active, length - used);
            wall += active;
            used += active;
            owed += price * BigInt(active);
            if (s.paused) {
              // resume moves the period end and the last change by the paused time (SubscriptionService.resume)
              wall += s.paused;
              state = { ...state, end: state.end + s.paused, lastChangeAt: state.lastChangeAt + s.paused };
            }
            const r = prorate(state, price, s.price, wall);
            const left = BigInt(length - used);
            expect(r.credit).toBeGreaterThanOrEqual(0n);
            expect(r.charge).toBeGreaterThanOrEqual(0n);
            expect(r.net).toBe(r.charge - r.credit);
            expect(within(r.credit, price * left, L)).toBe(true);
            expect(within(r.charge, s.price * left, L)).toBe(true);
            paid += r.net;
            price = s.price;
            state = r.next;
          }
          const total = owed + price * BigInt(length - used);
          expect(paid).toBe(divRound(total, L));
          expect(within(paid, total, L, 1n)).toBe(true);
          // what was billed is what the next change would credit against: the state agrees
          expect(state.billed).toBe(paid);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses a change outside the period or before the last change', () => {
    const s = freshPeriod(1_000, 1_000 + 30 * DAY, 3000n);
    expect(() => prorate(s, 3000n, 5000n, 999)).toThrow(RangeError);
    expect(() => prorate(s, 3000n, 5000n, 1_000 + 30 * DAY + 1)).toThrow(RangeError);
    // a change at the very end credits and charges nothing
    expect(prorate(s, 3000n, 5000n, 1_000 + 30 * DAY)).toMatchObject({ credit: 0n, charge: 0n, net: 0n });
    // half-way: half of each, exactly
    expect(prorate(s, 3000n, 5000n, 1_000 + 15 * DAY)).toMatchObject({ credit: 1500n, charge: 2500n, net: 1000n });
  });
});
