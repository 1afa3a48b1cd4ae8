/**
 * Today at a glance (catalog/day-glance.ts) over the kiosk's real SQLite with lists cached by
 * hand: who is shown, and a time the API refused as taken after a person's own list was fetched
 * shown busy even when that list (from an API that leaves the person out) names nobody.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createDayGlanceApi } from '../../../electron/core/catalog/day-glance';
import { saveCatalog, saveTimeSlots } from '../../../electron/core/db/mirror-repo';
import { openKioskDb } from '../../../electron/core/db/open';
import { createSqliteOutboxStore } from '../../../electron/core/db/outbox-store';
import type { TimeSlot } from '../../../shared/api/schemas';
import { apiEmployee, apiService } from '../../support/api-fixtures';
import { makeTempDir } from '../../support/core/harness';
import { manualClock } from '../../support/core/manual-clock';
import { outboxEntry } from '../../support/core/outbox-entry';

const TUESDAY_1000 = Date.parse('2026-11-24T09:00:00Z'); // 10:00 in Berlin
const TODAY = '2026-11-24';
/** The staff session is checked before the engine (staff-access.ts): any token does here. */
const STAFF = { session: 'staff-session' };

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup) fn();
  cleanup = [];
});

function rig() {
  const temp = makeTempDir('fd-day-glance-rig-');
  const db = openKioskDb({ dataDir: temp.dir });
  cleanup.push(() => {
    db.$client.close();
    temp.remove();
  });
  const store = createSqliteOutboxStore(db);
  const glance = createDayGlanceApi({
    db,
    store,
    clock: manualClock(TUESDAY_1000),
    timeZone: 'Europe/Berlin',
    mirror: { noteDayViewed: () => undefined },
  });
  return { db, store, glance };
}

const cellsOf = (
  result: Awaited<ReturnType<ReturnType<typeof rig>['glance']['getDayGlance']>>,
  employeeId: string,
) =>
  result.employees
    .find((e) => e.employeeId === employeeId)
    ?.cells.map((c) => `${c.time} ${c.state}`);

describe('today at a glance from the cache', () => {
  it('shows the available people only, each with their own list', async () => {
    const { db, glance } = rig();
    saveCatalog(
      db,
      [apiService('svc')],
      [apiEmployee('emp-anna'), apiEmployee('emp-away', { available: false })],
      TUESDAY_1000,
    );
    const list: TimeSlot[] = [{ time: '11:00', available: true, employeeId: 'emp-anna' }];
    for (const employeeId of ['emp-anna', 'emp-away'])
      saveTimeSlots(
        db,
        { date: TODAY, serviceId: 'svc', employeeId },
        { date: TODAY, timeSlots: list },
        TUESDAY_1000,
      );
    const result = await glance.getDayGlance(STAFF);
    expect(result.employees.map((e) => e.employeeId)).toEqual(['emp-anna']);
  });

  it('a time refused as taken since their list was fetched is busy, though the list names nobody', async () => {
    const { db, store, glance } = rig();
    saveCatalog(db, [apiService('svc')], [apiEmployee('emp-anna')], TUESDAY_1000);
    // Anna does the service (another day's `any` list names her), her list of today names nobody.
    saveTimeSlots(
      db,
      { date: '2026-11-25', serviceId: 'svc' },
      {
        date: '2026-11-25',
        timeSlots: [{ time: '09:00', available: true, employeeId: 'emp-anna' }],
      },
      TUESDAY_1000,
    );
    saveTimeSlots(
      db,
      { date: TODAY, serviceId: 'svc', employeeId: 'emp-anna' },
      {
        date: TODAY,
        timeSlots: [
          { time: '11:00', available: true },
          { time: '11:30', available: true },
        ],
      },
      TUESDAY_1000,
    );
    store.insert(
      outboxEntry({
        localId: 'refused',
        request: {
          serviceId: 'svc',
          employeeId: 'emp-anna',
          date: TODAY,
          time: '11:00',
          customer: { name: 'A', email: 'a@example.com', phone: '1' },
        },
        state: 'rejected',
        lastError: { status: 409, message: 'Slot already booked' },
        createdAt: TUESDAY_1000,
        updatedAt: TUESDAY_1000 + 60_000,
      }),
    );
    expect(cellsOf(await glance.getDayGlance(STAFF), 'emp-anna')).toEqual([
      '11:00 busy',
      '11:30 free',
    ]);
  });
});
