import { divRound } from './money';

/**
 * Proration of plan changes within a billing period, exact to the currency's minor unit.
 *
 * The period has a billed length L (ms). Each plan runs for a share of it; what the customer owes
 * for the period is Σ price_i × time_i / L. The state keeps that sum's exact numerator for the
 * plans before the last change (`consumed`, minor units × ms), the time of the last change, and
 * what was billed so far (`billed`, minor units, the rounded total assuming the current plan runs to
 * the end). A change at t:
 *
 *   consumed' = consumed + old × (t − lastChange)
 *   used      = round(consumed' / L)                   what the plans so far used
 *   target    = round((consumed' + new × (end − t)) / L)
 *   credit    = billed − used                        the unused part of what was billed
 *   charge    = target − used                        the new plan for the rest of the period
 *   net       = charge − credit = target − billed
 *
 * So after any sequence of changes, the first charge plus every net is round(Σ price_i × time_i / L)
 * exactly: what the customer owes by time share, to the minor unit (rounded half up once, never
 * per step). Credit and charge are never negative and each is within one minor unit of its exact
 * time share. A pause moves `end` and `lastChange` by the paused time, so paused time is never billed.
 */
export interface ProrationState {
  /** billed length of the period (ms) */
  lengthMs: bigint;
  /** end of the period (epoch ms) */
  end: number;
  /** last plan change, or the period start (epoch ms) */
  lastChangeAt: number;
  /** Σ price × ms of the plans before the last change */
  consumed: bigint;
  /** minor units billed for the period so far */
  billed: bigint;
}

interface Proration {
  credit: bigint;
  charge: bigint;
  net: bigint;
  next: ProrationState;
}

/** The state at the start of a period billed `price` in full. */
export const freshPeriod = (start: number, end: number, price: bigint): ProrationState => ({
  lengthMs: BigInt(end - start),
  end,
  lastChangeAt: start,
  consumed: 0n,
  billed: price,
});

/** A change from `oldPrice` to `newPrice` at `at` (lastChangeAt ≤ at ≤ end). */
export function prorate(s: ProrationState, oldPrice: bigint, newPrice: bigint, at: number): Proration {
  if (at < s.lastChangeAt || at > s.end) throw new RangeError('a plan change must fall within the current period, after the last change');
  if (s.lengthMs <= 0n) throw new RangeError('the period has no length');
  const consumed = s.consumed + oldPrice * BigInt(at - s.lastChangeAt);
  const used = divRound(consumed, s.lengthMs);
  const target = divRound(consumed + newPrice * BigInt(s.end - at), s.lengthMs);
  const credit = s.billed - used;
  const charge = target - used;
  return { credit, charge, net: charge - credit, next: { ...s, consumed, billed: target, lastChangeAt: at } };
}
