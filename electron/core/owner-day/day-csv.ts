/**
 * The kiosk day as CSV for the owner's spreadsheet: one line per day (hour empty) followed by
 * its hours with anything counted. Every cell is a date, an hour or a number, so nothing needs
 * quoting and no cell can start a formula.
 */
import { LANGUAGE_CODES } from '../../../shared/languages';
import { KIOSK_DAY_STEPS, type KioskDay, type KioskDayCounts } from '../../../shared/kiosk-day';

const COLUMNS = [
  'date',
  'hour',
  'started',
  ...KIOSK_DAY_STEPS.map((step) => `reached_${step}`),
  ...KIOSK_DAY_STEPS.map((step) => `abandoned_${step}`),
  'no_time_found',
  'waitlist_joined',
  'arrived',
  ...LANGUAGE_CODES.map((language) => `language_${language}`),
  'audio',
  'reach',
  'median_seconds_to_booked',
];

function cells(counts: KioskDayCounts): (number | string)[] {
  return [
    counts.started,
    ...KIOSK_DAY_STEPS.map((step) => counts.reached[step]),
    ...KIOSK_DAY_STEPS.map((step) => counts.abandoned[step]),
    counts.noTimeFound,
    counts.waitlistJoined,
    counts.arrived,
    ...LANGUAGE_CODES.map((language) => counts.languages[language] ?? 0),
    counts.audio,
    counts.reach,
    counts.medianSecondsToBooked ?? '',
  ];
}

export function kioskDayCsv(day: KioskDay): string {
  const lines = [COLUMNS.join(',')];
  for (const { date, ...counts } of day.days) {
    lines.push([date, '', ...cells(counts)].join(','));
    for (const { date: hourDate, hour, ...hourCounts } of day.hours)
      if (hourDate === date) lines.push([date, hour, ...cells(hourCounts)].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
