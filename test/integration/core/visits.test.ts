/**
 * Several services in one visit (issue 19) through the real core, real SQLite and the
 * reference server behind the fault proxy: a women's cut (45 min, Anna or Sophie) then colour
 * (2 h, Anna only) on Tuesday 2026-11-24, when only Anna of the two works.
 */
import { describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import {
  MONDAY_0830,
  corePerTest,
  goOffline,
  kioskFailure,
  offsetClock,
  serverBookings,
  until,
  type UpstreamFixture,
  bookAtApi,
} from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';

const DATE = '2026-11-24';
const CUT = 'svc-damen-schnitt';
const COLOUR = 'svc-faerben';
const customer = { name: 'Vera Visit', email: 'vera@example.com', phone: '+49 30 555 0199' };

const open = corePerTest('fd-visit-');

const parts = (cut: string, colour: string) => [
  { serviceId: CUT, employeeId: 'emp-anna', date: DATE, time: cut },
  { serviceId: COLOUR, employeeId: 'emp-anna', date: DATE, time: colour },
];

async function listed(core: KioskCoreInternals) {
  return core.api.listBookings({ session: await openStaffSession(core) });
}

/** Someone else books `time` with Anna straight at the API. */
async function takeAtApi(upstream: UpstreamFixture, serviceId: string, time: string) {
  expect(await bookAtApi(upstream, { serviceId, employeeId: 'emp-anna', date: DATE, time })).toBe(
    201,
  );
}

describe('one visit, several services', () => {
  it('offers start times where the colour follows the cut with Anna, and books both', async () => {
    const { core, upstream } = await open(offsetClock(MONDAY_0830));
    await core.api.getCatalog({});
    const times = await core.api.getVisitTimes({ date: DATE, serviceIds: [CUT, COLOUR] });
    const nine = times.offers.find((o) => o.time === '09:00');
    expect(nine?.parts.map((p) => `${p.serviceId} ${p.time} ${p.employeeId}`)).toEqual([
      `${CUT} 09:00 emp-anna`,
      `${COLOUR} 09:45 emp-anna`,
    ]);
    expect(nine?.samePerson).toBe(true);
    // 11:00 + 45 min = 11:45: two hours of colour would run into Anna's break at 12:30.
    expect(times.offers.some((o) => o.time === '11:00')).toBe(false);

    const visit = await core.api.createVisit({ customer, parts: parts('09:00', '09:45') });
    expect(visit.parts.map((p) => p.outcome)).toEqual(['booked', 'booked']);
    const states = visit.parts.map((p) => (p.outcome === 'booked' ? p.result.state : null));
    expect(states).toEqual(['sent', 'sent']);
    expect(
      serverBookings(upstream.dbPath)
        .map((b) => `${b.time} ${b.employeeId}`)
        .sort(),
    ).toEqual(['09:00 emp-anna', '09:45 emp-anna']);
    const bookings = await listed(core);
    expect(bookings.map((b) => b.visitId)).toEqual([visit.visitId, visit.visitId]);
    // Booked: the next visit is not offered at 09:00 any more.
    const after = await core.api.getVisitTimes({
      date: DATE,
      serviceIds: [CUT, COLOUR],
      fresh: true,
    });
    expect(after.offers.some((o) => o.time === '09:00')).toBe(false);
  });

  it('the second refused after the first was booked: the first holds, staff see the pair', async () => {
    const { core, upstream } = await open(offsetClock(MONDAY_0830));
    await core.api.getCatalog({});
    await takeAtApi(upstream, COLOUR, '10:30');
    const visit = await core.api.createVisit({ customer, parts: parts('09:45', '10:30') });
    const [first, second] = visit.parts;
    expect(first?.outcome === 'booked' && first.result.state).toBe('sent');
    expect(second?.outcome === 'refused' && second.error.code).toBe('slot_taken');
    const bookings = await listed(core);
    expect(bookings.map((b) => [b.request.serviceId, b.state, b.visitId])).toEqual(
      expect.arrayContaining([
        [CUT, 'sent', visit.visitId],
        [COLOUR, 'rejected', visit.visitId],
      ]),
    );
    expect(bookings).toHaveLength(2);
    // The refusal was told at the kiosk: no follow-up for staff to chase.
    const refused = bookings.find((b) => b.state === 'rejected');
    expect(refused?.followUp).toBeUndefined();
    // Staff discard it and undo that: still the refusal told at the kiosk, nothing opens
    // (no follow-up, no e-mail to a customer who heard it at the screen).
    const session = await openStaffSession(core);
    const localId = refused?.localId ?? 'missing';
    await core.api.discardBooking({ session, localId });
    expect((await core.api.restoreBooking({ session, localId })).state).toBe('rejected');
    const after = await listed(core);
    expect(after.find((b) => b.localId === localId)?.followUp).toBeUndefined();
    expect((await core.api.getSyncStatus({})).refused).toBe(0);
  });

  it('the times of a visit are as old as its oldest lookup: cached when any of them was', async () => {
    const { core } = await open(offsetClock(MONDAY_0830));
    await core.api.getCatalog({});
    const cut = await core.api.getTimeSlots({ date: DATE, serviceId: CUT });
    expect(cut.source).toBe('live');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const times = await core.api.getVisitTimes({ date: DATE, serviceIds: [CUT, COLOUR] });
    expect(times.source).toBe('cache');
    expect(times.asOf).toBe(cut.asOf);
    const fresh = await core.api.getVisitTimes({
      date: DATE,
      serviceIds: [CUT, COLOUR],
      fresh: true,
    });
    expect(fresh.source).toBe('live');
    expect(Date.parse(fresh.asOf ?? '')).toBeGreaterThan(Date.parse(cut.asOf ?? ''));
  });

  it('three services, the second refused: the first holds, the third is not tried, the notes go with each', async () => {
    const { core, upstream } = await open(offsetClock(MONDAY_0830));
    await core.api.getCatalog({});
    await takeAtApi(upstream, COLOUR, '10:30');
    const visit = await core.api.createVisit({
      customer,
      notes: 'Allergic to ammonia',
      parts: [
        ...parts('09:45', '10:30'),
        { serviceId: 'svc-straehnen', employeeId: 'emp-anna', date: DATE, time: '12:30' },
      ],
    });
    expect(visit.parts.map((p) => p.outcome)).toEqual(['booked', 'refused', 'not_tried']);
    expect(visit.parts[2]).toEqual({ outcome: 'not_tried', serviceId: 'svc-straehnen' });
    // Only the cut and the other customer's colour reached the API.
    expect(serverBookings(upstream.dbPath)).toHaveLength(2);
    const bookings = await listed(core);
    expect(bookings.map((b) => b.request.serviceId).sort()).toEqual([CUT, COLOUR].sort());
    expect(bookings.map((b) => b.request.notes)).toEqual([
      'Allergic to ammonia',
      'Allergic to ammonia',
    ]);
  });

  it('the first refused: nothing is booked and the customer hears why', async () => {
    const { core, upstream } = await open(offsetClock(MONDAY_0830));
    await core.api.getCatalog({});
    await takeAtApi(upstream, CUT, '14:00');
    const failure = await kioskFailure(
      core.api.createVisit({ customer, parts: parts('14:00', '14:45') }),
    );
    expect(failure.code).toBe('slot_taken');
    expect(await listed(core)).toEqual([]);
    expect(serverBookings(upstream.dbPath)).toHaveLength(1);
  });

  it('offline both are queued and held together, then replayed', async () => {
    const { core, upstream } = await open(offsetClock(MONDAY_0830));
    await core.api.getCatalog({});
    await core.api.getVisitTimes({ date: DATE, serviceIds: [CUT, COLOUR], employeeId: 'emp-anna' });
    await goOffline(core, upstream, CUT);

    const visit = await core.api.createVisit({
      customer,
      parts: parts('09:00', '09:45'),
      language: 'en',
    });
    expect(visit.parts.map((p) => p.outcome === 'booked' && p.result.state)).toEqual([
      'queued',
      'queued',
    ]);
    // Both held: neither time is offered with Anna, and a visit over them is refused whole.
    const slots = await core.api.getTimeSlots({
      date: DATE,
      serviceId: COLOUR,
      employeeId: 'emp-anna',
    });
    expect(slots.timeSlots.find((s) => s.time === '09:45')?.available).toBe(false);
    const overlapping = await kioskFailure(
      core.api.createVisit({ customer, parts: parts('09:00', '09:45') }),
    );
    expect(overlapping.code).toBe('slot_taken');
    expect(await listed(core)).toHaveLength(2);

    upstream.proxy.setMode('pass');
    await until(async () => {
      await core.replayer.runOnce();
      return (await listed(core)).every((b) => b.state === 'sent');
    }, 10_000);
    expect(
      serverBookings(upstream.dbPath)
        .map((b) => b.time)
        .sort(),
    ).toEqual(['09:00', '09:45']);
    expect((await listed(core)).map((b) => b.visitId)).toEqual([visit.visitId, visit.visitId]);
  });

  it('offline, a second service whose time is held is refused with the first: nothing queued', async () => {
    const { core, upstream } = await open(offsetClock(MONDAY_0830));
    await core.api.getCatalog({});
    await core.api.getVisitTimes({ date: DATE, serviceIds: [CUT, COLOUR], employeeId: 'emp-anna' });
    await goOffline(core, upstream, CUT);
    // A colour at 10:00 with Anna is queued first; a visit whose colour starts 10:30 overlaps it.
    await core.api.createBooking({
      serviceId: COLOUR,
      employeeId: 'emp-anna',
      date: DATE,
      time: '10:00',
      customer,
    });
    const failure = await kioskFailure(
      core.api.createVisit({ customer, parts: parts('09:45', '10:30') }),
    );
    expect(failure.code).toBe('slot_taken');
    const bookings = await listed(core);
    expect(bookings).toHaveLength(1);
    expect(bookings[0]?.visitId).toBeNull();
  });

  it('answers lost for the whole visit: told unknown, never booked; the replay sends each, one booking per service on the API', async () => {
    const { core, upstream } = await open(offsetClock(MONDAY_0830));
    await core.api.getCatalog({});
    await core.api.getVisitTimes({ date: DATE, serviceIds: [CUT, COLOUR] });
    upstream.proxy.setMode('drop'); // the API books each; every answer is lost
    const visit = await core.api.createVisit({ customer, parts: parts('09:00', '09:45') });
    // What the customer is told: each part "we are checking" (unknown), no number it never heard.
    expect(visit.parts.map((p) => (p.outcome === 'booked' ? p.result.state : p.outcome))).toEqual([
      'unknown',
      'unknown',
    ]);
    expect(visit.parts.map((p) => (p.outcome === 'booked' ? p.result.booking : 'x'))).toEqual([
      null,
      null,
    ]);
    upstream.proxy.setMode('pass');
    const session = await openStaffSession(core);
    await until(async () => {
      await core.replayer.runOnce();
      const rows = await core.api.listBookings({ session });
      return rows.length === 2 && rows.every((row) => row.state === 'sent');
    }, 10_000);
    // Exactly once on the API, whatever was retried.
    expect(
      serverBookings(upstream.dbPath)
        .map((b) => `${b.time} ${b.employeeId}`)
        .sort(),
    ).toEqual(['09:00 emp-anna', '09:45 emp-anna']);
  });

  it('an answer lost while the disk fills: the visit is answered part by part (never a failure that invites a second visit); the first is booked once when space returns', async () => {
    // The disk fills once the API has booked the first part: its answer, and the follow-up
    // a part told `unknown` needs, cannot be written.
    let apiDb: string | null = null;
    let spaceBack = false;
    const diskFull = () => !spaceBack && apiDb !== null && serverBookings(apiDb).length > 0;
    const { core, upstream } = await open(offsetClock(MONDAY_0830), { diskFull });
    apiDb = upstream.dbPath;
    await core.api.getCatalog({});
    await core.api.getVisitTimes({ date: DATE, serviceIds: [CUT, COLOUR] });
    upstream.proxy.setMode('drop');
    const visit = await core.api.createVisit({ customer, parts: parts('09:00', '09:45') });
    expect(diskFull()).toBe(true);
    // The first part: booked at the API, its answer lost, told "we are checking". The second:
    // nothing could be stored, so it was never sent, and the customer hears that too.
    const [first, second] = visit.parts;
    expect(first?.outcome === 'booked' && first.result.state).toBe('unknown');
    expect(second?.outcome === 'refused' && second.error.code).toBe('storage_full');
    spaceBack = true;
    upstream.proxy.setMode('pass');
    const session = await openStaffSession(core);
    await until(async () => {
      await core.api.syncNow({ session });
      await core.replayer.runOnce();
      const rows = await core.api.listBookings({ session });
      return rows.length === 1 && rows[0]?.state === 'sent';
    }, 10_000);
    expect(serverBookings(upstream.dbPath).map((b) => `${b.time} ${b.employeeId}`)).toEqual([
      '09:00 emp-anna',
    ]);
  });
  it('issue 38 item 16b: the calendar of a visit offers only days where its services fit one after another, online and offline', async () => {
    const { core, upstream } = await open(offsetClock(MONDAY_0830));
    await core.api.getCatalog({});
    // Wednesday: the colour (2 h, Anna only) is free at 09:00 alone, and no cut ends then
    // (Sophie's 08:15 is taken, Anna starts at 09:00): both services are open, the pair is not.
    const WEDNESDAY = '2026-11-25';
    const take = async (employeeId: string, time: string) =>
      expect(
        await bookAtApi(upstream, { serviceId: CUT, employeeId, date: WEDNESDAY, time }),
        `${employeeId} ${time}`,
      ).toBe(201);
    await take('emp-sophie', '08:15');
    for (const time of ['11:00', '11:45', '13:15', '14:00', '14:45', '15:30', '16:15', '17:00'])
      await take('emp-anna', time);
    // The kiosk's copy of the day's lists (as the mirror keeps them).
    for (const serviceId of [CUT, COLOUR])
      await core.api.getTimeSlots({ date: WEDNESDAY, serviceId, fresh: true });
    const colour = await core.api.getTimeSlots({ date: WEDNESDAY, serviceId: COLOUR });
    expect(colour.timeSlots.filter((s) => s.available).map((s) => s.time)).toEqual(['09:00']);
    expect(
      (await core.api.getVisitTimes({ date: WEDNESDAY, serviceIds: [CUT, COLOUR] })).offers,
    ).toEqual([]);

    const month = { year: 2026, month: 11 };
    const alone = async (serviceId: string) =>
      (await core.api.getAvailableDays({ ...month, serviceId })).availableDays;
    expect(await alone(CUT)).toContain(25);
    expect(await alone(COLOUR)).toContain(25);
    const visit = await core.api.getAvailableDays({ ...month, serviceId: CUT, then: [COLOUR] });
    expect(visit.availableDays).not.toContain(25);
    // Tuesday (today's 10:00 on) and Thursday: the pair fits.
    expect(visit.availableDays).toEqual(expect.arrayContaining([24, 26]));
    expect(visit.totalDays).toBe(visit.availableDays.length);
    // The first service's calendar alone is what it was: a visit's days do not change it.
    expect(await alone(CUT)).toContain(25);

    // Offline only days whose cached lists show the pair fitting are bookable: not Wednesday.
    expect(visit.bookableOffline ?? []).not.toContain(25);
    await core.api.getTimeSlots({ date: '2026-11-26', serviceId: CUT, fresh: true });
    await core.api.getTimeSlots({ date: '2026-11-26', serviceId: COLOUR, fresh: true });
    const again = await core.api.getAvailableDays({ ...month, serviceId: CUT, then: [COLOUR] });
    expect(again.bookableOffline).toContain(26);
    expect(again.bookableOffline).not.toContain(25);
  });
});
