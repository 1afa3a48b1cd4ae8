/**
 * How many kiosks share the key when each stretches its plan by its own estimate
 * (peer-estimate.ts). Kiosks on one key are modelled minute by minute on a virtual clock: each
 * asks `peers()` at the start of a minute, as the mirror does before it plans, and sends
 * plan / peers background requests and its customers' interactive ones, evenly over the minute
 * from a phase that a seeded generator draws; the key counts them all in fixed minute windows
 * and every answer carries its header.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RateGovernor, type Priority } from '../../../electron/core/governor/rate-governor';
import { estimatePeers } from '../../../electron/core/governor/peer-estimate';

const MINUTE = 60_000;

interface ModelKiosk {
  /** Background requests a minute of the unstretched plan. */
  plan: number;
  /** Interactive requests a minute (customers' lookups and bookings), never stretched. */
  interactive: number;
  /** Minutes in which it runs: [from, until). */
  from?: number;
  until?: number;
}

/** A small seeded generator (the phases only need to differ from minute to minute). */
function phases(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Runs the kiosks on one key; each kiosk's `peers()` at the start of every minute. */
function shareKey(kiosks: readonly ModelKiosk[], minutes: number, seed = 1): number[][] {
  const phase = phases(seed);
  const governors = kiosks.map(() => new RateGovernor({ minuteLimit: 60, dayLimit: 100_000 }));
  const owed = kiosks.map(() => ({ background: 0, interactive: 0 }));
  const seen: number[][] = kiosks.map(() => []);
  for (let minute = 0; minute < minutes; minute += 1) {
    const start = minute * MINUTE;
    const sends: { at: number; kiosk: number; priority: Priority }[] = [];
    kiosks.forEach((kiosk, k) => {
      const peers = governors[k]?.peers(start) ?? 1;
      seen[k]?.push(peers);
      const due = owed[k];
      if (!due || minute < (kiosk.from ?? 0) || minute >= (kiosk.until ?? Infinity)) return;
      due.background += kiosk.plan / peers;
      due.interactive += kiosk.interactive;
      for (const priority of ['background', 'interactive'] as const) {
        const count = Math.floor(due[priority]);
        due[priority] -= count;
        const first = phase();
        for (let i = 0; i < count; i += 1)
          sends.push({
            at: start + Math.floor(((i + first) * MINUTE) / count),
            kiosk: k,
            priority,
          });
      }
    });
    sends.sort((a, b) => a.at - b.at);
    let used = 0;
    for (const send of sends) {
      const governor = governors[send.kiosk];
      if (!governor) continue;
      governor.onSend(send.at, send.priority);
      used += 1;
      governor.onAnswer(send.at, { limit: 60, remaining: 60 - used, resetAt: start + MINUTE });
    }
  }
  return seen;
}

/** Each kiosk's estimates from `minute` on, each value once. */
const settled = (seen: number[][], minute: number): number[][] =>
  seen.map((estimates) => [...new Set(estimates.slice(minute))]);

describe('peers: kiosks on one key that stretch their plans by their own estimates', () => {
  it.each([
    ['one kiosk with busy customers', [{ plan: 12, interactive: 4 }], [[1]]],
    [
      'two kiosks',
      [
        { plan: 12, interactive: 1 },
        { plan: 12, interactive: 1 },
      ],
      [[2], [2]],
    ],
    // "1 + others / ours" read the quiet kiosk as three here, and kept it there.
    [
      'two kiosks, one with customers far busier (a fifth of the plan more)',
      [
        { plan: 12, interactive: 2.4 },
        { plan: 12, interactive: 0 },
      ],
      [[2], [2]],
    ],
  ])('%s: from the second hour on, each counts them all', (_, kiosks, expected) => {
    expect(settled(shareKey(kiosks, 240), 60)).toEqual(expected);
  });

  it('a second kiosk switched on beside a busy one: both count two within two hours', () => {
    const seen = shareKey(
      [
        { plan: 12, interactive: 0.6 },
        { plan: 12, interactive: 0, from: 90 },
      ],
      330,
    );
    expect(settled(seen, 30)[0]?.slice(0, 1)).toEqual([1]);
    expect(settled(seen, 210)).toEqual([[2], [2]]);
  });

  it('one of three switched off: the two left count two again within two hours', () => {
    const seen = shareKey(
      [
        { plan: 12, interactive: 1 },
        { plan: 12, interactive: 0.5 },
        { plan: 12, interactive: 1, until: 120 },
      ],
      360,
    );
    expect(settled(seen, 240).slice(0, 2)).toEqual([[2], [2]]);
  });

  it('three or four kiosks: each counts within one of them all, and together they send about one plan', () => {
    for (const count of [3, 4]) {
      for (const seed of [1, 2, 3]) {
        const seen = shareKey(
          Array.from({ length: count }, (_, k) => ({ plan: 12, interactive: k === 0 ? 1.2 : 0.5 })),
          240,
          seed,
        );
        const last = seen.map((estimates) => estimates.at(-1) ?? 0);
        for (const peers of last) expect(Math.abs(peers - count)).toBeLessThanOrEqual(1);
        expect(last.reduce((sum, peers) => sum + 1 / peers, 0)).toBeLessThanOrEqual(1.2);
      }
    }
  });

  it('a few short looks that miss the other kiosk keep the count; a long look without it: alone', () => {
    const g = new RateGovernor({ minuteLimit: 60, dayLimit: 100_000 });
    const look = (minute: number, atMs: number, others: number) => {
      const at = minute * MINUTE + atMs;
      g.onSend(at, 'background');
      g.onAnswer(at, { limit: 60, remaining: 59 - others, resetAt: (minute + 1) * MINUTE });
    };
    // An hour beside another kiosk as busy as this one.
    for (let minute = 0; minute < 60; minute += 1) look(minute, 30_000, 1);
    expect(g.peers(60 * MINUTE)).toBe(2);
    // An hour of six looks, six seconds each: none of theirs in 36 s, where one more kiosk
    // would have sent well under one request ("1 + others / ours" read one kiosk).
    for (let minute = 60; minute < 120; minute += 10) look(minute, 6_000, 0);
    expect(g.peers(120 * MINUTE)).toBe(2);
    // An hour watched 50 s of every minute, none of theirs: it is gone.
    for (let minute = 120; minute < 180; minute += 1) look(minute, 50_000, 0);
    expect(g.peers(180 * MINUTE)).toBe(1);
  });

  it('property: two kiosks started together settle on two, whatever their plans and customers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 6, max: 30 }),
        fc.double({ min: 0, max: 0.2, noNaN: true }),
        fc.double({ min: 0, max: 0.05, noNaN: true }),
        fc.integer({ min: 1, max: 1_000 }),
        (plan, busy, quiet, seed) => {
          const seen = shareKey(
            [
              { plan, interactive: plan * busy },
              { plan, interactive: plan * quiet },
            ],
            180,
            seed,
          );
          expect(settled(seen, 60)).toEqual([[2], [2]]);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('estimatePeers', () => {
  it.each([
    // others, ours by stretch [-, 1, 2, 3, 4], count
    [0, [0, 10, 0, 0, 0], 1],
    [1, [0, 10, 0, 0, 0], 1], // a tenth of one more kiosk: a few bookings
    [2, [0, 10, 0, 0, 0], 2], // a fifth
    [14, [0, 10, 0, 0, 0], 2], // 40 % busier than we are: still one other kiosk
    [15, [0, 10, 0, 0, 0], 3],
    [25, [0, 10, 0, 0, 0], 4],
    [90, [0, 10, 0, 0, 0], 4], // at most four
    // Ours at stretch 2: another kiosk at 2 sends as we do, two others at 2 twice as much.
    [10, [0, 0, 10, 0, 0], 2],
    [20, [0, 0, 10, 0, 0], 3],
    // Ours at stretch 3 (one too many): the other kiosk at 2 sends 1.5 times what we do, as
    // two kiosks predict; "1 + others / ours" read three.
    [15, [0, 0, 0, 10, 0], 2],
    [20, [0, 0, 0, 10, 0], 3], // two others at 3
    // Ours at stretch 4: one other at 2 sends twice what we do; three others at 4, three times.
    [20, [0, 0, 0, 0, 10], 2],
    [30, [0, 0, 0, 0, 10], 4],
    // Interactive requests are never stretched: another kiosk sends as many.
    [14, [0, 4, 10, 0, 0], 2],
  ])('others %i, ours by stretch %j -> %i', (others, ownByStretch, expected) => {
    expect(estimatePeers({ others, ownByStretch, watched: 1, last: 1 })).toBe(expected);
  });
});
