import { describe, expect, it } from 'vitest';
import type { LocalBooking } from '../../shared/kiosk-api';
import { createListReads, mergeList, upsertBooking } from '../../renderer/lib/booking-list';
import { localBooking } from './support/local-booking';

const booking = (
  localId: string,
  state: LocalBooking['state'],
  updatedAt: string,
  extra: Partial<LocalBooking> = {},
): LocalBooking => localBooking(localId, { state, updatedAt, ...extra });

const T1 = '2026-11-24T09:00:01.000Z';
const T2 = '2026-11-24T09:00:02.000Z';

describe('the staff list from lists and events', () => {
  it('a list read while a booking was sending does not undo its sent event (the retry race)', () => {
    const afterEvent = upsertBooking([booking('a', 'sending', T1)], booking('a', 'sent', T2));
    const staleList = [booking('a', 'sending', T1, { followUp: undefined })];
    expect(mergeList(afterEvent, staleList).map((b) => b.state)).toEqual(['sent']);
  });

  it('a newer list wins, and its follow-up is kept on a booking an event brought', () => {
    expect(mergeList([booking('a', 'queued', T1)], [booking('a', 'rejected', T2)])[0]?.state).toBe(
      'rejected',
    );
    const followUp = { state: 'open', mail: 'sent' } as const;
    const merged = mergeList(
      [booking('a', 'rejected', T2)],
      [booking('a', 'rejected', T1, { followUp })],
    );
    expect(merged[0]?.followUp).toEqual(followUp);
  });

  it('the list decides which bookings there are', () => {
    const merged = mergeList(
      [booking('a', 'sent', T1), booking('gone', 'sent', T1)],
      [booking('b', 'queued', T1), booking('a', 'sent', T1)],
    );
    expect(merged.map((b) => b.localId)).toEqual(['b', 'a']);
  });

  it('an event adds a new booking first, replaces an older version, never a newer one', () => {
    const list = [booking('a', 'sent', T2)];
    expect(upsertBooking(list, booking('b', 'queued', T1)).map((b) => b.localId)).toEqual([
      'b',
      'a',
    ]);
    expect(upsertBooking(list, booking('a', 'sending', T1))[0]?.state).toBe('sent');
    const followUp = { state: 'open', mail: 'none' } as const;
    const withFollowUp = [booking('a', 'rejected', T1, { followUp })];
    const replaced = upsertBooking(withFollowUp, booking('a', 'rejected', T2));
    expect(replaced[0]?.updatedAt).toBe(T2);
    expect(replaced[0]?.followUp).toEqual(followUp); // events carry none
    expect(upsertBooking(null, booking('a', 'queued', T1))).toHaveLength(1);
  });

  it('a booking that arrived while the list was read stays, first; one that arrived before does not', () => {
    const shown = [
      booking('new', 'queued', T2),
      booking('old', 'sent', T1),
      booking('a', 'sent', T1),
    ];
    const merged = mergeList(shown, [booking('a', 'sent', T1)], new Set(['new', 'a']));
    expect(merged.map((b) => b.localId)).toEqual(['new', 'a']);
  });

  it('each list read hears of the events during it only, overlapping reads included', () => {
    const reads = createListReads();
    reads.saw('before');
    const first = reads.begin();
    reads.saw('x');
    const second = reads.begin();
    reads.saw('y');
    expect([...first()]).toEqual(['x', 'y']);
    reads.saw('z');
    expect([...second()]).toEqual(['y', 'z']);
    reads.saw('after');
    expect([...reads.begin()()]).toEqual([]);
  });
});
