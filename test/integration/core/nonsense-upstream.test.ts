/**
 * The variant upstream's random-nonsense mode, on a fixed seed (issue 18): every successful
 * answer passes the schemas but makes no sense (another year and month, a slot list of another
 * day, negative prices, durations of millions of hours, rate-limit headers of millions). Nothing
 * of it may reach a screen (the kiosk API's answers), the database (the mirror's tables) or the
 * sync status, and staff read that the API answered something unexpected, not that it is gone.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../support/core/harness';
import { manualClock } from '../../support/core/manual-clock';
import { variantCorePerTest } from '../../support/variant-upstream/core-rig';
import { switchesFor } from '../../support/variant-upstream/switches';

const MONDAY_1000 = Date.parse('2026-11-23T09:00:00Z');
const SERVICE = 'svc-damen-schnitt';
const DATE = '2026-11-24';

const open = variantCorePerTest('fd-nonsense-');

function mirrorRows(dataDir: string): number {
  const db = new Database(join(dataDir, 'kiosk.db'), { readonly: true });
  try {
    return ['mirror_services', 'mirror_employees', 'mirror_available_days', 'mirror_time_slots']
      .map((table) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n)
      .reduce((a, b) => a + b, 0);
  } finally {
    db.close();
  }
}

describe('the core against schema-valid nonsense (seed 18)', () => {
  it('shows, stores and reports none of it', async () => {
    const temp = makeTempDir('fd-nonsense-kiosk-');
    try {
      const dataDir = join(temp.dir, 'kiosk');
      const clock = manualClock(MONDAY_1000);
      const { core } = await open(clock, switchesFor('nonsense'), { dataDir });

      const catalog = await core.api.getCatalog({}).catch((e: unknown) => e);
      // The API answered: "not available right now", never "cannot be reached" (issue 18).
      expect(catalog).toMatchObject({ code: 'not_available' });
      const days = await core.api
        .getAvailableDays({ year: 2026, month: 11, serviceId: SERVICE })
        .catch(() => null);
      if (days) {
        expect(days.availableDays.every((d) => d >= 1 && d <= 30)).toBe(true);
      }
      const slots = await core.api
        .getTimeSlots({ date: DATE, serviceId: SERVICE, fresh: true })
        .catch((e: unknown) => {
          expect(e).toMatchObject({ code: 'not_available' });
          return null;
        });
      if (slots) {
        expect(slots.date).toBe(DATE);
        expect(slots.timeSlots.every((s) => !s.available)).toBe(true); // nothing to offer
      }
      expect(mirrorRows(dataDir)).toBe(0);

      const status = await core.api.getSyncStatus({});
      expect(status.lastError).toMatch(
        /^The booking service answered something unexpected \(get\w+: data[\w.[\]]*\)$/,
      );
      expect(status.lastError).not.toMatch(/unreachable|cannot be reached/);
      // X-RateLimit-* of millions or with more remaining than the limit are not shown.
      expect(status.rateLimit).toBeNull();
    } finally {
      temp.remove();
    }
  });

  it('an API that turns to nonsense: the customer gets the cached data, else "not available"', async () => {
    const clock = manualClock(MONDAY_1000);
    const { core, variant } = await open(clock, switchesFor('reference'));
    const live = await core.api.getCatalog({});
    expect(live.source).toBe('live');
    variant.set({ nonsense: { seed: 18 } });
    clock.advance(5 * 3_600_000); // past the catalog's freshness: it is asked again

    const cached = await core.api.getCatalog({});
    expect(cached).toMatchObject({ source: 'cache', services: live.services });
    const slots = await core.api
      .getTimeSlots({ date: DATE, serviceId: SERVICE, fresh: true })
      .catch((e: unknown) => e);
    expect(slots).toMatchObject({ code: 'not_available' });
    expect((await core.api.getSyncStatus({})).lastError).toMatch(/answered something unexpected/);
  });
});
