/**
 * An API that enforces less than its headers say (issue 30.8): X-RateLimit-Limit 60, but a 429
 * after 10 requests in a clock minute, with `retryAfter` in milliseconds. Three hours of a
 * working morning on the core's clock, the mirror refreshing (the usual plan, and one that always
 * wants more than the API takes) and a customer booking every 3 minutes: after the first 429
 * every booking reaches the API within 60 s of being made, and the 429s (counted at the proxy in
 * front of the API) are at most one an hour after the first. Before the kiosk learned limits it
 * met a 429 in each of the first five minutes and more every hour (19 in three hours with the
 * busy mirror), and took the rest of each refused window for three other kiosks on its key.
 *
 * The loops are driven here, one step at a time on the clock (no timer fires on its own): the
 * mirror's step when it wants to run, the replayer when a queued booking is due (looked at every
 * 5 s at least), a booking when one is made. A booking that waits for the budget moves the
 * clock by its wait.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openKioskDb } from '../../../electron/core/db/open';
import { createGovernorStore } from '../../../electron/core/link/governor-store';
import type { KioskCoreOptions } from '../../../electron/core/kiosk-core-types';
import { DEFAULT_MIRROR_POLICY } from '../../../electron/core/mirror/plan';
import { addDays } from '../../../shared/booking/time';
import { makeTempDir } from '../../support/core/harness';
import { manualClock, timerClock } from '../../support/core/manual-clock';
import { variantCorePerTest } from '../../support/variant-upstream/core-rig';

const open = variantCorePerTest('fd-learned-limit-');
const START = Date.parse('2026-11-24T07:55:00Z'); // Tuesday 08:55 in Berlin
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const BOOK_EVERY = 3 * MINUTE;

interface Made {
  email: string;
  at: number;
  state: string;
}

function createdAt(dbPath: string): Map<string, number> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db
      .prepare(
        'select c.email as email, b.created_at as createdAt from bookings b join customers c on c.id = b.customer_id',
      )
      .all() as { email: string; createdAt: number }[];
    return new Map(rows.map((row) => [row.email, row.createdAt]));
  } finally {
    db.close();
  }
}

/** A mirror that always wants more than the API takes: today every 2 min, the week every 5. */
const BUSY: Partial<KioskCoreOptions> = {
  mirrorPolicy: { ...DEFAULT_MIRROR_POLICY, todayMaxAgeMs: 2 * MINUTE, futureMaxAgeMs: 5 * MINUTE },
  governor: { dayLimit: 20_000 },
};

it.each([
  ['the usual mirror', {}, { perMinute: 60, perDay: 1000 }],
  ['a mirror that wants more', BUSY, { perMinute: 60, perDay: 20_000 }],
] as const)(
  'learns the limit the API enforces, %s: bookings go within their minute, 429s at most one an hour after the first',
  async (_name, options, rateLimit) => {
    const clock = timerClock(START);
    // Told when a timer is set on the clock (a wait for the budget): drive() waits for that or
    // for its work, not for a real tick per step.
    let timerSet = (): void => undefined;
    const setTimer = clock.setTimeout.bind(clock);
    clock.setTimeout = (callback, ms) => {
      const handle = setTimer(callback, ms);
      timerSet();
      return handle;
    };
    const { core, proxy, dbPath } = await open(
      clock,
      { enforcedPerMinute: 10, retryAfter: 'milliseconds' },
      { mirrorDays: 7, ...options },
      rateLimit,
    );

    /** Runs `work` to its end; while it waits for the budget on the clock, the clock moves on. */
    async function drive<T>(work: Promise<T>): Promise<T> {
      let done = false;
      const settled = work.finally(() => {
        done = true;
      });
      while (!done) {
        if (clock.pending().length === 0)
          await Promise.race([settled, new Promise<void>((resolve) => (timerSet = resolve))]);
        // With the loops not started, the only timers are waits for the budget.
        const next = clock.pending()[0];
        if (!done && next !== undefined) await clock.advance(next);
      }
      return settled;
    }

    const refusals: number[] = [];
    let seen429 = 0;
    const note429s = (): void => {
      const count = proxy.upstreamStatuses()[429] ?? 0;
      for (; seen429 < count; seen429 += 1) refusals.push(clock.now());
    };

    const made: Made[] = [];
    async function book(n: number): Promise<void> {
      const { services } = await core.api.getCatalog({});
      const service = services[n % services.length];
      if (!service) return;
      for (let ahead = 1 + (n % 3); ahead < 8; ahead += 1) {
        const date = addDays('2026-11-24', ahead);
        // Neither cached yet nor live while the minute is spent: the customer tries another day.
        const { timeSlots } = await core.api
          .getTimeSlots({ date, serviceId: service._id })
          .catch(() => ({ timeSlots: [] }));
        const free = timeSlots.filter((slot) => slot.available && slot.employeeId);
        const slot = free[n % Math.max(1, free.length)];
        if (!slot?.employeeId) continue;
        const email = `learned${n}@example.com`;
        const at = clock.now();
        const result = await drive(
          core.api.createBooking({
            date,
            time: slot.time,
            serviceId: service._id,
            employeeId: slot.employeeId,
            customer: { name: `Customer ${n}`, email, phone: '+49 30 555 0101' },
          }),
        );
        made.push({ email, at, state: result.state });
        return;
      }
    }

    const end = START + 3 * HOUR + 5 * MINUTE;
    let mirrorAt = START;
    let bookingAt = START + 90_000;
    let n = 0;
    while (clock.now() < end) {
      if (clock.now() >= mirrorAt) mirrorAt = await core.mirror.step();
      note429s();
      if (core.outboxCounts().dueNow > 0) await core.replayer.sendDueNow();
      note429s();
      if (clock.now() >= bookingAt) {
        await book(n);
        n += 1;
        bookingAt += BOOK_EVERY;
        note429s();
      }
      const next = Math.min(mirrorAt, bookingAt, clock.now() + 5_000, end);
      // No timer can be pending between steps (the loops are not started): a plain jump.
      clock.set(Math.max(clock.now(), next));
    }
    // What is still queued at the end goes when it is due.
    for (let i = 0; i < 120 && core.outboxCounts().queued > 0; i += 1) {
      await clock.advance(1_000);
      await core.replayer.sendDueNow();
    }
    note429s();

    const sentAt = createdAt(dbPath);
    const first = refusals[0];
    const late = made
      .filter((m) => first !== undefined && m.at >= first)
      .map((m) => ({ ...m, sentAfterMs: (sentAt.get(m.email) ?? Infinity) - m.at }))
      .filter((m) => m.sentAfterMs > MINUTE);
    console.info(
      'learned limit',
      JSON.stringify({
        refusals: refusals.map((t) => new Date(t).toISOString()),
        bookings: made.length,
        states: made.map((m) => m.state).join(','),
        mirror: core.mirror.requests,
        learned: core.governor().snapshot(clock.now()).minute,
        late,
      }),
    );
    expect(first).toBeDefined();
    expect(made.length).toBeGreaterThanOrEqual(25);
    expect(late).toEqual([]);
    // After the first, at most one 429 in any hour.
    const later = refusals.slice(1);
    for (const at of later)
      expect(later.filter((t) => t > at - HOUR && t <= at).length).toBeLessThanOrEqual(1);
  },
  600_000,
);

it('the learned limit survives a restart, for the same upstream and key only', () => {
  const temp = makeTempDir('fd-learned-saved-');
  const db = openKioskDb({ dataDir: join(temp.dir, 'kiosk') });
  try {
    const clock = manualClock(START);
    let target = { kind: 'remote' as const, baseUrl: 'http://127.0.0.1:9', apiKey: 'key-a' };
    const store = createGovernorStore({ db, clock, target: () => target });
    const governor = store.current();
    for (let i = 0; i < 11; i += 1) governor.onSend(START + i, 'background');
    governor.onRateLimited(START + 11, 49_000, {
      limit: 60,
      remaining: 49,
      resetAt: START + MINUTE,
    });
    expect(governor.snapshot(START + 11).minute.limit).toBe(10);
    store.save();
    store.renew();
    expect(store.current().snapshot(START + 12).minute.limit).toBe(10);
    target = { ...target, apiKey: 'key-b' };
    store.renew();
    expect(store.current().snapshot(START + 12).minute.limit).toBe(60);
  } finally {
    db.$client.close();
    temp.remove();
  }
});
