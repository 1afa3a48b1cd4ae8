/**
 * A visit of several services (booking/visit.ts), through the real core, real SQLite and the
 * reference server behind the fault proxy, on Wednesday 2026-11-25 (Anna 09-18 with lunch
 * 12:30-13:15, Sophie 08-14): who is asked for the services that follow the first, how old the
 * offered times say they are (the oldest lookup), how many people's own lists are asked (at
 * most six per following service), and what a visit booked while the API is known gone does:
 * checked whole against the cache, queued whole, announced, held for each service's own length
 * and sent at once by the queue; and which parts are remembered for a follow-up, in the
 * customer's (else the shop's, else German) language.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { CACHE_REFUSAL_MESSAGES } from '../../../shared/booking/cache-checks';
import type { KioskEvent } from '../../../shared/kiosk-api';
import {
  MONDAY_0830,
  corePerTest,
  goOffline,
  kioskFailure,
  offsetClock,
  serverBookings,
  until,
  type CoreRig,
  bookAtApi,
} from '../../support/core/harness';
import { timerClock } from '../../support/core/manual-clock';
import { upsertEmployee } from '../../../server/db/catalog';
import { closeServerDb, openServerDb } from '../../../server/db/open';
import { openStaffSession } from '../../support/core/staff';

const WED = '2026-11-25';
const CUT = 'svc-damen-schnitt'; // 45 min: Anna, Sophie
const COLOUR = 'svc-faerben'; // 2 h: Anna only
const HIGHLIGHTS = 'svc-straehnen'; // 90 min: Anna, Sophie
const customer = { name: 'Vera Visit', email: 'vera@example.com', phone: '+49 30 555 0199' };

const openRig = corePerTest('fd-visit-offers-');

async function open(): Promise<CoreRig> {
  const rig = await openRig(offsetClock(MONDAY_0830));
  await rig.core.api.getCatalog({});
  return rig;
}

/** A cut then colour with Anna on `date`. */
const annaVisit = (cut: string, colour: string, date = WED) => [
  { serviceId: CUT, employeeId: 'emp-anna', date, time: cut },
  { serviceId: COLOUR, employeeId: 'emp-anna', date, time: colour },
];

/** Caches Anna's Wednesday for the visit, then loses the API. */
async function offlineWithAnnasDayCached({ core, upstream }: CoreRig): Promise<void> {
  await core.api.getVisitTimes({ date: WED, serviceIds: [CUT, COLOUR], employeeId: 'emp-anna' });
  await goOffline(core, upstream, CUT);
}

/** Someone else books `time` with Anna straight at the API. */
async function takeAtApi({ upstream }: CoreRig, serviceId: string, time: string) {
  expect(await bookAtApi(upstream, { serviceId, employeeId: 'emp-anna', date: WED, time })).toBe(
    201,
  );
}

async function listed(core: KioskCoreInternals) {
  return core.api.listBookings({ session: await openStaffSession(core) });
}

/** The follow-ups the kiosk keeps (notify/), by booking, read from its database file. */
function followUps(dataDir: string): Record<string, { language: string; state: string }> {
  const db = new Database(join(dataDir, 'kiosk.db'), { readonly: true });
  try {
    const rows = db.prepare('select local_id, language, state from follow_ups').all() as {
      local_id: string;
      language: string;
      state: string;
    }[];
    return Object.fromEntries(
      rows.map((r) => [r.local_id, { language: r.language, state: r.state }]),
    );
  } finally {
    db.close();
  }
}

const localIds = (visit: Awaited<ReturnType<KioskCoreInternals['api']['createVisit']>>) =>
  visit.parts.map((p) => (p.outcome === 'booked' ? p.result.localId : p.outcome));

const describeOffer = (offer: {
  parts: { serviceId: string; time: string; employeeId: string }[];
}) => offer.parts.map((p) => `${p.serviceId} ${p.time} ${p.employeeId}`);

describe('start times offered for a visit', () => {
  it('the person chosen for the cut keeps the customer for the highlights when their own list says they are free', async () => {
    const { core } = await open();
    const times = await core.api.getVisitTimes({
      date: WED,
      serviceIds: [CUT, HIGHLIGHTS],
      employeeId: 'emp-sophie',
      fresh: true, // else her list is the cached "anyone" list's safe subset
    });
    const nine = times.offers.find((o) => o.time === '09:00');
    // The "anyone" list of highlights names Anna at 09:45: only Sophie's own list says she is free.
    expect(nine && describeOffer(nine)).toEqual([
      `${CUT} 09:00 emp-sophie`,
      `${HIGHLIGHTS} 09:45 emp-sophie`,
    ]);
    expect(nine?.samePerson).toBe(true);
  });

  it('the person chosen is asked for the first service only: colour (which Sophie does not do) follows her cut with anyone free', async () => {
    const { core } = await open();
    const times = await core.api.getVisitTimes({
      date: WED,
      serviceIds: [CUT, COLOUR],
      employeeId: 'emp-sophie',
    });
    expect(times.offers.length).toBeGreaterThan(0);
    expect(times.offers.every((o) => o.parts[0]?.employeeId === 'emp-sophie')).toBe(true);
    const nine = times.offers.find((o) => o.time === '09:00');
    expect(nine && describeOffer(nine)).toEqual([
      `${CUT} 09:00 emp-sophie`,
      `${COLOUR} 09:45 emp-anna`,
    ]);
    expect(nine?.samePerson).toBe(false);
  });

  it('asks the API once per service and once per person free for the service before, nobody else', async () => {
    const { core, upstream } = await open();
    const before = upstream.proxy.requests();
    await core.api.getVisitTimes({ date: WED, serviceIds: [CUT, COLOUR], fresh: true });
    // Cut (anyone), colour (anyone), colour for Sophie and for Anna (both free for a cut).
    expect(upstream.proxy.requests() - before).toBe(4);
  });

  it('asks at most six people for the service that follows, however many were free before', async () => {
    const { core, upstream } = await open();
    // Seven more stylists doing cuts, each alone in the salon for one hour on Wednesday: with
    // Sophie and Anna, nine people are free for a cut at some time of the day.
    const server = openServerDb(upstream.dbPath);
    const hours = ['06', '07', '18', '19', '20', '21', '22'];
    hours.forEach((hour, n) =>
      upsertEmployee(server, {
        id: `emp-extra-${n}`,
        name: `Extra ${n}`,
        email: `extra${n}@salon.example`,
        phone: '+49 30 1234567-9',
        role: 'Friseurin',
        bookable: true,
        weekly: { 3: [{ start: `${hour}:00`, end: `${hour}:59` }] },
        breaks: {},
        serviceIds: [CUT],
      }),
    );
    closeServerDb(server);
    const cut = await core.api.getTimeSlots({ date: WED, serviceId: CUT, fresh: true });
    const free = new Set(cut.timeSlots.filter((s) => s.available).map((s) => s.employeeId));
    expect(free.size).toBe(9);
    const before = upstream.proxy.requests();
    await core.api.getVisitTimes({ date: WED, serviceIds: [CUT, COLOUR], fresh: true });
    expect(upstream.proxy.requests() - before).toBe(2 + 6);
  });

  it('says the times are as old as the oldest lookup behind them, whichever service it was', async () => {
    const { core } = await open();
    const colour = await core.api.getTimeSlots({ date: WED, serviceId: COLOUR });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The cut is looked up live now; the colour comes from the cache of 20 ms ago.
    const times = await core.api.getVisitTimes({ date: WED, serviceIds: [CUT, COLOUR] });
    expect(times.source).toBe('cache');
    expect(times.asOf).toBe(colour.asOf);
  });
});

describe('a visit booked while the API is known gone', () => {
  it('is queued whole: each part announced to subscribers as queued, each held for its own length', async () => {
    const rig = await open();
    await offlineWithAnnasDayCached(rig);
    const session = await openStaffSession(rig.core);
    const events: KioskEvent[] = [];
    rig.core.events.subscribe((event) => events.push(event), { session: () => session });
    const visit = await rig.core.api.createVisit({ customer, parts: annaVisit('09:00', '09:45') });
    const announced = events.flatMap((e) =>
      e.type === 'booking' ? [`${e.booking.localId} ${e.booking.state}`] : [],
    );
    expect(announced).toEqual(localIds(visit).map((id) => `${id} queued`));
    // The colour runs 09:45-11:45: a cut with Anna at 10:45 would overlap it.
    const overlap = await kioskFailure(
      rig.core.api.createBooking({
        serviceId: CUT,
        employeeId: 'emp-anna',
        date: WED,
        time: '10:45',
        customer,
      }),
    );
    expect(overlap.code).toBe('slot_taken');
    expect(await listed(rig.core)).toHaveLength(2);
  });

  it('is sent by the queue as soon as it is queued, not at the next probe', async () => {
    // Timers that fire only when moved on: the loops run, but no probe or timer sends it.
    const rig = await openRig(timerClock(MONDAY_0830), { autoStart: true });
    await rig.core.api.getCatalog({});
    await offlineWithAnnasDayCached(rig);
    rig.upstream.proxy.setMode('pass'); // back, but the kiosk does not know it yet
    const visit = await rig.core.api.createVisit({ customer, parts: annaVisit('09:00', '09:45') });
    expect(visit.parts.map((p) => p.outcome === 'booked' && p.result.state)).toEqual([
      'queued',
      'queued',
    ]);
    await until(() => serverBookings(rig.upstream.dbPath).length === 2, 20_000);
  });

  it('a part the cache calls taken refuses the whole visit, nothing queued', async () => {
    const rig = await open();
    await takeAtApi(rig, COLOUR, '10:30'); // before the day is cached: the cache knows
    await offlineWithAnnasDayCached(rig);
    const failure = await kioskFailure(
      rig.core.api.createVisit({ customer, parts: annaVisit('09:45', '10:30') }),
    );
    expect(failure).toMatchObject({ code: 'slot_taken', message: 'this slot is not free' });
    expect(await listed(rig.core)).toEqual([]);
  });

  it('a day that is not cached is refused as unavailable', async () => {
    const rig = await open();
    await offlineWithAnnasDayCached(rig);
    const failure = await kioskFailure(
      rig.core.api.createVisit({ customer, parts: annaVisit('09:00', '09:45', '2026-11-27') }),
    );
    expect(failure).toMatchObject({
      code: 'unavailable',
      message: 'this day is not cached and the API is unreachable',
    });
    expect(await listed(rig.core)).toEqual([]);
  });

  it('a day that has passed is refused as invalid, not as uncached', async () => {
    const rig = await open();
    await offlineWithAnnasDayCached(rig);
    const failure = await kioskFailure(
      rig.core.api.createVisit({ customer, parts: annaVisit('09:00', '09:45', '2026-11-20') }),
    );
    expect(failure).toMatchObject({
      code: 'invalid_input',
      message: CACHE_REFUSAL_MESSAGES.date_past,
    });
    expect(await listed(rig.core)).toEqual([]);
  });
});

describe('follow-ups of a visit', () => {
  it('each queued part gets a follow-up in the shop language when the customer chose none', async () => {
    const rig = await open();
    const session = await openStaffSession(rig.core);
    await rig.core.api.updateSettings({ session, language: 'en' });
    await offlineWithAnnasDayCached(rig);
    const visit = await rig.core.api.createVisit({ customer, parts: annaVisit('09:00', '09:45') });
    const ids = localIds(visit);
    expect(ids.map((id) => followUps(rig.dataDir)[id])).toEqual([
      { language: 'en', state: 'waiting' },
      { language: 'en', state: 'waiting' },
    ]);
  });

  it("the customer's language wins over the shop's; with neither, German", async () => {
    const rig = await open();
    const session = await openStaffSession(rig.core);
    await rig.core.api.updateSettings({ session, language: 'en' });
    await offlineWithAnnasDayCached(rig);
    const chosen = await rig.core.api.createVisit({
      customer,
      parts: annaVisit('09:00', '09:45'),
      language: 'pl',
    });
    await rig.core.api.updateSettings({ session, language: null });
    const unchosen = await rig.core.api.createVisit({
      customer,
      parts: annaVisit('14:00', '14:45'),
    });
    const rows = followUps(rig.dataDir);
    expect([...localIds(chosen), ...localIds(unchosen)].map((id) => rows[id]?.language)).toEqual([
      'pl',
      'pl',
      'de',
      'de',
    ]);
  });

  it('a visit the API booked at once needs no follow-up', async () => {
    const rig = await open();
    const visit = await rig.core.api.createVisit({ customer, parts: annaVisit('09:00', '09:45') });
    expect(visit.parts.map((p) => p.outcome === 'booked' && p.result.state)).toEqual([
      'sent',
      'sent',
    ]);
    expect(followUps(rig.dataDir)).toEqual({});
  });
});
