/**
 * The kiosk core as it runs: loops on (autoStart), nothing called by the test. The test only
 * moves the clock (shared with the reference server), and only while no request is on the wire
 * (stepped-run.ts), so minutes of backoff pass in seconds and a slow machine changes nothing.
 * Proves that the core comes back by itself: a booking queued while the API was down is sent
 * when it returns, and a refused key pauses the queue until the key is fixed.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { DEFAULT_REPLAY_POLICY } from '../../../electron/core/outbox/transitions';
import type { TimeSlot } from '../../../shared/api/schemas';
import {
  MONDAY_0830,
  bookingRequest,
  corePerTest,
  serverBookings,
  type startCore,
  type UpstreamFixture,
} from '../../support/core/harness';
import { timerClock, type TimerClock } from '../../support/core/manual-clock';
import { runUntil, steppedRun } from '../../support/core/stepped-run';
import { openStaffSession } from '../../support/core/staff';

const DATE = '2026-11-24'; // Tuesday: Anna 09-18, Mehmet 11-20
const SERVICE = 'svc-damen-schnitt'; // 45 minutes

const openRig = corePerTest('fd-loops-');

async function running(
  options: Parameters<typeof startCore>[2] = {},
  start = MONDAY_0830,
): Promise<{ c: KioskCoreInternals; up: UpstreamFixture; clock: TimerClock; dir: string }> {
  const clock = timerClock(start);
  const { core, upstream, dataDir } = await openRig(clock, {
    mirrorDays: 2,
    autoStart: true,
    // The product's backoff, not the harness's short one: the wake-up on reconnect must do it.
    replayPolicy: DEFAULT_REPLAY_POLICY,
    ...options,
  });
  return { c: core, up: upstream, clock, dir: dataDir };
}

function freeSlot(slots: TimeSlot[]): TimeSlot & { employeeId: string } {
  const slot = slots.find(
    (s): s is TimeSlot & { employeeId: string } => s.available && s.employeeId !== undefined,
  );
  if (!slot) throw new Error('no free slot');
  return slot;
}

function outboxRow(dir: string): {
  state: string;
  nextAttemptAt: number;
  updatedAt: number;
  attempts: number;
} {
  const db = new Database(join(dir, 'kiosk.db'), { readonly: true });
  try {
    return db
      .prepare(
        'select state, next_attempt_at as nextAttemptAt, updated_at as updatedAt, attempts from outbox',
      )
      .get() as { state: string; nextAttemptAt: number; updatedAt: number; attempts: number };
  } finally {
    db.close();
  }
}

/** Staff fix the API key: a staff session (the PIN first set up), then the settings. */
async function staffSetsKey(c: KioskCoreInternals, apiKey: string): Promise<void> {
  await c.api.updateSettings({ session: await openStaffSession(c), apiKey });
}

describe('background loops on', () => {
  it('API down -> booking queued -> API back -> sent, with no call from the test', async () => {
    const { c, up, dir, clock } = await running();
    const slot = freeSlot((await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE })).timeSlots);
    up.proxy.setMode('down');
    const queued = await c.api.createBooking(
      bookingRequest(
        { date: DATE, serviceId: SERVICE, employeeId: slot.employeeId, time: slot.time },
        1,
      ),
    );
    expect(queued.state).toBe('unknown'); // a reset may hide a created booking: the customer hears "we are checking" (issue 17)
    // The replayer fails on its own until its backoff (128-256 s after the 9th attempt) is longer
    // than the mirror's longest offline backoff (120 s): then only a wake-up sends it earlier.
    await runUntil(
      clock,
      up.proxy,
      () => outboxRow(dir).attempts >= 9 && outboxRow(dir).state === 'queued',
      30 * 60_000,
    );
    expect((await c.api.getSyncStatus({})).online).toBe(false);

    up.proxy.setMode('pass');
    const backedOffUntil = outboxRow(dir).nextAttemptAt;
    await runUntil(clock, up.proxy, () => outboxRow(dir).state === 'sent', 10 * 60_000);
    // Sent before its own backoff ran out: the API's first answer (the mirror's probe) woke it.
    expect(outboxRow(dir).updatedAt).toBeLessThan(backedOffUntil);
    expect(serverBookings(up.dbPath)).toHaveLength(1);
    const status = await c.api.getSyncStatus({});
    expect(status).toMatchObject({ online: true, queued: 0 });
  });

  it('key refused -> queue paused -> key fixed -> resumed and sent, with no call from the test', async () => {
    const { c, up, dir, clock } = await running();
    const slot = freeSlot((await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE })).timeSlots);
    // The key is revoked upstream.
    const server = new Database(up.dbPath);
    try {
      server.prepare('update api_keys set revoked_at = 1').run();
    } finally {
      server.close();
    }
    const result = await c.api.createBooking(
      bookingRequest(
        { date: DATE, serviceId: SERVICE, employeeId: slot.employeeId, time: slot.time },
        2,
      ),
    );
    expect(result.state).toBe('queued');
    expect((await c.api.getSyncStatus({})).mode).toBe('paused');
    const forwarded = up.proxy.forwarded();
    await steppedRun(clock, up.proxy, 15_000);
    expect(up.proxy.forwarded()).toBe(forwarded); // paused: neither the replayer nor the mirror asks
    expect(outboxRow(dir).state).toBe('queued');

    // A new key is issued upstream and staff enter it.
    const NEW_KEY = 'core-test-book-key-0002';
    const fixed = new Database(up.dbPath);
    try {
      const { upsertApiKey } = await import('../../../server/db/api-keys');
      const { drizzle } = await import('drizzle-orm/better-sqlite3');
      upsertApiKey(drizzle(fixed), NEW_KEY, 'book', clock.now());
    } finally {
      fixed.close();
    }
    await staffSetsKey(c, NEW_KEY);
    await runUntil(clock, up.proxy, () => outboxRow(dir).state === 'sent', 5 * 60_000);
    expect(serverBookings(up.dbPath)).toHaveLength(1);
    expect((await c.api.getSyncStatus({})).mode).toBe('enabled');
  });
});
