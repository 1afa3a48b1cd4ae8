/**
 * The availability model (shared/booking/free-times.ts): what a customer may be offered from
 * the API's lists of a day and what the kiosk knows since, per person and for the whole length.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '../../../shared/api/schemas';
import {
  clashes,
  freeTimes,
  intervalsOverlap,
  listedFreeWith,
  type Blocker,
  type FreeTimesInput,
  type Hold,
  type ListedDay,
} from '../../../shared/booking/free-times';
import { fromMinutes, toMinutes } from '../../../shared/booking/time';

const DATE = '2026-12-10';
const free = (time: string, employeeId: string): TimeSlot => ({
  time,
  available: true,
  employeeId,
  employeeName: employeeId,
});
const taken = (time: string, reason = 'booked'): TimeSlot => ({ time, available: false, reason });
const hold = (time: string, durationMinutes = 45, employeeId = 'anna', date = DATE): Hold => ({
  employeeId,
  date,
  time,
  durationMinutes,
});
const list = (fetchedAt: number, ...timeSlots: TimeSlot[]): ListedDay => ({ timeSlots, fetchedAt });
const grid = (from: string, to: string): string[] => {
  const times: string[] = [];
  for (let m = toMinutes(from); m < toMinutes(to); m += 15) times.push(fromMinutes(m));
  return times;
};
const freeOf = (answer: { timeSlots: TimeSlot[] }): string[] =>
  answer.timeSlots.filter((s) => s.available).map((s) => `${s.time} ${s.employeeId}`);

function input(partial: Partial<FreeTimesInput>): FreeTimesInput {
  return {
    date: DATE,
    durationMinutes: 45,
    anyList: null,
    personLists: new Map(),
    blockers: [],
    ...partial,
  };
}

describe('intervalsOverlap', () => {
  it.each([
    [0, 10, 5, 15, true],
    [0, 10, 10, 20, false], // touching
    [10, 20, 0, 10, false],
    [0, 10, 2, 8, true], // contained
    [0, 10, 0, 10, true],
    [0, 10, 20, 30, false],
    [5, 5, 0, 10, false], // an empty interval has no point to share
  ])('[%i,%i) and [%i,%i): %s', (a, b, c, d, expected) => {
    expect(intervalsOverlap(a, b, c, d)).toBe(expected);
  });
});

describe('clashes: per person, whole length', () => {
  it.each([
    ['10:00', 30, [hold('10:00', 30)], true],
    ['09:30', 30, [hold('10:00', 30)], false], // ends when the hold starts
    ['09:45', 30, [hold('10:00', 30)], true],
    ['10:30', 30, [hold('10:00', 30)], false],
    ['09:00', 120, [hold('10:00', 30)], true], // covers the hold
    ['10:00', 30, [hold('10:00', 30, 'sophie')], false], // someone else's
    ['10:00', 30, [hold('10:00', 30, 'anna', '2026-12-11')], false], // another day
    ['10:00', 30, [], false],
  ] as const)('%s for %i minutes with %o: %s', (time, minutes, others, expected) => {
    expect(clashes(hold(time, minutes), others)).toBe(expected);
  });
});

describe('listedFreeWith', () => {
  const slots = [free('10:00', 'anna'), free('10:00', 'sophie'), taken('10:15')];
  it.each([
    ['10:00', 'anna', true],
    ['10:00', 'sophie', true],
    ['10:00', 'ben', false],
    ['10:15', 'anna', false],
    ['10:30', 'anna', false],
  ])('%s with %s: %s', (time, employeeId, expected) => {
    expect(listedFreeWith(slots, time, employeeId)).toBe(expected);
  });
});

describe('freeTimes', () => {
  // Anna and Sophie both free 09:00-11:00 by their own lists, fetched at 100.
  const anna = list(100, ...grid('09:00', '11:00').map((t) => free(t, 'anna')));
  const sophie = list(100, ...grid('09:00', '11:00').map((t) => free(t, 'sophie')));

  it("a booking of Anna at 10:00 for 45 minutes takes Anna's 09:30 to 10:30 and nobody else's", () => {
    const blockers = [hold('10:00')];
    const annaAnswer = freeTimes(
      input({ employeeId: 'anna', personLists: new Map([['anna', anna]]), blockers }),
    );
    expect(freeOf(annaAnswer).map((s) => s.slice(0, 5))).toEqual(['09:00', '09:15', '10:45']);
    expect(annaAnswer.timeSlots.find((s) => s.time === '09:30')).toEqual({
      time: '09:30',
      available: false,
      reason: 'held',
    });
    const anyone = freeTimes(
      input({
        personLists: new Map([
          ['anna', anna],
          ['sophie', sophie],
        ]),
        blockers,
      }),
    );
    // Every time stays free with anyone: Sophie is free where Anna is not.
    expect(freeOf(anyone)).toEqual(
      grid('09:00', '11:00').map((t) =>
        ['09:30', '09:45', '10:00', '10:15', '10:30'].includes(t) ? `${t} sophie` : `${t} anna`,
      ),
    );
  });

  it('the any list naming Anna at a held time: the time is offered with Sophie when her list says she is free', () => {
    const anyList = list(200, free('10:00', 'anna'), free('10:15', 'sophie'));
    const answer = freeTimes(
      input({ anyList, personLists: new Map([['sophie', sophie]]), blockers: [hold('10:00', 15)] }),
    );
    expect(answer.timeSlots.find((s) => s.time === '10:00')).toMatchObject({
      available: true,
      employeeId: 'sophie',
    });
    // Rests on Sophie's older list for 10:00.
    expect(answer.asOf).toBe(100);
  });

  it('anyone: the person the any list names at a time is offered first', () => {
    const anyList = list(200, free('10:00', 'sophie'));
    const answer = freeTimes(
      input({
        anyList,
        personLists: new Map([
          ['anna', anna],
          ['sophie', sophie],
        ]),
      }),
    );
    expect(answer.timeSlots.find((s) => s.time === '10:00')?.employeeId).toBe('sophie');
  });

  it('a newer any list that lists a time with nobody free takes it from an older own list', () => {
    const anyList = list(200, taken('10:00'), free('10:15', 'sophie'));
    const answer = freeTimes(
      input({ employeeId: 'anna', anyList, personLists: new Map([['anna', anna]]) }),
    );
    expect(answer.timeSlots.find((s) => s.time === '10:00')?.available).toBe(false);
    // Naming Sophie at 10:15 says nothing of Anna: her own list decides.
    expect(answer.timeSlots.find((s) => s.time === '10:15')).toMatchObject({
      available: true,
      employeeId: 'anna',
    });
  });

  it('a newer own list decides for its person over an older any list', () => {
    const anyList = list(50, free('10:00', 'anna'));
    const own = list(100, taken('10:00'));
    const answer = freeTimes(
      input({ employeeId: 'anna', anyList, personLists: new Map([['anna', own]]) }),
    );
    expect(answer.timeSlots).toEqual([{ time: '10:00', available: false, reason: 'booked' }]);
  });

  it('without an own list a person is known free only where the any list names them', () => {
    const anyList = list(100, free('10:00', 'anna'), free('10:15', 'sophie'), taken('10:30'));
    const answer = freeTimes(input({ employeeId: 'anna', anyList }));
    expect(answer.timeSlots).toEqual([
      { time: '10:00', available: true, employeeId: 'anna', employeeName: 'anna' },
      { time: '10:15', available: false, reason: 'unknown' },
      { time: '10:30', available: false, reason: 'booked' },
    ]);
  });

  it('a time refused as taken blocks only lists fetched before the refusal', () => {
    const refused: Blocker = { ...hold('10:00', 15), since: 150 };
    const before = freeTimes(
      input({ employeeId: 'anna', personLists: new Map([['anna', anna]]), blockers: [refused] }),
    );
    expect(before.timeSlots.find((s) => s.time === '10:00')?.available).toBe(false);
    const after = freeTimes(
      input({
        employeeId: 'anna',
        personLists: new Map([['anna', { ...anna, fetchedAt: 200 }]]),
        blockers: [refused],
      }),
    );
    expect(after.timeSlots.find((s) => s.time === '10:00')?.available).toBe(true);
  });

  it.each([
    [15, ['09:30']],
    [30, ['09:15', '09:30']],
    [45, ['09:00', '09:15', '09:30']],
  ])(
    'a refusal proves its whole span taken, not which part: a %i-minute service loses only the times that cover it (%o)',
    (minutes, lost) => {
      // Refused: Anna 09:30 for 15 minutes (someone has some of 09:30-09:45).
      const refused: Blocker = { ...hold('09:30', 15), since: 150 };
      const answer = freeTimes(
        input({
          employeeId: 'anna',
          durationMinutes: minutes,
          personLists: new Map([['anna', anna]]),
          blockers: [refused],
        }),
      );
      expect(answer.timeSlots.filter((s) => !s.available).map((s) => s.time)).toEqual(lost);
    },
  );

  it("a person's answer lists their own times only, not the others' hours", () => {
    const anyList = list(50, free('08:00', 'sophie'), free('09:00', 'anna'));
    const answer = freeTimes(
      input({ employeeId: 'anna', anyList, personLists: new Map([['anna', anna]]) }),
    );
    expect(answer.timeSlots.map((s) => s.time)).toEqual(grid('09:00', '11:00'));
  });

  it('a person who does not work that day has no free time; anyone has no time of theirs', () => {
    const off = list(100);
    expect(
      freeTimes(input({ employeeId: 'anna', personLists: new Map([['anna', off]]) })).timeSlots,
    ).toEqual([]);
  });

  it('anyone: a time hidden because the named person is blocked names the people whose own list would tell', () => {
    const anyList = list(200, free('10:00', 'anna'), free('10:15', 'anna'));
    const answer = freeTimes(
      input({
        anyList,
        personLists: new Map([['ben', list(100, taken('10:00'))]]),
        candidates: ['anna', 'ben', 'sophie'],
        blockers: [hold('10:00', 15)],
      }),
    );
    expect(answer.timeSlots[0]).toEqual({ time: '10:00', available: false, reason: 'held' });
    // Ben's own list is known (taken); Sophie's is not: hers could free 10:00.
    expect(answer.unsure).toEqual(['sophie']);
    expect(freeTimes(input({ anyList, candidates: ['sophie'] })).unsure).toEqual([]);
    expect(
      freeTimes(input({ employeeId: 'anna', anyList, blockers: [hold('10:00', 15)] })).unsure,
    ).toEqual([]);
  });

  it('asOf is the newest list when nothing is free, null with no list', () => {
    const anyList = list(300, taken('10:00'));
    expect(freeTimes(input({ anyList })).asOf).toBe(300);
    expect(freeTimes(input({})).asOf).toBeNull();
  });
});

describe('freeTimes properties', () => {
  const PEOPLE = ['anna', 'ben', 'sophie'] as const;
  const TIMES = grid('09:00', '12:00');
  const personListArb = (id: string) =>
    fc.record({
      fetchedAt: fc.integer({ min: 0, max: 10 }),
      timeSlots: fc
        .subarray(TIMES, { minLength: 0 })
        .chain((times) =>
          fc.tuple(...times.map((t) => fc.boolean().map((ok) => (ok ? free(t, id) : taken(t))))),
        ),
    });
  const blockerArb = fc.record({
    employeeId: fc.constantFrom(...PEOPLE),
    date: fc.constant(DATE),
    time: fc.constantFrom(...TIMES),
    durationMinutes: fc.constantFrom(15, 30, 45, 60),
  });
  const modelArb = fc.record({
    lists: fc.tuple(...PEOPLE.map((id) => fc.option(personListArb(id), { nil: undefined }))),
    blockers: fc.array(blockerArb, { maxLength: 4 }),
    durationMinutes: fc.constantFrom(15, 30, 45, 60),
  });
  type Model = typeof modelArb extends fc.Arbitrary<infer T> ? T : never;
  const inputOf = (m: Model, employeeId?: string): FreeTimesInput =>
    input({
      employeeId,
      durationMinutes: m.durationMinutes,
      personLists: new Map(
        PEOPLE.flatMap((id, i) => {
          const own = m.lists[i];
          return own ? [[id, own] as const] : [];
        }),
      ),
      blockers: m.blockers,
    });

  it('anyone is free at a time exactly when one person is; each free offer names a person free then', () => {
    fc.assert(
      fc.property(modelArb, (model) => {
        const anyone = freeTimes(inputOf(model));
        const perPerson = PEOPLE.map((id) => freeTimes(inputOf(model, id)));
        for (const slot of anyone.timeSlots) {
          const freeWith = PEOPLE.filter((_, i) =>
            perPerson[i]!.timeSlots.some((s) => s.time === slot.time && s.available),
          );
          expect(slot.available).toBe(freeWith.length > 0);
          if (slot.available) expect(freeWith).toContain(slot.employeeId);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a person's free time never overlaps a blocker of theirs, whole length; a blocker never frees", () => {
    fc.assert(
      fc.property(modelArb, fc.constantFrom(...PEOPLE), (m, id) => {
        const blockedAnswer = freeTimes(inputOf(m, id));
        const open = freeTimes(inputOf({ ...m, blockers: [] }, id));
        for (const slot of blockedAnswer.timeSlots) {
          if (!slot.available) continue;
          expect(clashes(hold(slot.time, m.durationMinutes, id), m.blockers)).toBe(false);
          expect(open.timeSlots.find((s) => s.time === slot.time)?.available).toBe(true);
        }
        // And every time free without blockers that no blocker touches stays free.
        for (const slot of open.timeSlots) {
          if (!slot.available || clashes(hold(slot.time, m.durationMinutes, id), m.blockers))
            continue;
          expect(blockedAnswer.timeSlots.find((s) => s.time === slot.time)?.available).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
