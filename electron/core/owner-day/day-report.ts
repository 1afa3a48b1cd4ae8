/**
 * The kiosk day's answer from its rows (pure): counts per hour, per day and for the range, and
 * the median time from start to booked from the seconds histogram (exact to the second).
 */
import { addDays } from '../../../shared/booking/time';
import {
  emptyKioskDayCounts,
  KIOSK_DAY_STEPS,
  type KioskDay,
  type KioskDayCounts,
  type KioskDayStep,
} from '../../../shared/kiosk-day';
import { Language } from '../../../shared/settings';
import type { CountRow, SecondsRow } from './counts-repo';

const isStep = (detail: string): detail is KioskDayStep =>
  (KIOSK_DAY_STEPS as readonly string[]).includes(detail);

function add(into: KioskDayCounts, row: CountRow): void {
  switch (row.counter) {
    case 'started':
    case 'noTimeFound':
    case 'waitlistJoined':
    case 'arrived':
      into[row.counter] += row.count;
      break;
    case 'reached':
    case 'abandoned':
      if (isStep(row.detail)) into[row.counter][row.detail] += row.count;
      break;
    case 'language': {
      const language = Language.safeParse(row.detail);
      if (language.success)
        into.languages[language.data] = (into.languages[language.data] ?? 0) + row.count;
      break;
    }
    case 'mode':
      if (row.detail === 'audio' || row.detail === 'reach') into[row.detail] += row.count;
      break;
  }
}

/** The median of a histogram of whole seconds (the mean of the middle two, rounded). */
export function medianSeconds(
  rows: readonly Pick<SecondsRow, 'seconds' | 'count'>[],
): number | null {
  const sorted = [...rows].filter((row) => row.count > 0).sort((a, b) => a.seconds - b.seconds);
  const total = sorted.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return null;
  const nth = (n: number): number => {
    let seen = 0;
    for (const row of sorted) {
      seen += row.count;
      if (seen >= n) return row.seconds;
    }
    return sorted[sorted.length - 1]?.seconds ?? 0;
  };
  return total % 2 === 1
    ? nth((total + 1) / 2)
    : Math.round((nth(total / 2) + nth(total / 2 + 1)) / 2);
}

function countsOf(counts: readonly CountRow[], seconds: readonly SecondsRow[]): KioskDayCounts {
  const result = emptyKioskDayCounts();
  for (const row of counts) add(result, row);
  result.medianSecondsToBooked = medianSeconds(seconds);
  return result;
}

export function buildKioskDay(
  from: string,
  to: string,
  rows: { counts: readonly CountRow[]; seconds: readonly SecondsRow[] },
): KioskDay {
  const hourKey = (row: { day: string; hour: number }): string =>
    `${row.day} ${String(row.hour).padStart(2, '0')}`;
  const hourKeys = [...new Set([...rows.counts, ...rows.seconds].map(hourKey))].sort();
  const hours = hourKeys.map((key) => {
    const [date = '', hour = '0'] = key.split(' ');
    const mine = (row: { day: string; hour: number }): boolean => hourKey(row) === key;
    return {
      date,
      hour: Number(hour),
      ...countsOf(rows.counts.filter(mine), rows.seconds.filter(mine)),
    };
  });
  const days: KioskDay['days'] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const mine = (row: { day: string }): boolean => row.day === date;
    days.push({ date, ...countsOf(rows.counts.filter(mine), rows.seconds.filter(mine)) });
  }
  return { from, to, hours, days, total: countsOf(rows.counts, rows.seconds) };
}
