import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TimeSlot } from '../../../shared/api/schemas';
import {
  freeEmployeesAt,
  freeTimes,
  mergeSlotsByTime,
  offerAt,
  type Hold,
} from '../../../shared/booking/free-times';

const DATE = '2026-11-24';
const free = (time: string, employeeId: string): TimeSlot => ({
  time,
  available: true,
  employeeId,
  employeeName: employeeId,
});
const taken = (time: string, reason = 'booked'): TimeSlot => ({ time, available: false, reason });

/** 11:00 listed for Anna and Mehmet (once per free employee), 11:15 for Anna only, 11:30 for nobody. */
const perEmployee: TimeSlot[] = [
  free('11:00', 'anna'),
  free('11:00', 'mehmet'),
  free('11:15', 'anna'),
  taken('11:30'),
];

describe('offerAt', () => {
  it.each([
    ['11:00', undefined, 'anna'], // the API's first
    ['11:00', 'mehmet', 'mehmet'], // the preferred one when free
    ['11:00', 'sophie', 'anna'], // preferred not listed: the first free
    ['11:15', 'mehmet', 'anna'],
  ])('%s preferring %s -> %s', (time, preferred, expected) => {
    expect(offerAt(perEmployee, time, preferred)?.employeeId).toBe(expected);
  });

  it('a time nobody is free at stands as its unavailable entry; an unlisted time as nothing', () => {
    expect(offerAt(perEmployee, '11:30')).toEqual(taken('11:30'));
    expect(offerAt(perEmployee, '12:00')).toBeUndefined();
  });

  it('prefers a free entry over an unavailable one listed first', () => {
    expect(
      offerAt(
        [{ time: '11:00', available: false, reason: 'held' }, free('11:00', 'mehmet')],
        '11:00',
      )?.employeeId,
    ).toBe('mehmet');
  });
});

describe('mergeSlotsByTime', () => {
  it('offers each time once, naming a free employee', () => {
    expect(mergeSlotsByTime(perEmployee)).toEqual([
      free('11:00', 'anna'),
      free('11:15', 'anna'),
      taken('11:30'),
    ]);
    expect(perEmployee).toHaveLength(4); // not mutated
  });

  const hold = (employeeId: string): Hold => ({
    employeeId,
    date: DATE,
    time: '11:00',
    durationMinutes: 15,
  });
  const anyoneWith = (blockers: Hold[]) =>
    freeTimes({
      date: DATE,
      durationMinutes: 15,
      anyList: { timeSlots: perEmployee, fetchedAt: 0 },
      personLists: new Map(),
      blockers,
    }).timeSlots;

  it('after a hold on Anna at 11:00, the shared time is offered with Mehmet, not shown twice', () => {
    expect(anyoneWith([hold('anna')])).toEqual([
      free('11:00', 'mehmet'),
      free('11:15', 'anna'),
      taken('11:30'),
    ]);
  });

  it('after holds on both, the time is offered as not free', () => {
    const held = anyoneWith([hold('anna'), hold('mehmet')]);
    expect(held[0]).toEqual({ time: '11:00', available: false, reason: 'held' });
    expect(freeEmployeesAt(held, '11:00')).toEqual([]);
  });

  it('leaves a list with one entry per time as it is', () => {
    const reference = [free('09:00', 'anna'), taken('09:15'), free('09:30', 'mehmet')];
    expect(mergeSlotsByTime(reference)).toEqual(reference);
  });

  it('property: one entry per listed time; free when and only when someone is free then, naming one of them', () => {
    const slot = fc.record({
      time: fc.constantFrom('09:00', '09:15', '09:30', '09:45'),
      available: fc.boolean(),
      employeeId: fc.option(fc.constantFrom('anna', 'mehmet', 'sophie'), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(slot, { maxLength: 20 }), (raw) => {
        const slots: TimeSlot[] = raw.map((s) =>
          s.employeeId === undefined
            ? { time: s.time, available: s.available }
            : { ...s, employeeId: s.employeeId },
        );
        const merged = mergeSlotsByTime(slots);
        const times = [...new Set(slots.map((s) => s.time))];
        if (merged.map((s) => s.time).join() !== times.join()) return false;
        return merged.every((offer) => {
          const freeThen = freeEmployeesAt(slots, offer.time);
          const offered = offer.available && offer.employeeId !== undefined;
          return (
            offered === freeThen.length > 0 &&
            (!offered || freeThen.includes(offer.employeeId as string))
          );
        });
      }),
    );
  });
});
