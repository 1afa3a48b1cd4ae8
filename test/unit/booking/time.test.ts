import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  daysInMonth,
  fromMinutes,
  instantToWall,
  todayIn,
  toMinutes,
  wallToInstant,
  weekdayOf,
} from '../../../shared/booking/time';

const BERLIN = 'Europe/Berlin';
const utc = (iso: string): number => Date.parse(iso);

describe('wallToInstant', () => {
  it.each([
    // an ordinary winter and summer day
    ['2026-01-15', '09:30', BERLIN, '2026-01-15T08:30:00Z'],
    ['2026-07-15', '09:30', BERLIN, '2026-07-15T07:30:00Z'],
    ['2026-01-15', '00:00', BERLIN, '2026-01-14T23:00:00Z'],
    // spring forward, 2026-03-29: 02:00-02:59 does not exist
    ['2026-03-29', '01:59', BERLIN, '2026-03-29T00:59:00Z'],
    ['2026-03-29', '02:00', BERLIN, null],
    ['2026-03-29', '02:30', BERLIN, null],
    ['2026-03-29', '02:59', BERLIN, null],
    ['2026-03-29', '03:00', BERLIN, '2026-03-29T01:00:00Z'],
    ['2026-03-29', '00:00', BERLIN, '2026-03-28T23:00:00Z'],
    ['2026-03-29', '23:45', BERLIN, '2026-03-29T21:45:00Z'],
    // fall back, 2026-10-25: 02:00-02:59 occurs twice, the first (CEST) occurrence wins
    ['2026-10-25', '01:59', BERLIN, '2026-10-24T23:59:00Z'],
    ['2026-10-25', '02:00', BERLIN, '2026-10-25T00:00:00Z'],
    ['2026-10-25', '02:59', BERLIN, '2026-10-25T00:59:00Z'],
    ['2026-10-25', '03:00', BERLIN, '2026-10-25T02:00:00Z'],
    ['2026-10-25', '00:00', BERLIN, '2026-10-24T22:00:00Z'],
    // the days around a transition are ordinary
    ['2026-03-28', '02:30', BERLIN, '2026-03-28T01:30:00Z'],
    ['2026-03-30', '02:30', BERLIN, '2026-03-30T00:30:00Z'],
    // zones without DST
    ['2026-03-29', '02:30', 'Asia/Tokyo', '2026-03-28T17:30:00Z'],
    ['2026-10-25', '02:30', 'UTC', '2026-10-25T02:30:00Z'],
    ['2026-06-01', '12:00', 'Asia/Kolkata', '2026-06-01T06:30:00Z'],
    // New York, 2026-03-08 spring forward and 2026-11-01 fall back
    ['2026-03-08', '02:15', 'America/New_York', null],
    ['2026-03-08', '03:00', 'America/New_York', '2026-03-08T07:00:00Z'],
    ['2026-11-01', '01:30', 'America/New_York', '2026-11-01T05:30:00Z'],
    // Lord Howe shifts by 30 minutes: 2026-04-05 02:00 (+11) back to 01:30 (+10:30)
    ['2026-04-05', '01:45', 'Australia/Lord_Howe', '2026-04-04T14:45:00Z'],
    ['2026-04-05', '02:00', 'Australia/Lord_Howe', '2026-04-04T15:30:00Z'],
  ])('%s %s in %s', (date, time, zone, expected) => {
    expect(wallToInstant(date, time, zone)).toBe(expected === null ? null : utc(expected));
  });

  it('returns null for a malformed time instead of NaN', () => {
    expect(wallToInstant('2026-01-15', 'nine', BERLIN)).toBeNull();
  });
});

describe('instantToWall', () => {
  it.each([
    ['2026-01-15T08:30:00Z', BERLIN, '2026-01-15', '09:30'],
    ['2026-03-29T00:59:00Z', BERLIN, '2026-03-29', '01:59'],
    ['2026-03-29T01:00:00Z', BERLIN, '2026-03-29', '03:00'],
    ['2026-10-25T00:30:00Z', BERLIN, '2026-10-25', '02:30'],
    ['2026-10-25T01:30:00Z', BERLIN, '2026-10-25', '02:30'],
    ['2026-10-25T02:00:00Z', BERLIN, '2026-10-25', '03:00'],
    ['2026-12-31T23:30:00Z', BERLIN, '2027-01-01', '00:30'],
    ['2026-12-31T23:30:00Z', 'UTC', '2026-12-31', '23:30'],
    ['2026-01-01T00:00:00Z', 'Asia/Tokyo', '2026-01-01', '09:00'],
  ])('%s in %s', (iso, zone, date, time) => {
    expect(instantToWall(utc(iso), zone)).toEqual({ date, time });
  });

  it('round-trips every existing wall time (first occurrence) on the DST days', () => {
    for (const date of ['2026-03-29', '2026-10-25']) {
      for (let minute = 0; minute < 1440; minute += 5) {
        const time = fromMinutes(minute);
        const ms = wallToInstant(date, time, BERLIN);
        if (ms === null) {
          expect(date === '2026-03-29' && minute >= 120 && minute < 180).toBe(true);
          continue;
        }
        expect(instantToWall(ms, BERLIN)).toEqual({ date, time });
      }
    }
  });

  it('property: wall time of an instant maps back to that instant or an earlier occurrence', () => {
    const from = utc('2025-01-01T00:00:00Z');
    const to = utc('2028-01-01T00:00:00Z');
    fc.assert(
      fc.property(
        fc.integer({ min: from / 60_000, max: to / 60_000 }),
        fc.constantFrom(BERLIN, 'America/New_York', 'UTC', 'Australia/Sydney'),
        (minute, zone) => {
          const ms = minute * 60_000;
          const wall = instantToWall(ms, zone);
          const back = wallToInstant(wall.date, wall.time, zone);
          expect(back).not.toBeNull();
          // equal, or the first occurrence of a repeated hour (at most an hour earlier)
          expect(back!).toBeLessThanOrEqual(ms);
          expect(ms - back!).toBeLessThanOrEqual(3_600_000);
          expect(instantToWall(back!, zone)).toEqual(wall);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('todayIn', () => {
  it.each([
    ['2026-03-28T23:30:00Z', BERLIN, '2026-03-29'],
    ['2026-03-28T22:30:00Z', BERLIN, '2026-03-28'],
    ['2026-03-28T23:30:00Z', 'UTC', '2026-03-28'],
    ['2026-03-28T23:30:00Z', 'America/New_York', '2026-03-28'],
  ])('%s in %s is %s', (iso, zone, expected) => {
    expect(todayIn(zone, utc(iso))).toBe(expected);
  });
});

describe('calendar helpers', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-29', 0, '2026-03-29'],
    ['2026-01-01', 90, '2026-04-01'],
  ])('addDays(%s, %i) = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    ['2026-03-29', 0],
    ['2026-03-30', 1],
    ['2026-10-24', 6],
    ['2026-01-01', 4],
  ])('weekdayOf(%s) = %i', (date, expected) => {
    expect(weekdayOf(date)).toBe(expected);
  });

  it.each([
    ['00:00', 0],
    ['09:30', 570],
    ['23:59', 1439],
    ['24:00', 1440],
  ])('toMinutes(%s) = %i and back', (time, minutes) => {
    expect(toMinutes(time)).toBe(minutes);
    expect(fromMinutes(minutes)).toBe(time);
  });

  it.each([
    [2026, 1, 31],
    [2026, 2, 28],
    [2028, 2, 29],
    [2100, 2, 28],
    [2000, 2, 29],
    [2026, 4, 30],
    [2026, 12, 31],
  ])('daysInMonth(%i, %i) = %i', (year, month, expected) => {
    expect(daysInMonth(year, month)).toBe(expected);
  });
});
