/**
 * The mirror with the loops running (autoStart) on a clock shared with the reference server:
 * today's slots stay within their age goal, and the 60 s checkpoint saves the governor's count.
 * The test moves the clock only while no request is on the wire (stepped-run.ts), so a busy
 * machine (slow answers) cannot age the cache: time stands still while the kiosk waits for the
 * API, as if the API answered at once. Kept apart from loops.test.ts (the mutation run skips it).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../../electron/core/platform/clock';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import type { TimeSlot } from '../../../shared/api/schemas';
import { instantToWall } from '../../../shared/booking/time';
import {
  makeTempDir,
  startCore,
  startUpstream,
  type UpstreamFixture,
} from '../../support/core/harness';
import { timerClock, type TimerClock } from '../../support/core/manual-clock';
import { steppedRun } from '../../support/core/stepped-run';

let temp: ReturnType<typeof makeTempDir> | null = null;
let upstream: UpstreamFixture | null = null;
let core: KioskCoreInternals | null = null;

afterEach(async () => {
  await core?.close();
  await upstream?.close();
  temp?.remove();
});

async function running(start: number): Promise<{ dir: string; clock: TimerClock }> {
  const clock = timerClock(start);
  temp = makeTempDir('fd-loops-fresh-');
  upstream = await startUpstream(temp.dir, {
    clock: () => clock.now(),
    rateLimit: { perMinute: 6000, perDay: 100_000 },
  });
  core = await startCore(join(temp.dir, 'kiosk'), upstream.proxy.url, {
    clock,
    mirrorDays: 2,
    autoStart: true,
  });
  return { dir: join(temp.dir, 'kiosk'), clock };
}

describe('background loops on', () => {
  it("the mirror keeps today's slots under 10 minutes old and checkpoints, while the loops run", async () => {
    const { dir, clock } = await running(Date.parse('2026-11-24T08:30:00Z')); // Tue 09:30
    const ages: number[] = [];
    // Sample the cache's age every 2 kiosk minutes for 32 kiosk minutes.
    for (let sample = 0; sample < 16; sample++) {
      await steppedRun(clock, upstream!.proxy, 2 * 60_000);
      ages.push(todaysOldestSlotsAgeMs(dir, clock));
    }
    // After the warm-up (the first sample) every one of today's service caches is fresh.
    expect(ages.length).toBeGreaterThan(12);
    expect(Math.max(...ages.slice(1))).toBeLessThanOrEqual(10 * 60_000 + 30_000);
    // The 60 s checkpoint ran: the governor's count of the day is saved.
    const db = new Database(join(dir, 'kiosk.db'), { readonly: true });
    try {
      const saved = db.prepare("select value from settings where key = 'governorSends'").get() as
        { value: string } | undefined;
      expect(
        (JSON.parse(saved?.value ?? '{}') as { sends?: number[] }).sends?.length,
      ).toBeGreaterThan(10);
    } finally {
      db.close();
    }
  });
});

/**
 * Age of the oldest of today's cached slot lists among services that still have slots later
 * today (the mirror's goal, plan.ts); Infinity while one of them is not cached at all.
 */
function todaysOldestSlotsAgeMs(dir: string, clock: Clock): number {
  const now = clock.now();
  const wall = instantToWall(now, 'Europe/Berlin');
  const db = new Database(join(dir, 'kiosk.db'), { readonly: true });
  try {
    const services = (db.prepare('select id from mirror_services').all() as { id: string }[]).map(
      (r) => r.id,
    );
    const rows = db
      .prepare(
        "select service_id as id, fetched_at as at, data from mirror_time_slots where date = ? and employee_key = 'any'",
      )
      .all(wall.date) as { id: string; at: number; data: string }[];
    if (services.length === 0) return Infinity;
    const byService = new Map(rows.map((r) => [r.id, r]));
    const ages = services.map((id) => {
      const row = byService.get(id);
      if (!row) return Infinity;
      const slots = (JSON.parse(row.data) as { timeSlots: TimeSlot[] }).timeSlots;
      const later = slots.some((slot) => slot.time > wall.time);
      return later ? now - row.at : 0;
    });
    return Math.max(...ages);
  } finally {
    db.close();
  }
}
