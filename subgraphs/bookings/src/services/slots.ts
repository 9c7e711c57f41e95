import { DateTime, IANAZone } from 'luxon';
import type { DateException, TimeRange, WeeklyHours } from '../entities/booking.entity';

/** What the slot grid of a service depends on. */
interface SlotGrid {
  timeZone: string;
  slotMinutes: number;
  bufferMinutes: number;
  weeklyHours: WeeklyHours;
  exceptions: Record<string, DateException>;
}

/** One slot: its start and end instants (epoch milliseconds). */
interface SlotInstant {
  start: number;
  end: number;
}

const MINUTE = 60_000;
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));

/** `YYYY-MM-DD` is a day of the calendar (not 2027-02-30). */
export function isCalendarDate(date: string): boolean {
  return DateTime.fromISO(date, { zone: 'UTC' }).isValid;
}

/** Whole days from `from` to `to` (local dates; 0 when equal, negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return DateTime.fromISO(to, { zone: 'UTC' }).diff(DateTime.fromISO(from, { zone: 'UTC' }), 'days').days;
}

/** The ranges a local date is open: its exception's, else its weekday's. */
function rangesOf(grid: SlotGrid, date: DateTime): TimeRange[] {
  const exception = grid.exceptions[date.toISODate()!];
  if (exception) return exception.closed ? [] : exception.ranges;
  return grid.weeklyHours[String(date.weekday) as keyof WeeklyHours] ?? [];
}

/**
 * The instants a local wall-clock time of a date has in a zone: none in a spring-forward gap (the
 * time does not exist), two in a fall-back overlap (the repeated hour), one otherwise. The zone's
 * offsets come from luxon (IANA data): each offset the zone has around that time is tried, and an
 * instant counts when luxon shows it as that same wall-clock time in the zone.
 */
function instantsOf(zone: IANAZone, date: DateTime, minuteOfDay: number): number[] {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minuteOfDay * MINUTE; // the wall clock read as if UTC
  const offsets = new Set([zone.offset(wall - 86_400_000), zone.offset(wall), zone.offset(wall + 86_400_000)]);
  const found = new Set<number>();
  for (const offset of offsets) {
    const instant = wall - offset * MINUTE;
    if (zone.offset(instant) === offset) found.add(instant);
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The slots of the local dates `from`…`to` (inclusive) in the service's zone: every opening range
 * yields slots of `slotMinutes`, each followed by `bufferMinutes`, counted in local wall-clock time
 * from the range's start; a slot must end by the range's end. Local times are turned into instants
 * with the zone's rules (luxon): a time skipped by a spring-forward change has no slot, a time
 * repeated by a fall-back change has two (one per offset). A slot ends `slotMinutes` after it starts
 * (elapsed time). Sorted by start.
 */
export function slotsBetween(grid: SlotGrid, from: string, to: string): SlotInstant[] {
  const zone = IANAZone.create(grid.timeZone);
  const out: SlotInstant[] = [];
  const step = grid.slotMinutes + grid.bufferMinutes;
  const last = DateTime.fromISO(to, { zone: 'UTC' });
  for (let day = DateTime.fromISO(from, { zone: 'UTC' }); day <= last; day = day.plus({ days: 1 })) {
    for (const range of rangesOf(grid, day)) {
      const end = minutesOf(range.end);
      for (let m = minutesOf(range.start); m + grid.slotMinutes <= end; m += step) {
        for (const start of instantsOf(zone, day, m)) out.push({ start, end: start + grid.slotMinutes * MINUTE });
      }
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The local date of an instant in a zone (`YYYY-MM-DD`). */
export function localDate(instant: number, timeZone: string): string {
  return DateTime.fromMillis(instant, { zone: timeZone }).toISODate()!;
}

/** An instant as ISO 8601 with the zone's offset at that instant (`2027-03-28T03:00:00+02:00`). */
export function isoInZone(instant: number, timeZone: string): string {
  return DateTime.fromMillis(instant, { zone: timeZone }).toISO({ suppressMilliseconds: true })!;
}

/** A local date moved by whole days. */
export function plusDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate()!;
}
