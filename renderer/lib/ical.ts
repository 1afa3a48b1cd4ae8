import { wallToInstant } from '../../shared/booking/time';

/**
 * An iCalendar (RFC 5545) event for the confirmation QR code. Times are in UTC, converted from
 * the shop's wall-clock times in the business's zone: a floating time would move with a phone
 * that is in another zone (a tourist's, a commuter's) when the event is imported (issue 28).
 */
export interface CalendarEventInput {
  uid: string;
  title: string;
  date: string; // YYYY-MM-DD
  time: string; // HH:mm
  endTime: string; // HH:mm
  /** The business's IANA zone, in which `date`, `time` and `endTime` are wall times. */
  timeZone: string;
  location?: string;
  description?: string;
  now: Date;
}

function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/** A wall time as UTC; a time that does not exist that day (spring forward) stays floating. */
function utc(date: string, time: string, timeZone: string): string {
  const instant = wallToInstant(date, time, timeZone);
  return instant === null
    ? `${date.replace(/-/g, '')}T${time.replace(':', '')}00`
    : stamp(new Date(instant));
}

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function eventLines(input: CalendarEventInput): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(input.uid)}`,
    `DTSTAMP:${stamp(input.now)}`,
    `DTSTART:${utc(input.date, input.time, input.timeZone)}`,
    `DTEND:${utc(input.date, input.endTime, input.timeZone)}`,
    `SUMMARY:${escapeText(input.title)}`,
    ...(input.location ? [`LOCATION:${escapeText(input.location)}`] : []),
    ...(input.description ? [`DESCRIPTION:${escapeText(input.description)}`] : []),
    'END:VEVENT',
  ];
}

/** One calendar of one or more events (a visit's services: one each). */
export function buildCalendar(events: readonly CalendarEventInput[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Frontdesk//Kiosk//EN',
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.join('\r\n');
}
