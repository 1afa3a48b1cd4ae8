/**
 * Safe retries against an API that ignores Idempotency-Key (issue 18): before a booking whose
 * answer was lost is sent again, the kiosk asks whether its slot is still free for its employee.
 * Free: the first attempt surely failed, it is sent again (one booking upstream). Taken: it is
 * sent again under its key, and once more after a pause when refused (issue 28); the second
 * refusal makes it `unknown` and staff are told what to check.
 */
import { describe, expect, it } from 'vitest';
import { mergeSlotsByTime } from '../../../shared/booking/free-times';
import { LOST_AND_TAKEN } from '../../../electron/core/outbox/send';
import { TAKEN_ONCE, TAKEN_PAUSE_MS } from '../../../electron/core/outbox/transitions';
import { bookingRequest, serverBookings } from '../../support/core/harness';
import { manualClock } from '../../support/core/manual-clock';
import { openStaffSession } from '../../support/core/staff';
import { variantCorePerTest } from '../../support/variant-upstream/core-rig';

const DATE = '2026-11-24'; // Tuesday: Anna 09-18 does the ladies' cut
const MONDAY_1000 = Date.parse('2026-11-23T09:00:00Z');

const open = variantCorePerTest('fd-safe-retry-');

async function rig() {
  const clock = manualClock(MONDAY_1000);
  const opened = await open(clock, { idempotency: false }, { bookingTimeoutMs: 400 });
  const catalog = await opened.core.api.getCatalog({});
  const service = catalog.services.find((s) => s.title === 'Damenhaarschnitt');
  if (!service) throw new Error('no service');
  const day = await opened.core.api.getTimeSlots({ date: DATE, serviceId: service._id });
  const offer = mergeSlotsByTime(day.timeSlots).find((s) => s.available && s.employeeId);
  if (!offer?.employeeId) throw new Error('no free offer');
  const request = bookingRequest(
    { date: DATE, serviceId: service._id, time: offer.time, employeeId: offer.employeeId },
    7,
  );
  const staffList = async () =>
    opened.core.api.listBookings({ session: await openStaffSession(opened.core) });
  return { ...opened, clock, request, staffList };
}

describe('a lost answer against an API without idempotency', () => {
  it('is sent again when its slot is still free: one booking upstream, sent', async () => {
    const { core, proxy, clock, request, dbPath, staffList } = await rig();
    proxy.setMode('hang'); // the request never reaches the API, the answer never comes
    const queued = await core.api.createBooking(request);
    // The customer hears "we are checking" (issue 17): the answer was lost.
    expect(queued.state).toBe('unknown');
    expect(serverBookings(dbPath)).toHaveLength(0);
    const [lost] = await staffList();
    expect(lost?.state).toBe('queued');

    proxy.setMode('pass');
    clock.advance(60_000);
    await core.replayer.runOnce();
    const [booking] = await staffList();
    expect(booking?.state).toBe('sent');
    expect(serverBookings(dbPath)).toHaveLength(1);
  });

  it('when its slot is taken, the re-send under its key is refused: unknown, staff told, one booking upstream', async () => {
    const { core, proxy, clock, request, dbPath, staffList } = await rig();
    proxy.setMode('drop'); // the API books it, the answer is lost on the way back
    const queued = await core.api.createBooking(request);
    // The customer hears "we are checking" (issue 17): the answer was lost.
    expect(queued.state).toBe('unknown');
    expect(serverBookings(dbPath)).toHaveLength(1);
    const booksBefore = proxy.forwarded();

    proxy.setMode('pass');
    clock.advance(60_000);
    await core.replayer.runOnce();
    // The first "taken" may be our own first request still in progress: sent again after a pause.
    const [waiting] = await staffList();
    expect(waiting).toMatchObject({ state: 'queued', lastError: { message: TAKEN_ONCE } });
    clock.advance(TAKEN_PAUSE_MS);
    await core.replayer.runOnce();
    const [booking] = await staffList();
    expect(booking?.state).toBe('unknown');
    expect(booking?.lastError?.message).toBe(LOST_AND_TAKEN);
    // What staff need to check it, in their session.
    expect(booking).toMatchObject({
      request: { date: DATE, time: request.time, employeeId: request.employeeId },
    });
    expect(serverBookings(dbPath)).toHaveLength(1);
    // Twice the slot lookup, then the booking under its key, which this API (no idempotency)
    // refused as taken: never booked twice.
    expect(proxy.forwarded() - booksBefore).toBe(4);
    expect((await core.api.getSyncStatus({})).unknown).toBe(1);
  });
});
