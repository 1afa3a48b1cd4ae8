/**
 * Issue 39, item 9: the crash bench printed `"lostAnswers": 0` and exited 0 on a Friday at
 * 23:58 (no slot for the lost-answer case in the three mirrored days). A run that did not test
 * what it names fails, as a run that lost or doubled a booking does.
 */
import { describe, expect, it } from 'vitest';
import { crashRunFailures, type CrashFigures } from '../../support/core/crash-run';

/** The figures of a good short run (bench/RESULTS.md, issue 30). */
const GOOD: CrashFigures = {
  bookings: 200,
  lostAnswersAsked: 20,
  lostAnswers: 20,
  told: { unknown: 20 },
  toldTakenButBooked: 0,
  killsAsked: 80,
  kills: 80,
  lives: 81,
  sentOnce: 220,
  duplicates: 0,
  missing: 0,
  notSent: 0,
  elapsedMs: 54_000,
};

describe('the crash bench verdict', () => {
  it('passes a run that tested every case it names and kept every promise', () => {
    expect(crashRunFailures(GOOD)).toEqual([]);
  });

  it('issue 39 item 9: a run that found no slot for the lost-answer case fails', () => {
    // The Friday 23:58 run: 20 asked, none found, nothing told, every booking sent.
    const friday = { ...GOOD, lostAnswers: 0, told: {}, sentOnce: 200 };
    expect(crashRunFailures(friday)).toEqual(['lost answers not tested: 0 of 20 found a slot']);
    expect(crashRunFailures({ ...GOOD, lostAnswers: 19, told: { unknown: 19 } })).toHaveLength(1);
  });

  it.each<[string, Partial<CrashFigures>, RegExp]>([
    ['an answer that was not lost', { told: { unknown: 19, sent: 1 } }, /not lost: 19 of 20/],
    ['fewer kills than asked', { kills: 3 }, /killed 3 of 80/],
    ['a booking made twice', { duplicates: 1 }, /made twice/],
    ['a booking missing', { missing: 1 }, /missing/],
    ['a booking not sent', { notSent: 2 }, /2 bookings not sent/],
    ['a customer told "taken" of a booking made', { toldTakenButBooked: 1 }, /told "taken"/],
  ])('fails %s', (_name, change, message) => {
    const failures = crashRunFailures({ ...GOOD, ...change });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(message);
  });
});
