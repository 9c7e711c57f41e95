import type { PlanInterval } from '../entities/plan.entity';

const DAY = 86_400_000;

/** `from` plus `count` intervals, in UTC; a month added to 31 January ends on the last day of February. */
export function addInterval(from: Date, interval: PlanInterval, count: number): Date {
  if (interval === 'day') return new Date(from.getTime() + count * DAY);
  if (interval === 'week') return new Date(from.getTime() + count * 7 * DAY);
  const months = interval === 'month' ? count : count * 12;
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export const addDays = (from: Date, days: number): Date => new Date(from.getTime() + days * DAY);
