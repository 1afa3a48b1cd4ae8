import { describe, expect, it } from 'vitest';
import { checkAgainstCache, type CacheRefusal } from '../../../shared/booking/cache-checks';

const BERLIN = 'Europe/Berlin';
// Monday 2026-11-23 10:00 in Berlin (09:00 UTC).
const NOW = Date.parse('2026-11-23T09:00:00Z');
const catalog = { serviceIds: ['svc-a', 'svc-b'], employeeIds: ['emp-1', 'emp-2'] };
const ok = { serviceId: 'svc-a', employeeId: 'emp-1', date: '2026-11-24', time: '09:00' };

describe('checkAgainstCache', () => {
  it.each<[string, Partial<typeof ok>, CacheRefusal | null]>([
    ['a later day', {}, null],
    ['yesterday', { date: '2026-11-22', time: '18:00' }, 'date_past'],
    ['a year ago', { date: '2025-11-24' }, 'date_past'],
    ['today, an hour ago', { date: '2026-11-23', time: '09:00' }, 'time_past'],
    ['today, a minute ago', { date: '2026-11-23', time: '09:59' }, 'time_past'],
    ['today, now', { date: '2026-11-23', time: '10:00' }, null],
    ['today, later', { date: '2026-11-23', time: '10:15' }, null],
    ['an unknown service', { serviceId: 'svc-x' }, 'unknown_service'],
    ['an unknown employee', { employeeId: 'emp-9' }, 'unknown_employee'],
    ['the past wins over unknown ids', { date: '2026-11-01', serviceId: 'svc-x' }, 'date_past'],
  ])('%s', (_name, change, expected) => {
    expect(
      checkAgainstCache({ request: { ...ok, ...change }, now: NOW, timeZone: BERLIN, catalog }),
    ).toBe(expected);
  });

  it('without a cached catalog, says nothing about ids but still refuses the past', () => {
    const unknown = { ...ok, serviceId: 'svc-x', employeeId: 'emp-9' };
    expect(
      checkAgainstCache({ request: unknown, now: NOW, timeZone: BERLIN, catalog: null }),
    ).toBeNull();
    expect(
      checkAgainstCache({
        request: { ...unknown, date: '2026-11-22' },
        now: NOW,
        timeZone: BERLIN,
        catalog: null,
      }),
    ).toBe('date_past');
  });

  it.each<[string, string, string, CacheRefusal | null]>([
    // "today" is the business's day: 23:30 UTC on the 22nd is already the 23rd in Berlin.
    ['Berlin midnight passed, UTC not yet', '2026-11-22T23:30:00Z', '2026-11-22', 'date_past'],
    ['the same instant, Berlin today late', '2026-11-22T23:30:00Z', '2026-11-23', null],
    ['22:30 in Berlin, the 22nd is still today', '2026-11-22T21:30:00Z', '2026-11-22', null],
  ])('time zone: %s', (_name, nowIso, date, expected) => {
    const time = date === '2026-11-23' ? '01:00' : '23:45';
    expect(
      checkAgainstCache({
        request: { ...ok, date, time },
        now: Date.parse(nowIso),
        timeZone: BERLIN,
        catalog,
      }),
    ).toBe(expected);
  });

  it('a wall time that does not exist today (spring forward) is left to the slot grid', () => {
    const now = Date.parse('2026-03-29T03:00:00Z'); // 05:00 in Berlin
    const request = { ...ok, date: '2026-03-29', time: '02:30' };
    expect(checkAgainstCache({ request, now, timeZone: BERLIN, catalog })).toBeNull();
    expect(
      checkAgainstCache({ request: { ...request, time: '03:00' }, now, timeZone: BERLIN, catalog }),
    ).toBe('time_past');
  });
});
