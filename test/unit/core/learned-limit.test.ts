/**
 * The minute limit learned from refusals (issue 30.8): LearnedLimit on its own, then the
 * governor against a model API that advertises 60 a minute and enforces less.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LEARNED_HOLD_MS,
  LearnedLimit,
  LearnedState,
} from '../../../electron/core/governor/learned-limit';
import { RateGovernor, type Priority } from '../../../electron/core/governor/rate-governor';

const MINUTE = 60_000;
const HOUR = 3_600_000;

describe('LearnedLimit', () => {
  it('believes the advertised limit until a surprise, then what the API accepted', () => {
    const learned = new LearnedLimit();
    expect(learned.cap(60)).toBe(60);
    learned.onSurprise(0, 10);
    expect(learned.cap(60)).toBe(10);
    expect(learned.cap(5)).toBe(5); // a header that says less still wins
    expect(learned.export()).toEqual({ ceiling: 10, holdUntil: LEARNED_HOLD_MS });
  });

  it('holds for an hour, then rises by one per pressed minute, never on a quiet one', () => {
    const learned = new LearnedLimit();
    learned.onSurprise(0, 10);
    learned.onPressed(HOUR - 1_000);
    learned.onClean(HOUR - 500, 60);
    expect(learned.cap(60)).toBe(10); // still held
    learned.onClean(HOUR + 70_000, 60); // pressed more than a minute ago: tested nothing
    expect(learned.cap(60)).toBe(10);
    learned.onPressed(HOUR + 80_000);
    learned.onClean(HOUR + 81_000, 60);
    learned.onClean(HOUR + 82_000, 60); // one raise a minute at most
    expect(learned.cap(60)).toBe(11);
    learned.onPressed(HOUR + 141_000);
    learned.onClean(HOUR + 141_000, 60);
    expect(learned.cap(60)).toBe(12);
  });

  it('a probe refused goes back to what was accepted (below the ceiling that failed) and holds again', () => {
    const learned = new LearnedLimit();
    learned.onSurprise(0, 10);
    learned.onSurprise(HOUR, 11); // the API took 11 in a window, yet refused at the ceiling 10
    expect(learned.cap(60)).toBe(9);
    learned.onSurprise(2 * HOUR, 0);
    expect(learned.cap(60)).toBe(1); // never below one
    expect(learned.export()?.holdUntil).toBe(2 * HOUR + LEARNED_HOLD_MS);
  });

  it('is forgotten at the advertised limit, and survives a restart through export/import', () => {
    const learned = new LearnedLimit();
    learned.onSurprise(0, 59);
    learned.onPressed(HOUR);
    learned.onClean(HOUR, 60);
    expect(learned.export()).toBeNull();
    const saved = new LearnedLimit();
    saved.onSurprise(0, 10);
    const restored = new LearnedLimit();
    restored.import(saved.export());
    expect(restored.cap(60)).toBe(10);
    learned.onSurprise(0, 70);
    learned.onClean(1, 60); // a header that says less than learned: the header rules
    expect(learned.export()).toBeNull();
  });

  it('a ceiling that reaches the advertised limit is forgotten at once, even while it holds', () => {
    const learned = new LearnedLimit();
    learned.import({ ceiling: 60, holdUntil: 10 * HOUR });
    learned.onClean(0, 60);
    expect(learned.export()).toBeNull();
  });

  it('a minute pressed exactly a minute before the answer still counts', () => {
    const learned = new LearnedLimit();
    learned.onSurprise(0, 10);
    learned.onPressed(HOUR);
    learned.onClean(HOUR + MINUTE, 60);
    expect(learned.cap(60)).toBe(11);
  });

  it('a saved state is read back only when its ceiling is a whole number from 1 to 100,000', () => {
    expect(LearnedState.safeParse({ ceiling: 5, holdUntil: 1 }).success).toBe(true);
    expect(LearnedState.safeParse({ ceiling: 100_000, holdUntil: 1 }).success).toBe(true);
    for (const ceiling of [0, 100_001, 2.5, '5'])
      expect(LearnedState.safeParse({ ceiling, holdUntil: 1 }).success).toBe(false);
    expect(LearnedState.safeParse({ ceiling: 5 }).success).toBe(false);
  });
});

/** An API that counts in fixed minutes, advertises `advertised` and refuses after `enforced`. */
function modelApi(advertised: number, enforced: number) {
  let start = 0;
  let used = 0;
  return (now: number) => {
    if (now - (now % MINUTE) !== start) {
      start = now - (now % MINUTE);
      used = 0;
    }
    const header = { limit: advertised, remaining: advertised - used - 1, resetAt: start + MINUTE };
    if (used >= enforced) return { refused: true, header };
    used += 1;
    return { refused: false, header };
  };
}

describe('RateGovernor against an API that enforces less than it advertises', () => {
  it('a 429 with budget left in its headers sets the ceiling; the reserve stays the bookings’', () => {
    const g = new RateGovernor({ minuteLimit: 60, dayLimit: 10_000 });
    const api = modelApi(60, 10);
    let t = 0;
    for (; ; t += 100) {
      if (g.waitMs(t, 'background') > 0) continue;
      g.onSend(t, 'background');
      const answer = api(t);
      if (answer.refused) {
        g.onRateLimited(t, answer.header.resetAt - t, answer.header);
        break;
      }
      g.onAnswer(t, answer.header);
    }
    expect(g.snapshot(t).minute.limit).toBe(10);
    expect(g.budget('minute', 'background')).toBe(8);
    expect(g.peers(t + MINUTE)).toBe(1); // nobody else spent the rest of the window
    // A reference 429 (nothing left in its headers) teaches nothing.
    const h = new RateGovernor({ minuteLimit: 60, dayLimit: 10_000 });
    h.onSend(0, 'interactive');
    h.onRateLimited(0, 30_000, { limit: 60, remaining: 0, resetAt: 30_000 });
    expect(h.snapshot(0).minute.limit).toBe(60);
  });

  it('property: after the first 429, at most one an hour, whatever the limit and the demand', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 30 }),
        fc.array(
          fc.record({
            gapMs: fc.integer({ min: 200, max: 5_000 }),
            priority: fc.constantFrom<Priority>('interactive', 'background'),
          }),
          { minLength: 50, maxLength: 200 },
        ),
        (enforced, pattern) => {
          const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1_000_000 });
          const api = modelApi(60, enforced);
          const refusals: number[] = [];
          let t = 0;
          for (let i = 0; t < 3 * HOUR; i += 1) {
            const step = pattern[i % pattern.length]!;
            t += step.gapMs;
            if (g.waitMs(t, step.priority) > 0) continue;
            g.onSend(t, step.priority);
            const answer = api(t);
            if (answer.refused) {
              refusals.push(t);
              g.onRateLimited(t, answer.header.resetAt - t, answer.header);
            } else g.onAnswer(t, answer.header);
          }
          const later = refusals.slice(1);
          for (const at of later)
            expect(later.filter((r) => r > at - HOUR && r <= at)).toHaveLength(1);
        },
      ),
      { numRuns: 25 },
    );
  }, 60_000);
});

describe('RateGovernor: what a 429 with budget left teaches, and how the ceiling rises again', () => {
  /** Our sends, each answered without headers (as an API without them, or a header-less 5xx). */
  function sendAll(g: RateGovernor, times: number[]): void {
    for (const t of times) {
      g.onSend(t, 'interactive');
      g.onAnswer(t, null);
    }
  }
  const every = (from: number, count: number, gap = 1_000) =>
    Array.from({ length: count }, (_, i) => from + i * gap);

  it('the ceiling is what was accepted in the header’s window: our count, when larger than the key’s', () => {
    const g = new RateGovernor({ minuteLimit: 60, dayLimit: 10_000 });
    sendAll(g, every(0, 5)); // the window before: not counted
    sendAll(g, every(60_000, 30)); // the header's window starts with our first send of it
    g.onSend(100_000, 'interactive');
    // The header lags: it counts 10 for the key; we know we sent 31 in its window.
    g.onRateLimited(100_000, 20_000, { limit: 60, remaining: 50, resetAt: 120_000 });
    expect(g.snapshot(100_000).minute.limit).toBe(30);
    expect(g.exportLearned()).toEqual({ ceiling: 30, holdUntil: 100_000 + LEARNED_HOLD_MS });
  });

  it('the key’s count, when larger than ours: the rest of it is another kiosk’s', () => {
    const g = new RateGovernor({ minuteLimit: 60, dayLimit: 10_000 });
    sendAll(g, every(60_000, 9));
    g.onSend(100_000, 'interactive');
    g.onRateLimited(100_000, 20_000, { limit: 60, remaining: 30, resetAt: 120_000 });
    expect(g.snapshot(100_000).minute.limit).toBe(29);
    // 30 counted for the key in 40 s of its window, 10 of them ours: a second and a third kiosk.
    expect(g.peers(100_000)).toBe(3);
  });

  it('a 429 whose headers describe the day: the ceiling is what we sent in the last minute', () => {
    const g = new RateGovernor({ minuteLimit: 60, dayLimit: 10_000 });
    sendAll(g, every(0, 20)); // more than a minute before the refusal
    sendAll(g, every(70_000, 12));
    g.onSend(90_000, 'interactive');
    g.onRateLimited(90_000, 30_000, { limit: 1_000, remaining: 500, resetAt: 90_000 + 2 * HOUR });
    expect(g.snapshot(90_000).minute.limit).toBe(12);
  });

  it('after its hour the ceiling rises by one on a minute that used all of it, not on one that did not', () => {
    const pressed = new RateGovernor({ minuteLimit: 60, dayLimit: 10_000 });
    pressed.importLearned({ ceiling: 10, holdUntil: 0 });
    expect(pressed.snapshot(HOUR).minute.limit).toBe(10);
    sendAll(pressed, every(HOUR, 10));
    expect(pressed.snapshot(HOUR + MINUTE).minute.limit).toBe(11);
    expect(pressed.exportLearned()).toEqual({ ceiling: 11, holdUntil: 0 });

    const quiet = new RateGovernor({ minuteLimit: 60, dayLimit: 10_000 });
    quiet.importLearned({ ceiling: 10, holdUntil: 0 });
    sendAll(quiet, every(HOUR, 9));
    expect(quiet.snapshot(HOUR + MINUTE).minute.limit).toBe(10);
  });
});
