/**
 * Issue 27 (acceptance of item 3): an API that answers a taken time with 404 and drops it from
 * the day's list. A 404 may also mean a service or person that went; the kiosk asks the day's
 * list, and a time gone from it is taken, as a time listed unavailable is. The customer goes
 * back to the time grid with "someone has just booked that time" (`slot_taken`) online; on
 * replay the queued booking ends refused as taken, with the one taken message for staff and the
 * next free times in the customer's e-mail. The variant upstream through the fault proxy, real
 * SQLite, real SMTP on 127.0.0.1.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mergeSlotsByTime } from '../../../shared/booking/free-times';
import { SLOT_TAKEN_REFUSAL } from '../../../shared/kiosk-data';
import type { BookingRequest } from '../../../shared/api/schemas';
import { CORE_TEST_KEY, bookingRequest, kioskFailure } from '../../support/core/harness';
import { mailText } from '../../support/core/doomed-booking';
import { manualClock } from '../../support/core/manual-clock';
import { openStaffSession } from '../../support/core/staff';
import { startSmtpSink, type SmtpSink } from '../../support/server/smtp-sink';
import { variantCorePerTest } from '../../support/variant-upstream/core-rig';
import type { VariantUpstream } from '../../support/variant-upstream/start-variant';

const DATE = '2026-11-24'; // Tuesday: Anna 09-18 does the ladies' cut
const MONDAY_1000 = Date.parse('2026-11-23T09:00:00Z');
const TAKEN_404_DROPPED = { takenStatus: 404, unavailableSlots: 'drop' } as const;

const open = variantCorePerTest('fd-taken-404-');
let sink: SmtpSink | null = null;

afterEach(async () => {
  await sink?.close();
  sink = null;
});

async function rig(options: Parameters<typeof open>[2] = {}) {
  const clock = manualClock(MONDAY_1000);
  const opened = await open(clock, TAKEN_404_DROPPED, options);
  const catalog = await opened.core.api.getCatalog({});
  const service = catalog.services.find((s) => s.title === 'Damenhaarschnitt');
  if (!service) throw new Error('no service');
  const day = await opened.core.api.getTimeSlots({ date: DATE, serviceId: service._id });
  const offer = mergeSlotsByTime(day.timeSlots).find((s) => s.available && s.employeeId);
  if (!offer?.employeeId) throw new Error('no free offer');
  const request = bookingRequest(
    { date: DATE, serviceId: service._id, time: offer.time, employeeId: offer.employeeId },
    27,
  );
  return { ...opened, clock, request };
}

/** Someone else books the same time and person, straight at the API (behind the kiosk's back). */
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
  // This API drops the taken time from the person's list, and answers a second booking 404.
  const list = await fetch(
    `${variant.url}/api/public/booking/availability?date=${request.date}&serviceId=${request.serviceId}&employeeId=${request.employeeId}`,
    { headers: { authorization: `Bearer ${CORE_TEST_KEY}` } },
  );
  const { data } = (await list.json()) as { data: { timeSlots: { time: string }[] } };
  expect(data.timeSlots.map((s) => s.time)).not.toContain(request.time);
}

describe('an API that answers a taken time 404 and drops it from the list', () => {
  it('online: the customer goes back to the time grid, "someone has just booked that time"', async () => {
    const { core, variant, request } = await rig();
    await takenBehindTheKiosk(variant, request);
    const failure = await kioskFailure(core.api.createBooking(request));
    // The code the time screen turns into "Sorry, someone has just booked that time".
    expect(failure.code).toBe('slot_taken');
    // Nothing queued, and the API is online (a refusal is an answer).
    const staff = await core.api.listBookings({ session: await openStaffSession(core) });
    expect(staff).toEqual([]);
    expect((await core.api.getSyncStatus({})).online).toBe(true);
  });

  it('on replay: the queued booking ends refused as taken; staff read the taken message, the customer is mailed other times', async () => {
    sink = await startSmtpSink();
    const { core, proxy, variant, clock, request } = await rig({
      mail: { smtpUrl: sink.url, from: 'Salon <termine@salon.example>' },
    });
    // The "any" list too: the customer's e-mail offers the next free times from it.
    await core.api.getTimeSlots({ date: DATE, serviceId: request.serviceId, fresh: true });
    proxy.setMode('500'); // the API fails: the booking is queued against the cached day
    const queued = await core.api.createBooking({ ...request, language: 'en' });
    expect(queued.state).toBe('queued');
    await takenBehindTheKiosk(variant, request);

    proxy.setMode('pass');
    clock.advance(60_000);
    await core.replayer.runOnce();
    const session = await openStaffSession(core);
    const [row] = await core.api.listBookings({ session });
    expect(row).toMatchObject({
      localId: queued.localId,
      state: 'rejected',
      lastError: { status: 404, message: SLOT_TAKEN_REFUSAL },
      followUp: { state: 'open', mail: 'pending' },
    });

    await core.mail?.runOnce();
    expect(sink.received).toHaveLength(1);
    const text = mailText(sink.received[0]?.raw ?? '');
    expect(text).toContain('The next free times for this service:');
    const offered = text.split('\n').filter((line) => line.startsWith('- '));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.filter((line) => line.endsWith(` 24 November 2026 ${request.time}`))).toEqual(
      [],
    );
  });
});
