import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TimeSlot } from '../../../shared/api/schemas';
import { freeEmployeesAt } from '../../../shared/booking/free-times';
import { fromMinutes, toMinutes } from '../../../shared/booking/time';
import {
  endTimeOf,
  fitVisit,
  MAX_VISIT_SERVICES,
  type VisitService,
} from '../../../shared/booking/visit-fit';

const BERLIN = 'Europe/Berlin';
const DATE = '2026-11-24';
const free = (time: string, employeeId: string): TimeSlot => ({
  time,
  available: true,
  employeeId,
  employeeName: employeeId.toUpperCase(),
});
const taken = (time: string): TimeSlot => ({ time, available: false, reason: 'booked' });

const service = (
  serviceId: string,
  durationMinutes: number,
  anySlots: TimeSlot[],
  byEmployee: Record<string, TimeSlot[]> = {},
): VisitService => ({ serviceId, durationMinutes, anySlots, byEmployee });

describe('endTimeOf', () => {
  it.each([
    [DATE, '10:00', 30, BERLIN, '10:30'],
    [DATE, '23:30', 30, BERLIN, null], // ends on the next day
    [DATE, '23:00', 45, BERLIN, '23:45'],
    // spring forward 2026-03-29: an hour from 01:30 ends at 03:30 (02:xx does not exist)
    ['2026-03-29', '01:30', 60, BERLIN, '03:30'],
    ['2026-03-29', '02:30', 30, BERLIN, null], // a start that does not exist
    // fall back 2026-10-25: from 01:30 (CEST) 90 minutes end at 02:00 CET, which the API reads
    // as 02:00 CEST, an hour earlier: no offer
    ['2026-10-25', '01:30', 90, BERLIN, null],
    ['2026-10-25', '01:30', 30, BERLIN, '02:00'], // still the first 02:00
    ['2026-10-25', '02:30', 90, BERLIN, '03:00'], // 02:30 CEST + 90 min = 03:00 CET
    [DATE, '10:00', 30, 'Asia/Kolkata', '10:30'],
  ])('%s %s + %i min in %s ends at %s', (date, time, minutes, zone, expected) => {
    expect(endTimeOf(date, time, minutes, zone)).toBe(expected);
  });
});

describe('fitVisit', () => {
  const cut = service('cut', 30, [
    free('10:00', 'anna'),
    free('10:00', 'ben'),
    free('10:30', 'ben'),
  ]);

  it('keeps the same person for the second service when they are free then', () => {
    const colour = service('colour', 60, [free('10:30', 'ben'), free('10:30', 'anna')]);
    const offers = fitVisit({ date: DATE, timeZone: BERLIN, services: [cut, colour] });
    expect(offers).toEqual([
      {
        time: '10:00',
        samePerson: true,
        parts: [
          { serviceId: 'cut', time: '10:00', employeeId: 'anna', employeeName: 'ANNA' },
          { serviceId: 'colour', time: '10:30', employeeId: 'anna', employeeName: 'ANNA' },
        ],
      },
    ]);
  });

  it('chooses the first person who can also do the second (same person beats the API order)', () => {
    const colour = service('colour', 60, [free('10:30', 'ben')]);
    const [offer] = fitVisit({ date: DATE, timeZone: BERLIN, services: [cut, colour] });
    expect(offer?.parts.map((p) => p.employeeId)).toEqual(['ben', 'ben']);
    expect(offer?.samePerson).toBe(true);
  });

  it('takes anyone free when the chosen person is not; a time nobody follows is not offered', () => {
    const colour = service('colour', 60, [free('10:30', 'carla'), taken('11:00')]);
    const offers = fitVisit({
      date: DATE,
      timeZone: BERLIN,
      services: [cut, colour],
      employeeId: 'anna',
    });
    expect(offers).toHaveLength(1);
    expect(offers[0]?.parts.map((p) => p.employeeId)).toEqual(['anna', 'carla']);
    expect(offers[0]?.samePerson).toBe(false);
  });

  it("an employee's own list says they are free where the any list named someone else", () => {
    const colour = service('colour', 60, [free('10:30', 'carla')], {
      anna: [free('10:30', 'anna')],
    });
    const [offer] = fitVisit({ date: DATE, timeZone: BERLIN, services: [cut, colour] });
    expect(offer?.parts.map((p) => p.employeeId)).toEqual(['anna', 'anna']);
  });

  it('chains three services, each when the one before ends', () => {
    const colour = service('colour', 45, [free('10:30', 'anna')]);
    const styling = service('styling', 15, [free('11:15', 'ben'), free('11:15', 'anna')]);
    const [offer] = fitVisit({
      date: DATE,
      timeZone: BERLIN,
      services: [cut, colour, styling],
    });
    expect(offer?.parts.map((p) => `${p.time} ${p.employeeId}`)).toEqual([
      '10:00 anna',
      '10:30 anna',
      '11:15 anna',
    ]);
  });

  it('offers nothing for more than the maximum of services or none', () => {
    const many = Array.from({ length: MAX_VISIT_SERVICES + 1 }, () => cut);
    expect(fitVisit({ date: DATE, timeZone: BERLIN, services: many })).toEqual([]);
    expect(fitVisit({ date: DATE, timeZone: BERLIN, services: [] })).toEqual([]);
  });

  it('on the spring-forward day the second follows an hour later on the wall clock', () => {
    const early = service('cut', 60, [free('01:30', 'anna')]);
    const colour = service('colour', 30, [free('02:30', 'anna'), free('03:30', 'anna')]);
    const [offer] = fitVisit({ date: '2026-03-29', timeZone: BERLIN, services: [early, colour] });
    expect(offer?.parts.map((p) => p.time)).toEqual(['01:30', '03:30']);
  });

  it('property: every offer is a chain of free people, each starting when the one before ends', () => {
    const people = ['anna', 'ben', 'carla'];
    const slotList = fc
      .array(fc.tuple(fc.integer({ min: 36, max: 72 }), fc.constantFrom(...people)), {
        maxLength: 40,
      })
      .map((pairs) => pairs.map(([quarter, who]) => free(fromMinutes(quarter * 15), who)));
    fc.assert(
      fc.property(slotList, slotList, fc.constantFrom(15, 30, 45, 60), (first, second, minutes) => {
        const services = [service('a', minutes, first), service('b', 30, second)];
        for (const offer of fitVisit({ date: DATE, timeZone: BERLIN, services })) {
          const [a, b] = offer.parts;
          if (!a || !b) return false;
          if (!freeEmployeesAt(first, a.time).includes(a.employeeId)) return false;
          if (!freeEmployeesAt(second, b.time).includes(b.employeeId)) return false;
          if (toMinutes(b.time) !== toMinutes(a.time) + minutes) return false;
          // The same person whenever they were free for the second.
          const sameFree = freeEmployeesAt(first, a.time).some((id) =>
            freeEmployeesAt(second, b.time).includes(id),
          );
          if (sameFree !== offer.samePerson) return false;
        }
        return true;
      }),
    );
  });
});
