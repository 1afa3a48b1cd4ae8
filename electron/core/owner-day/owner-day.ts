/**
 * The owner's kiosk day (issue 41 part 3): the screens report their customers' walk through the
 * flow (`reportKioskFlow`, public, per screen), this room counts it per hour and day in the
 * shop's time zone, keeps KIOSK_DAY_KEEP_DAYS days in the kiosk's database, and answers staff
 * (`getKioskDay`, `exportKioskDay`) and /metrics (today's counts). Counts only: no name, e-mail,
 * phone, booking id or free text is ever taken in or written.
 */
import { addDays, instantToWall } from '../../../shared/booking/time';
import type { KioskApi } from '../../../shared/kiosk-api';
import { KIOSK_DAY_KEEP_DAYS, type KioskDayCounts } from '../../../shared/kiosk-day';
import { KioskFailure } from '../../../shared/result';
import type { KioskDb } from '../db';
import type { Clock, Logger } from '../platform';
import { addToHour, pruneBefore, readDays, type HourKey } from './counts-repo';
import { kioskDayCsv } from './day-csv';
import { buildKioskDay } from './day-report';
import { createFlowSessions } from './flow-sessions';

export type KioskDayMethod = 'reportKioskFlow' | 'getKioskDay' | 'exportKioskDay';

export interface KioskDayRoom {
  /** The staff methods (the guard checks their session). */
  api: Pick<KioskApi, 'getKioskDay' | 'exportKioskDay'>;
  /** A screen's own report method: its sessions are its own. */
  forScreen: (screen: string) => Pick<KioskApi, 'reportKioskFlow'>;
  /** Today's counts so far (for /metrics). */
  today: () => KioskDayCounts;
}

export function createKioskDay(deps: {
  db: KioskDb;
  clock: Clock;
  timeZone: string;
  log: Logger;
}): KioskDayRoom {
  const { db, clock, timeZone, log } = deps;
  const sessions = createFlowSessions();
  const hourAt = (now: number): HourKey => {
    const wall = instantToWall(now, timeZone);
    return { day: wall.date, hour: Number(wall.time.slice(0, 2)) };
  };
  // The first day kept; pruned at start and whenever a write begins a new day.
  let prunedFor: string | null = null;
  const pruneFor = (today: string): void => {
    if (prunedFor === today) return;
    prunedFor = today;
    const pruned = pruneBefore(db, addDays(today, 1 - KIOSK_DAY_KEEP_DAYS));
    if (pruned > 0) log.info('kiosk day: days past keeping pruned', { rows: pruned });
  };
  pruneFor(hourAt(clock.now()).day);

  const report = (from: string, to: string) => {
    if (from > to) throw new KioskFailure('invalid_request', '`from` is after `to`');
    if (addDays(from, KIOSK_DAY_KEEP_DAYS - 1) < to)
      throw new KioskFailure('invalid_request', `at most ${KIOSK_DAY_KEEP_DAYS} days at once`);
    return buildKioskDay(from, to, readDays(db, from, to));
  };

  return {
    api: {
      getKioskDay: (input) => Promise.resolve().then(() => report(input.from, input.to)),
      exportKioskDay: (input) =>
        Promise.resolve().then(() => ({
          fileName: `kiosk-day-${input.from}-${input.to}.csv`,
          csv: kioskDayCsv(report(input.from, input.to)),
        })),
    },
    forScreen: (screen) => ({
      reportKioskFlow: (input) =>
        Promise.resolve().then(() => {
          const now = clock.now();
          const counted = sessions.report(screen, input, now);
          if (!counted) return { counted: false };
          const at = hourAt(now);
          pruneFor(at.day);
          addToHour(db, at, counted.increments, counted.bookedSeconds);
          return { counted: true };
        }),
    }),
    today: () => {
      const today = hourAt(clock.now()).day;
      return report(today, today).total;
    },
  };
}
