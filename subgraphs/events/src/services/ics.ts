import ical, { ICalCalendarMethod } from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { Venue } from '../entities/event.entity';

/** One event of an order's invitation, with the codes of the order's tickets for it. */
export interface InvitationEvent {
  id: string;
  title: string;
  time_zone: string;
  starts_at: Date;
  ends_at: Date;
  venue: Venue | null;
  online_url: string | null;
  codes: Array<{ code: string; ticket: string; attendee: string }>;
}

const locationOf = (e: InvitationEvent): string | null =>
  e.venue ? [e.venue.name, e.venue.address, e.venue.city, e.venue.country_code?.toUpperCase()].filter(Boolean).join(', ') : e.online_url;

/**
 * The iCalendar (RFC 5545) invitation of an order, made with ical-generator: `METHOD:PUBLISH`, one
 * VEVENT per event with a UID stable per event and order (a second mail of the same order updates
 * the same calendar entry), DTSTART/DTEND in the event's own time zone (TZID, with its VTIMEZONE
 * from timezones-ical-library), SUMMARY, LOCATION and a DESCRIPTION listing the ticket codes.
 */
export function invitation(orderId: string, events: InvitationEvent[], domain: string, stamp: Date): string {
  const cal = ical({
    prodId: { company: 'svc', product: 'events', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: null, generator: (tz: string) => tzlib_get_ical_block(tz)[0] },
  });
  for (const e of events) {
    cal.createEvent({
      id: `${e.id}-${orderId}@${domain}`,
      stamp,
      start: DateTime.fromJSDate(e.starts_at, { zone: e.time_zone }),
      end: DateTime.fromJSDate(e.ends_at, { zone: e.time_zone }),
      timezone: e.time_zone,
      summary: e.title,
      location: locationOf(e),
      url: e.online_url,
      description: ['Your tickets:', ...e.codes.map((c) => `${c.code} (${c.ticket}, ${c.attendee})`)].join('\n'),
    });
  }
  return cal.toString();
}
