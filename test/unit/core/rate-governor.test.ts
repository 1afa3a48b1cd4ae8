import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RateGovernor, type Priority } from '../../../electron/core/governor/rate-governor';
import { budgetLeft } from '../../../electron/core/governor/budget-left';

const MINUTE = 60_000;
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A server counting our requests in fixed (clock-aligned) or rolling windows, as decisions.md allows. */
class ModelServer {
  private log: number[] = [];
  constructor(
    private readonly kind: 'fixed' | 'rolling',
    readonly perMinute: number,
    readonly perDay: number,
  ) {}

  used(window: number, now: number): number {
    const start = this.kind === 'fixed' ? now - (now % window) : now - window + 1;
    return this.log.filter((t) => t >= start && t <= now).length;
  }

  /** Counts the request; returns the header of the window with the fewest left, or null on a 429. */
  handle(now: number): { limit: number; remaining: number; resetAt: number } | null {
    const minuteUsed = this.used(MINUTE, now);
    const dayUsed = this.used(DAY, now);
    if (minuteUsed >= this.perMinute || dayUsed >= this.perDay) return null;
    this.log.push(now);
    const minuteLeft = this.perMinute - minuteUsed - 1;
    const dayLeft = this.perDay - dayUsed - 1;
    const reset = (window: number) =>
      this.kind === 'fixed'
        ? now - (now % window) + window
        : (this.log.find((t) => t > now - window) ?? now) + window;
    return dayLeft < minuteLeft
      ? { limit: this.perDay, remaining: dayLeft, resetAt: reset(DAY) }
      : { limit: this.perMinute, remaining: minuteLeft, resetAt: reset(MINUTE) };
  }
}

type Command =
  { kind: 'advance'; ms: number } | { kind: 'send'; priority: Priority } | { kind: 'deliver' };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 20_000 }) }),
  fc.record({
    kind: fc.constant('send' as const),
    priority: fc.constantFrom<Priority>('interactive', 'background'),
  }),
  fc.record({ kind: fc.constant('deliver' as const) }),
);

describe('RateGovernor', () => {
  it('lets interactive requests use the whole minute, background only 80 %', () => {
    const g = new RateGovernor({ minuteLimit: 10, dayLimit: 1000 });
    let background = 0;
    for (let i = 0; i < 20; i += 1) {
      if (g.waitMs(i, 'background') === 0) {
        g.onSend(i, 'background');
        background += 1;
      }
    }
    // Spaced: at most one background request per 60 s / 8.
    expect(background).toBe(1);
    const g2 = new RateGovernor({ minuteLimit: 10, dayLimit: 1000 });
    let sent = 0;
    for (let t = 0; t < 60_000; t += 100) {
      if (g2.waitMs(t, 'background') === 0) {
        g2.onSend(t, 'background');
        sent += 1;
      }
    }
    expect(sent).toBe(8);
    expect(g2.waitMs(59_999, 'interactive')).toBe(0);
  });

  it('starts with nothing used, and a request older than a day no longer counts', () => {
    const g = new RateGovernor({ minuteLimit: 5, dayLimit: 1 });
    expect(g.snapshot(0)).toMatchObject({ minute: { used: 0 }, day: { used: 0 } });
    expect(g.waitMs(0, 'interactive')).toBe(0);
    g.onSend(0, 'interactive');
    expect(g.waitMs(DAY - 1, 'interactive')).toBeGreaterThan(0);
    expect(g.waitMs(DAY, 'interactive')).toBe(0);
    expect(g.snapshot(DAY).day.used).toBe(0);
  });

  it('waits until the oldest request leaves the window', () => {
    const g = new RateGovernor({ minuteLimit: 2, dayLimit: 1000 });
    g.onSend(1_000, 'interactive');
    g.onSend(2_000, 'interactive');
    expect(g.waitMs(3_000, 'interactive')).toBe(58_001);
    expect(g.waitMs(61_001, 'interactive')).toBe(0);
  });

  it('trusts a header that reports fewer requests left than it counted itself', () => {
    const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
    g.onSend(0, 'interactive');
    g.onAnswer(10, { limit: 60, remaining: 0, resetAt: 30_000 }); // another client used the key
    expect(g.waitMs(20, 'interactive')).toBe(29_980);
    expect(g.waitMs(30_000, 'interactive')).toBe(0);
  });

  it('stops everything for retryAfter after a 429', () => {
    const g = new RateGovernor();
    g.onSend(0, 'interactive');
    g.onRateLimited(5, 2_000);
    expect(g.waitMs(10, 'interactive')).toBe(1_995);
    expect(g.waitMs(2_005, 'interactive')).toBe(0);
  });

  it('forgets a send whose connection was refused (the server never counted it)', () => {
    const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
    g.onSend(1_000, 'interactive');
    g.onSend(2_000, 'interactive');
    g.onNoAnswer(2_000);
    g.onNoAnswer(); // a timeout: it may have counted
    expect(g.used('day', 3_000)).toBe(1);
  });

  /** Two kiosks on one key, each sending `mine` / `theirs` requests per minute for an hour. */
  function sharedHour(mine: number, theirs: number): RateGovernor {
    const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
    let keyUsed = 0;
    for (let minute = 0; minute < 60; minute += 1) {
      const start = minute * MINUTE;
      keyUsed = theirs; // the other kiosk's requests of this minute came first
      for (let i = 0; i < mine; i += 1) {
        const at = start + 30_000 + i * 1_000;
        g.onSend(at, 'background');
        keyUsed += 1;
        g.onAnswer(at + 10, { limit: 60, remaining: 60 - keyUsed, resetAt: start + MINUTE });
      }
    }
    return g;
  }

  it.each([
    [1, 0, 1],
    [2, 2, 2],
    [1, 1, 2],
    [4, 1, 2], // a quarter of our traffic is another kiosk
    [10, 1, 1], // a tenth: a few bookings, not a kiosk
    [2, 4, 3],
    [1, 9, 4], // capped
  ])(
    'peers: %i of ours and %i of theirs a minute -> %i kiosks on the key',
    (mine, theirs, expected) => {
      expect(sharedHour(mine, theirs).peers(60 * MINUTE)).toBe(expected);
    },
  );

  it('peers: a 429 is a full window, what we did not send others did', () => {
    const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
    for (let t = 0; t < 6; t += 1) g.onSend(1_000 + t, 'background');
    g.onRateLimited(30_000, 2_000, { limit: 60, resetAt: 60_000 });
    expect(g.peers(31_000)).toBe(4);
  });

  it('peers: keeps the last value while it sends too little to tell (closed hours)', () => {
    const g = sharedHour(2, 2);
    expect(g.peers(60 * MINUTE)).toBe(2);
    expect(g.peers(3 * 60 * MINUTE)).toBe(2);
  });

  it('learns a larger limit from the headers', () => {
    const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
    g.onSend(0, 'interactive');
    g.onAnswer(5, { limit: 600, remaining: 599, resetAt: 60_000 });
    expect(g.budget('minute', 'interactive')).toBe(600);
    expect(g.budget('day', 'interactive')).toBe(1000);
  });

  it('carries its day count across a restart', () => {
    const before = new RateGovernor({ minuteLimit: 60, dayLimit: 10 });
    for (let t = 0; t < 8; t += 1) before.onSend(t * 120_000, 'background');
    const saved = before.exportSends(1_000_000);
    const after = new RateGovernor({ minuteLimit: 60, dayLimit: 10 });
    after.importSends([...saved, Number.NaN, 5_000_000], 1_000_000);
    expect(after.used('day', 1_000_000)).toBe(8);
    expect(after.waitMs(1_000_000, 'background')).toBeGreaterThan(0); // 8 of 10: the reserve
    expect(after.waitMs(1_000_000, 'interactive')).toBe(0);
  });

  it.each(['fixed', 'rolling'] as const)(
    'property: no sequence of requests and answers exceeds a %s window, and background never spends the reserve',
    (kind) => {
      fc.assert(
        fc.property(
          fc.array(command, { minLength: 1, maxLength: 400 }),
          fc.integer({ min: 0, max: DAY - 1 }),
          fc.integer({ min: 3, max: 60 }),
          fc.integer({ min: 20, max: 200 }),
          (commands, start, perMinute, perDay) => {
            const server = new ModelServer(kind, perMinute, perDay);
            const governor = new RateGovernor({
              minuteLimit: perMinute,
              dayLimit: perDay,
              reserve: 0.2,
            });
            const pending: ({ limit: number; remaining: number; resetAt: number } | null)[] = [];
            let now = start;
            for (const c of commands) {
              if (c.kind === 'advance') now += c.ms;
              else if (c.kind === 'deliver') {
                if (pending.length > 0) governor.onAnswer(now, pending.shift() ?? null);
              } else if (governor.waitMs(now, c.priority) === 0) {
                if (c.priority === 'background') {
                  // The mirror alone may only spend (1 - reserve) of each window.
                  if (server.used(MINUTE, now) >= Math.floor(perMinute * 0.8)) return false;
                  if (server.used(DAY, now) >= Math.floor(perDay * 0.8)) return false;
                }
                governor.onSend(now, c.priority);
                const header = server.handle(now);
                if (header === null) return false; // a 429: the window was exceeded
                pending.push(header);
              }
            }
            return true;
          },
        ),
        { numRuns: 200 },
      );
    },
  );

  it('property: headers that under-report the remaining requests never loosen it', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            advance: fc.integer({ min: 0, max: 5_000 }),
            remaining: fc.integer({ min: -5, max: 100 }),
            resetIn: fc.integer({ min: 1, max: 120_000 }),
          }),
          { maxLength: 300 },
        ),
        (steps) => {
          const governor = new RateGovernor({ minuteLimit: 10, dayLimit: 100 });
          const sends: number[] = [];
          let now = 0;
          for (const step of steps) {
            now += step.advance;
            if (governor.waitMs(now, 'interactive') === 0) {
              governor.onSend(now, 'interactive');
              sends.push(now);
              governor.onAnswer(now, {
                limit: 10,
                remaining: step.remaining,
                resetAt: now + step.resetIn,
              });
            }
            if (sends.filter((t) => t > now - MINUTE).length > 10) return false;
          }
          return true;
        },
      ),
      { numRuns: 200 },
    );
  });

  describe('the edges each estimate turns on', () => {
    it('a 429 blocks for at least a second, whatever Retry-After says, and reports when', () => {
      const g = new RateGovernor();
      g.onSend(0, 'interactive');
      g.onRateLimited(0, 0);
      expect(g.waitMs(10, 'interactive')).toBe(990);
      expect(g.snapshot(10).blockedUntil).toBe(1_000);
      // A later, shorter 429 does not shorten the block.
      g.onRateLimited(20, 100);
      expect(g.snapshot(20).blockedUntil).toBe(1_020);
      expect(g.waitMs(1_020, 'background')).toBe(0);
    });

    it('a send time it never recorded changes nothing; a refused send leaves the header count too', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      g.onSend(1_000, 'interactive');
      g.onNoAnswer(5_000);
      expect(g.used('minute', 6_000)).toBe(1);
      g.onAnswer(6_000, { limit: 60, remaining: 40, resetAt: 60_000 }); // the key: 20 used
      g.onSend(7_000, 'interactive');
      expect(g.used('minute', 7_000)).toBe(21);
      g.onNoAnswer(7_000); // refused: the server never counted it
      expect(g.used('minute', 7_000)).toBe(20);
      g.onNoAnswer(7_000); // twice: nothing more to take back
      expect(g.used('minute', 7_000)).toBe(20);
    });

    it('counts requests still in flight at an answer as sent after it', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      g.onSend(0, 'interactive');
      g.onSend(1, 'interactive');
      g.onAnswer(2, { limit: 60, remaining: 50, resetAt: 60_000 }); // 10 counted, one of ours still out
      expect(g.used('minute', 3)).toBe(11);
      expect(g.used('minute', 60_000)).toBe(1); // the header's window is over: our own count (the send at 1)
    });

    it('a reset within 65 s is the minute window, later the day window', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      g.onSend(0, 'interactive');
      g.onAnswer(0, { limit: 70, remaining: 69, resetAt: 65_000 });
      expect(g.snapshot(0)).toMatchObject({ minute: { limit: 70 }, day: { limit: 1000 } });
      g.onSend(0, 'interactive');
      g.onAnswer(0, { limit: 900, remaining: 100, resetAt: 65_001 });
      expect(g.snapshot(0)).toMatchObject({
        minute: { limit: 70 },
        day: { limit: 900, used: 800 },
      });
      expect(g.snapshot(0).last).toEqual({ limit: 900, remaining: 100, resetAt: 65_001 });
    });

    it("the day window's last minute stays the day's", () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      g.onSend(0, 'interactive');
      g.onAnswer(0, { limit: 1000, remaining: 500, resetAt: 3_600_000 });
      g.onSend(3_570_000, 'interactive');
      g.onAnswer(3_570_000, { limit: 1000, remaining: 3, resetAt: 3_600_000 });
      expect(g.snapshot(3_570_000)).toMatchObject({
        minute: { limit: 60, used: 1 },
        day: { limit: 1000, used: 997 },
      });
    });

    it('ignores a header without a positive limit or with a reset already past', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      for (const header of [
        { limit: 0, remaining: 0, resetAt: 60_000 },
        { limit: 60, remaining: 0, resetAt: 10 },
        { limit: 60, remaining: 0, resetAt: 9 },
      ]) {
        g.onSend(10, 'interactive');
        g.onAnswer(10, header);
      }
      expect(g.snapshot(10)).toMatchObject({ minute: { limit: 60, used: 3 }, last: null });
      expect(g.waitMs(10, 'interactive')).toBe(0);
    });

    it('clamps remaining to 0..limit', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      g.onSend(0, 'interactive');
      g.onAnswer(0, { limit: 60, remaining: 75, resetAt: 60_000 });
      expect(g.snapshot(0).last?.remaining).toBe(60);
      expect(g.used('minute', 0)).toBe(1); // its own count, not less
      g.onSend(1, 'interactive');
      g.onAnswer(1, { limit: 60, remaining: -4, resetAt: 60_000 });
      expect(g.snapshot(1).last?.remaining).toBe(0);
      expect(g.used('minute', 1)).toBe(60);
      expect(g.waitMs(1, 'interactive')).toBe(59_999);
    });

    it('spaces background requests by a minute over its budget; interactive ones are not held back', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 }); // 48 background a minute
      g.onSend(0, 'background');
      expect(g.waitMs(1_000, 'background')).toBe(250);
      expect(g.waitMs(1_250, 'background')).toBe(0);
      expect(g.waitMs(1_000, 'interactive')).toBe(0);
      g.onSend(1_000, 'interactive'); // does not move the spacing
      expect(g.waitMs(1_250, 'background')).toBe(0);
    });

    it('keeps the share of each window set as the reserve for interactive requests', () => {
      const g = new RateGovernor({ minuteLimit: 10, dayLimit: 100, reserve: 0.5 });
      expect(g.budget('minute', 'background')).toBe(5);
      expect(g.budget('day', 'background')).toBe(50);
      expect(g.budget('minute', 'interactive')).toBe(10);
      for (let t = 0; t < 5; t += 1) g.onSend(t, 'interactive');
      expect(g.waitMs(100_000 - 60_000 + 4, 'background')).toBeGreaterThan(0);
      expect(g.waitMs(5, 'interactive')).toBe(0);
    });

    it('waits for the day window like the minute window', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 3 });
      g.onSend(0, 'interactive');
      g.onSend(MINUTE, 'interactive');
      g.onSend(2 * MINUTE, 'interactive');
      expect(g.waitMs(3 * MINUTE, 'interactive')).toBe(DAY - 3 * MINUTE + 1);
      expect(g.waitMs(DAY + 1, 'interactive')).toBe(0);
    });

    it('restores saved sends in order, whatever order they come in', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      g.onSend(50_000, 'interactive');
      g.importSends([30_000, 10_000, 20_000, 70_000], 60_000); // 70 000 is in the future: dropped
      expect(g.exportSends(60_000)).toEqual([10_000, 20_000, 30_000, 50_000]);
      expect(g.used('minute', 65_000)).toBe(4);
      expect(g.used('minute', 80_000)).toBe(2);
    });

    it('peers: too short a look at the others keeps one kiosk', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      // Ten of ours in the first 20 s of a window, the key at 40: 30 others, seen for 20 s only.
      for (let i = 0; i < 10; i += 1) g.onSend(i * 1_000, 'background');
      g.onAnswer(20_000, { limit: 60, remaining: 20, resetAt: 60_000 });
      expect(g.peers(20_000)).toBe(1);
      // Seen for 30 s: now they count.
      g.onAnswer(30_000, { limit: 60, remaining: 20, resetAt: 60_000 });
      expect(g.peers(30_000)).toBe(4);
    });

    it('peers: a window older than an hour no longer counts', () => {
      const g = sharedHour(1, 9);
      expect(g.peers(60 * MINUTE)).toBe(4);
      // The next hour alone, with the key to ourselves.
      for (let minute = 61; minute < 122; minute += 1) {
        for (let i = 0; i < 6; i += 1) {
          const at = minute * MINUTE + 30_000 + i * 1_000;
          g.onSend(at, 'background');
          g.onAnswer(at + 10, {
            limit: 60,
            remaining: 60 - (i + 1),
            resetAt: (minute + 1) * MINUTE,
          });
        }
      }
      expect(g.peers(122 * MINUTE)).toBe(1);
    });

    it('a send gone without an answer leaves the in-flight count; a 429 ends one in flight', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      for (let i = 0; i < 3; i += 1) g.onSend(0, 'interactive');
      g.onNoAnswer(); // one of the three timed out
      g.onAnswer(1, { limit: 60, remaining: 50, resetAt: 60_000 }); // one answered, one still out
      expect(g.used('minute', 1)).toBe(11);
      const h = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      h.onSend(0, 'interactive');
      h.onSend(0, 'interactive');
      h.onRateLimited(0, 1_000);
      h.onAnswer(2_000, { limit: 60, remaining: 50, resetAt: 60_000 }); // nothing left in flight
      expect(h.used('minute', 2_000)).toBe(10);
    });

    it('a refused send after the header never takes the header count below what it said', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      g.onSend(0, 'interactive');
      g.onAnswer(0, { limit: 60, remaining: 50, resetAt: 60_000 });
      g.onNoAnswer(0);
      expect(g.used('minute', 1)).toBe(10);
    });

    it('a minute-near header with the day limit is the minute window until a day window is known', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      g.onSend(0, 'interactive');
      g.onAnswer(0, { limit: 1000, remaining: 990, resetAt: 30_000 });
      expect(g.snapshot(0)).toMatchObject({
        minute: { limit: 1000, used: 10 },
        day: { limit: 1000, used: 1 },
      });
      // With the day window known, a minute-near header of another limit is still the minute's.
      const h = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      h.onSend(0, 'interactive');
      h.onAnswer(0, { limit: 1000, remaining: 500, resetAt: 3_600_000 });
      h.onSend(1, 'interactive');
      h.onAnswer(1, { limit: 60, remaining: 10, resetAt: 30_000 });
      expect(h.snapshot(1)).toMatchObject({
        minute: { limit: 60, used: 50 },
        day: { limit: 1000, used: 501 },
      }); // ours since the day header
    });

    it('waits for the header window to reset only when the header itself says the window is full', () => {
      // Our own two sends fill a minute of 2; the header (reset in 64 s) says 1 of 2 was used.
      const g = new RateGovernor({ minuteLimit: 2, dayLimit: 1000 });
      g.onSend(0, 'interactive');
      g.onAnswer(0, { limit: 2, remaining: 2, resetAt: 64_000 });
      g.onSend(1_000, 'interactive');
      expect(g.waitMs(2_000, 'interactive')).toBe(58_001); // our first send leaves the window
      // The header counted one already: with our second it is full until its reset.
      const h = new RateGovernor({ minuteLimit: 2, dayLimit: 1000 });
      h.onSend(0, 'interactive');
      h.onAnswer(0, { limit: 2, remaining: 1, resetAt: 64_000 });
      h.onSend(1_000, 'interactive');
      expect(h.waitMs(2_000, 'interactive')).toBe(62_000);
    });

    it('forgets sends older than a day, the one exactly a day old included', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      g.onSend(0, 'interactive');
      g.onSend(DAY / 2, 'interactive');
      expect(g.exportSends(DAY)).toEqual([DAY / 2]);
      g.importSends([DAY], DAY);
      expect(g.exportSends(DAY)).toEqual([DAY / 2, DAY]);
    });

    it('peers: a 429 without a header is a full minute window too', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      for (let t = 0; t < 6; t += 1) g.onSend(1_000 + t, 'background');
      g.onRateLimited(30_000, 2_000, null);
      expect(g.peers(31_000)).toBe(4);
    });

    it('peers: a 429 whose header reset has passed says nothing about others', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      for (let t = 0; t < 6; t += 1) g.onSend(1_000 + t, 'background');
      g.onRateLimited(30_000, 2_000, { limit: 60, resetAt: 29_000 });
      expect(g.peers(31_000)).toBe(1);
    });

    it('peers: needs five sends of our own in the windows, a send at the window start counted', () => {
      const shared = (sends: number): number => {
        const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
        for (let t = 0; t < sends; t += 1) g.onSend(t, 'background');
        g.onAnswer(40_000, { limit: 60, remaining: 10, resetAt: 60_000 }); // 50 used: others 50 - ours
        return g.peers(40_000);
      };
      expect(shared(4)).toBe(1);
      expect(shared(5)).toBe(4);
    });

    it('peers: the observed time runs from the window start, not from zero', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      for (let t = 0; t < 10; t += 1) g.onSend(60_000 + t, 'background');
      g.onAnswer(80_000, { limit: 60, remaining: 10, resetAt: 120_000 }); // 20 s of this window seen
      expect(g.peers(80_000)).toBe(1);
    });

    it('peers: the latest answer of a window is the one that counts', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      for (let t = 0; t < 5; t += 1) g.onSend(t, 'background');
      g.onAnswer(40_000, { limit: 60, remaining: 50, resetAt: 60_000 }); // others 5
      g.onAnswer(40_000, { limit: 60, remaining: 10, resetAt: 60_000 }); // others 45
      expect(g.peers(40_000)).toBe(4);
    });

    /** Six sends of ours in the minute from 0, answered at 40 s with only ours counted. */
    const aloneSoFar = (): RateGovernor => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      for (let t = 0; t < 6; t += 1) g.onSend(1_000 + t, 'background');
      g.onAnswer(40_000, { limit: 60, remaining: 54, resetAt: 60_000 });
      return g;
    };

    it('peers: a full 429 is about the minute window when its reset is at most 65 s away, not later, not now', () => {
      expect(aloneSoFar().peers(50_000)).toBe(1);
      const at65 = aloneSoFar();
      at65.onRateLimited(50_000, 2_000, { limit: 60, resetAt: 115_000 });
      expect(at65.peers(50_000)).toBe(4); // a full minute we had no part in: others filled it
      const beyond = aloneSoFar();
      beyond.onRateLimited(50_000, 2_000, { limit: 60, resetAt: 115_001 });
      expect(beyond.peers(50_000)).toBe(1); // the day window: says nothing about others
      const resetNow = aloneSoFar();
      resetNow.onRateLimited(50_000, 2_000, { limit: 60, resetAt: 50_000 });
      expect(resetNow.peers(50_000)).toBe(1); // a window already over
    });

    it('peers: a window that began exactly an hour ago still counts', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      for (let t = 0; t < 10; t += 1) g.onSend(t, 'background');
      g.onAnswer(40_000, { limit: 60, remaining: 20, resetAt: 60_000 }); // 30 others
      expect(g.peers(HOUR)).toBe(4);
    });

    it('peers: a window over an hour old is dropped when asked, with no send since', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      for (let t = 0; t < 10; t += 1) g.onSend(t, 'background');
      g.onAnswer(40_000, { limit: 60, remaining: 20, resetAt: 60_000 }); // 30 others
      expect(g.peers(40_000)).toBe(4);
      // Just under an hour later, a window with the key to ourselves, asked just over the hour.
      for (let i = 0; i < 6; i += 1) g.onSend(HOUR - 30_000 + i * 1_000, 'background');
      g.onAnswer(HOUR + 5_000, { limit: 60, remaining: 54, resetAt: HOUR + 30_000 });
      expect(g.peers(HOUR + 5_000)).toBe(1);
    });

    it('a minute-near header with the day limit is the minute window again from the day window reset on', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      g.onSend(0, 'interactive');
      g.onAnswer(0, { limit: 1000, remaining: 500, resetAt: HOUR });
      const after = HOUR; // the instant of the reset
      g.onSend(after, 'interactive');
      g.onAnswer(after, { limit: 1000, remaining: 990, resetAt: after + 30_000 });
      expect(g.snapshot(after)).toMatchObject({ minute: { limit: 1000, used: 10 } });
    });

    it('peers: an answer stamped earlier in a window (the clock stepped back) does not replace a later look at it', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      for (let t = 0; t < 10; t += 1) g.onSend(t, 'background');
      g.onAnswer(40_000, { limit: 60, remaining: 20, resetAt: 60_000 }); // 30 others at 40 s
      g.onAnswer(35_000, { limit: 60, remaining: 50, resetAt: 60_000 }); // what 35 s saw
      expect(g.peers(40_000)).toBe(4);
    });

    it('peers: a day-window header says nothing about others', () => {
      const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
      for (let t = 0; t < 5; t += 1) g.onSend(t, 'background');
      g.onAnswer(40_000, { limit: 60, remaining: 55, resetAt: 60_000 }); // only ours
      g.onAnswer(40_001, { limit: 1000, remaining: 500, resetAt: 3_600_000 });
      expect(g.peers(40_001)).toBe(1);
    });
  });
});

describe('RateGovernor: rate-limit answers as bounds (issue 18)', () => {
  it('reads a 429 in the unit that fits its window: milliseconds block seconds, not hours', () => {
    const g = new RateGovernor();
    g.onSend(0, 'interactive');
    const wait = g.retryAfterMs(10, { body: 46_375 }, null);
    expect(wait).toBe(46_375);
    g.onRateLimited(10, wait);
    expect(g.waitMs(20, 'interactive')).toBe(46_365);
    expect(g.waitMs(46_385, 'interactive')).toBe(0);
  });

  it('reads a long retryAfter as seconds once its own count says the day is spent', () => {
    const g = new RateGovernor({ minuteLimit: 60, dayLimit: 3 });
    for (let t = 0; t < 3; t += 1) g.onSend(t * 120_000, 'interactive');
    expect(g.retryAfterMs(400_000, { body: 3_600 }, null)).toBe(3_600_000);
  });

  it('never blocks longer than a day, whatever a 429 says', () => {
    const g = new RateGovernor();
    g.onRateLimited(0, 46_375_000_000);
    expect(g.waitMs(1, 'interactive')).toBe(DAY + MINUTE - 1);
  });

  it('believes a header whose reset is exactly the longest window away (a day and a minute)', () => {
    const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
    g.onSend(0, 'interactive');
    g.onAnswer(10, { limit: 1000, remaining: 0, resetAt: 10 + DAY + MINUTE });
    expect(g.snapshot(20).last).toMatchObject({ limit: 1000, remaining: 0 });
    expect(g.waitMs(20, 'interactive')).toBe(DAY + MINUTE - 10);
  });

  it('a window a header calls full, with none of our sends in it, waits for its reset', () => {
    const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
    g.onAnswer(1_000, { limit: 60, remaining: 0, resetAt: 31_000 }); // another kiosk spent it
    expect(g.waitMs(1_000, 'interactive')).toBe(30_000);
  });

  it('a 429 ends one request in flight, not all: the others still count as sent since a header', () => {
    const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
    for (const t of [0, 1, 2]) g.onSend(t, 'interactive');
    g.onRateLimited(10, 1_000); // the first; two are still in flight
    g.onAnswer(20, { limit: 60, remaining: 50, resetAt: 40_000 }); // the second; one in flight
    expect(g.snapshot(30).minute.used).toBe(11); // 10 the server counted + the one in flight
  });

  it('ignores a header whose reset lies beyond any window (it would block for years)', () => {
    const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1000 });
    g.onSend(0, 'interactive');
    g.onAnswer(10, { limit: 60, remaining: 0, resetAt: 99_999_999_999_000 });
    expect(g.waitMs(20, 'interactive')).toBe(0);
    expect(g.snapshot(20).last).toBeNull();
  });
});

describe('RateGovernor: a window with no share, and the budget staff read', () => {
  it('a minute limit of 1 leaves the background no share: it looks again in a minute, not at once', () => {
    const g = new RateGovernor({ minuteLimit: 1, dayLimit: 1_000 });
    expect(g.budget('minute', 'background')).toBe(0);
    expect(g.waitMs(0, 'background')).toBe(MINUTE);
    expect(g.waitMs(0, 'interactive')).toBe(0);
  });

  it('budgetLeft: requests left per window, never below none', () => {
    expect(
      budgetLeft({ minute: { limit: 60, used: 3 }, day: { limit: 1_000, used: 1_200 } }),
    ).toEqual({ minute: { limit: 60, remaining: 57 }, day: { limit: 1_000, remaining: 0 } });
    const g = new RateGovernor({ minuteLimit: 60, dayLimit: 1_000 });
    g.onSend(0, 'interactive');
    g.onSend(1_000, 'interactive');
    expect(budgetLeft(g.snapshot(2_000))).toEqual({
      minute: { limit: 60, remaining: 58 },
      day: { limit: 1_000, remaining: 998 },
    });
  });
});
