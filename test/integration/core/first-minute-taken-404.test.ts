/**
 * Issue 37, the first minute: right after a cold start the mirror has fetched the services but
 * not yet the employees. An API that answers a time taken meanwhile with 404 (and drops it from
 * the day's list) must send the customer back to the times ("someone has just booked that
 * time", `slot_taken`), exactly as with the catalog mirrored: a catalog not mirrored yet is
 * "unknown", never "not in the catalog" (db/mirror-repo.ts `catalogKnows`, outbox/send.ts).
 * The variant upstream behind the fault proxy, real SQLite, real HTTP on 127.0.0.1.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import type { BookingRequest } from '../../../shared/api/schemas';
import {
  CORE_TEST_KEY,
  bookingRequest,
  kioskFailure,
  makeTempDir,
  startCore,
} from '../../support/core/harness';
import { manualClock } from '../../support/core/manual-clock';
import { openStaffSession } from '../../support/core/staff';
import { startFaultProxy } from '../../support/fault-proxy';
import {
  startVariantUpstream,
  type VariantUpstream,
} from '../../support/variant-upstream/start-variant';

const DATE = '2026-11-24'; // Tuesday: Anna 09-18 and Sophie off; the ladies' cut is Anna's
const SERVICE = 'svc-damen-schnitt';
const MONDAY_1000 = Date.parse('2026-11-23T09:00:00Z');

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.reverse()) await close();
  cleanup = [];
});

/** A core with loops off on the variant upstream that answers a taken time 404 and drops it. */
async function rig() {
  const clock = manualClock(MONDAY_1000);
  const temp = makeTempDir('fd-first-minute-');
  cleanup.push(() => Promise.resolve(temp.remove()));
  const variant = await startVariantUpstream({
    dbPath: join(temp.dir, 'server.db'),
    keys: [{ key: CORE_TEST_KEY, scope: 'book' }],
    switches: { takenStatus: 404, unavailableSlots: 'drop' },
    clock: () => clock.now(),
  });
  cleanup.push(() => variant.close());
  const proxy = await startFaultProxy({ target: variant.url, clock: () => clock.now() });
  cleanup.push(() => proxy.close());
  const dataDir = join(temp.dir, 'kiosk');
  const core = await startCore(dataDir, proxy.url, { clock });
  cleanup.push(() => core.close());
  return { core, variant, dataDir, clock };
}

/** How many services and employees the kiosk's mirror holds (read beside the core). */
function mirrored(dataDir: string): { services: number; employees: number } {
  const db = new Database(join(dataDir, 'kiosk.db'), { readonly: true });
  try {
    const count = (table: string) =>
      (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return { services: count('mirror_services'), employees: count('mirror_employees') };
  } finally {
    db.close();
  }
}

/** Someone else books the same time and person straight at the API, behind the kiosk's back. */
async function takenBehindTheKiosk(variant: VariantUpstream, request: BookingRequest) {
  const response = await fetch(`${variant.url}/api/public/booking/book`, {
    method: 'POST',
    headers: { authorization: `Bearer ${CORE_TEST_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      ...request,
      customer: { name: 'Other', email: 'other@example.com', phone: '0301111' },
    }),
  });
  expect(response.status).toBe(201);
}

/** The customer's time screen: the day's times, and the first free one with its person. */
async function chosenTime(core: KioskCoreInternals): Promise<BookingRequest> {
  const day = await core.api.getTimeSlots({ date: DATE, serviceId: SERVICE });
  const offer = day.timeSlots.find((slot) => slot.available && slot.employeeId);
  if (!offer?.employeeId) throw new Error('no free time offered');
  return bookingRequest(
    { date: DATE, serviceId: SERVICE, time: offer.time, employeeId: offer.employeeId },
    37,
  );
}

describe('first minute: a time taken meanwhile that the API answers 404', () => {
  it.each([
    { when: 'before the employees are mirrored', mirrorSteps: 1, employees: 0 },
    { when: 'with the catalog mirrored', mirrorSteps: 2, employees: 3 },
  ])(
    '$when: the customer is sent back to the times (slot_taken), nothing queued',
    async ({ mirrorSteps, employees }) => {
      const { core, variant, dataDir, clock } = await rig();
      // The mirror's first steps after a cold start: the services, then the employees (the
      // governor spaces background requests: the clock moves past each spacing).
      for (let i = 0; i < mirrorSteps; i += 1) {
        await core.mirror.step();
        clock.advance(5_000);
      }
      const request = await chosenTime(core);
      await takenBehindTheKiosk(variant, request);
      expect(mirrored(dataDir)).toEqual({ services: 6, employees });

      const failure = await kioskFailure(core.api.createBooking(request));
      // The code the time screen turns into "Sorry, someone has just booked that time", never
      // "this service or person is no longer available" (`not_found`).
      expect(failure.code).toBe('slot_taken');
      const staff = await core.api.listBookings({ session: await openStaffSession(core) });
      expect(staff).toEqual([]);
      expect((await core.api.getSyncStatus({})).online).toBe(true);
    },
  );
});
