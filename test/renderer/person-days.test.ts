/** Issue 37: a person's day read from the kiosk's lists of that day, and which lists are asked. */
import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '../../shared/api/schemas';
import { ok } from '../../shared/result';
import { loadDayLists, personDayOf, type DayLists } from '../../renderer/lib/person-days';
import { FakeKioskClient } from './support/fake-kiosk-client';

const free = (time: string, employeeId: string): TimeSlot => ({
  time,
  available: true,
  employeeId,
});
const taken = (time: string): TimeSlot => ({ time, available: false, reason: 'booked' });
const unknown = (time: string): TimeSlot => ({ time, available: false, reason: 'unknown' });
const lists = (any: TimeSlot[] | null, own: Record<string, TimeSlot[]> = {}): DayLists => ({
  any,
  own: new Map(Object.entries(own)),
});
const everything = (): boolean => true;

describe('personDayOf', () => {
  it.each([
    ['named free in the "anyone" list', lists([free('09:00', 'ann')]), 'free'],
    [
      'free in their own list only (the "anyone" list names someone else)',
      lists([free('09:00', 'bob')], { ann: [free('09:00', 'ann')] }),
      'free',
    ],
    ['an own list with times, none free: booked up', lists([], { ann: [taken('09:00')] }), 'busy'],
    ['an own list without a time: not working that day', lists([], { ann: [] }), 'off'],
    [
      "an own list whose times say nothing of them (the model's `unknown`: never fetched): not known",
      lists([], { ann: [unknown('09:00'), unknown('09:30')] }),
      null,
    ],
    [
      'one time known taken among unknown ones: they work, nothing free',
      lists([], { ann: [unknown('09:00'), taken('09:30')] }),
      'busy',
    ],
    ['no own list and not named: not known', lists([free('09:00', 'bob')]), null],
    ['nothing could be asked', lists(null), null],
    [
      'a free time naming someone else in their own list is not theirs',
      lists(null, { ann: [free('09:00', 'bob')] }),
      'busy',
    ],
  ] as const)('%s', (_, dayLists, expected) => {
    expect(personDayOf('ann', dayLists, everything)).toBe(expected);
  });

  it("follows the screen's rule for what it offers (a time gone here or past is not free)", () => {
    const dayLists = lists([free('09:00', 'ann')], { bob: [free('09:00', 'bob'), taken('10:00')] });
    const notNine = (slot: TimeSlot): boolean => slot.time !== '09:00';
    expect(personDayOf('bob', dayLists, notNine)).toBe('busy');
    // Named by the "anyone" list at a time no longer offered, own list not asked: not known.
    expect(personDayOf('ann', dayLists, notNine)).toBeNull();
  });
});

describe('loadDayLists', () => {
  it('asks the own list only of the people the "anyone" list does not name as free', async () => {
    const client = new FakeKioskClient();
    const asked: (string | undefined)[] = [];
    client.getTimeSlots = (input) => {
      asked.push(input.employeeId);
      const timeSlots = input.employeeId
        ? input.employeeId === 'emp-ben'
          ? []
          : [taken('09:00')]
        : [free('09:00', 'emp-anna'), taken('09:30')];
      return Promise.resolve(ok({ date: input.date, timeSlots, source: 'cache', asOf: null }));
    };
    const result = await loadDayLists(client, 'svc-cut', '2026-11-24', [
      'emp-anna',
      'emp-ben',
      'emp-cem',
    ]);
    expect(asked).toEqual([undefined, 'emp-ben', 'emp-cem']);
    expect(personDayOf('emp-anna', result, everything)).toBe('free');
    expect(personDayOf('emp-ben', result, everything)).toBe('off');
    expect(personDayOf('emp-cem', result, everything)).toBe('busy');
  });

  it('a failed lookup leaves only that day unknown', async () => {
    const client = new FakeKioskClient();
    client.getTimeSlots = (input) =>
      Promise.resolve(
        input.employeeId === 'emp-ben'
          ? { ok: false, error: { code: 'unavailable', message: 'down' } }
          : ok({ date: input.date, timeSlots: [], source: 'cache', asOf: null }),
      );
    const result = await loadDayLists(client, 'svc-cut', '2026-11-24', ['emp-anna', 'emp-ben']);
    expect(personDayOf('emp-anna', result, everything)).toBe('off');
    expect(personDayOf('emp-ben', result, everything)).toBeNull();
  });
});
