/**
 * A booking the customer was not told is made (queued, or its answer lost) gets a follow-up in
 * their language (notify/: the e-mail if the API refuses it later, the replay's Accept-Language).
 * Which language it keeps, that a booking the API made keeps none, and that a full disk or any
 * other failure at that write still tells the customer what happened to the booking. Real core, real SQLite, the
 * reference server behind the fault proxy.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MONDAY_0830,
  annaRequest,
  annaTuesdaySlots,
  corePerTest,
  goOffline,
  offsetClock,
  serverBookings,
  until,
} from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';

const open = corePerTest('fd-follow-up-');

/** The follow-ups on disk, by booking: the language each keeps. */
function followUpLanguages(dataDir: string): Record<string, string> {
  const db = new Database(join(dataDir, 'kiosk.db'), { readonly: true });
  try {
    const rows = db.prepare('select local_id, language from follow_ups').all() as {
      local_id: string;
      language: string;
    }[];
    return Object.fromEntries(rows.map((r) => [r.local_id, r.language]));
  } finally {
    db.close();
  }
}

describe('the follow-up of a booking not yet made', () => {
  it('keeps the screen’s language; without one the shop’s, else German; a booking made keeps none', async () => {
    const { core, upstream, dataDir } = await open(offsetClock(MONDAY_0830));
    const slots = await annaTuesdaySlots(core);
    const [first, second, third, fourth] = [slots[0], slots[4], slots[8], slots.at(-1)];
    if (!first || !second || !third || !fourth) throw new Error('too few free times');

    const sent = await core.api.createBooking({ ...annaRequest(first, 1), language: 'pl' });
    expect(sent.state).toBe('sent');

    upstream.proxy.setMode('500');
    const polish = await core.api.createBooking({ ...annaRequest(second, 2), language: 'pl' });
    const german = await core.api.createBooking(annaRequest(third, 3));
    const session = await openStaffSession(core);
    await core.api.updateSettings({ session, language: 'tr' });
    const turkish = await core.api.createBooking(annaRequest(fourth, 4));
    expect([polish.state, german.state, turkish.state]).toEqual(['queued', 'queued', 'queued']);

    expect(followUpLanguages(dataDir)).toEqual({
      [polish.localId]: 'pl',
      [german.localId]: 'de',
      [turkish.localId]: 'tr',
    });
  });

  it('a full disk at that write: the customer still hears the booking is queued', async () => {
    // The disk fills after the booking's own write (the first durable commit of the call).
    let commits = 0;
    let armed = false;
    const diskFull = () => armed && ++commits > 1;
    const { core, upstream, dataDir } = await open(offsetClock(MONDAY_0830), { diskFull });
    const slots = await annaTuesdaySlots(core);
    if (!slots[2]) throw new Error('no free time');
    upstream.proxy.setMode('500');
    armed = true;
    const queued = await core.api.createBooking({ ...annaRequest(slots[2], 5), language: 'uk' });
    armed = false;
    expect(queued.state).toBe('queued');
    expect(commits).toBeGreaterThan(1); // the follow-up's write met the full disk
    expect(followUpLanguages(dataDir)).toEqual({});
    const session = await openStaffSession(core);
    const listed = await core.api.listBookings({ session });
    expect(listed.map((b) => [b.localId, b.state])).toEqual([[queued.localId, 'queued']]);
  });

  /** Every write of a follow-up fails from now on, as a damaged table would (no full disk). */
  function breakFollowUps(dataDir: string): void {
    const db = new Database(join(dataDir, 'kiosk.db'));
    try {
      db.exec(
        "create trigger no_follow_ups before insert on follow_ups begin select raise(abort, 'follow-ups broken'); end",
      );
    } finally {
      db.close();
    }
  }

  it('any other failure at that write: the customer hears the booking is queued, and it is sent once', async () => {
    const { core, upstream, dataDir } = await open(offsetClock(MONDAY_0830));
    const slots = await annaTuesdaySlots(core);
    if (!slots[3]) throw new Error('no free time');
    breakFollowUps(dataDir);
    upstream.proxy.setMode('500');
    const queued = await core.api.createBooking({ ...annaRequest(slots[3], 6), language: 'uk' });
    expect(queued.state).toBe('queued');
    expect(followUpLanguages(dataDir)).toEqual({});

    upstream.proxy.setMode('pass');
    const session = await openStaffSession(core);
    await until(async () => {
      await core.replayer.runOnce();
      const [listed] = await core.api.listBookings({ session });
      return listed?.state === 'sent';
    }, 10_000);
    expect(serverBookings(upstream.dbPath).map((b) => b.time)).toEqual([slots[3].time]);
  });

  it('any other failure at that write during a visit: both services are queued, as the customer hears', async () => {
    const { core, upstream, dataDir } = await open(offsetClock(MONDAY_0830));
    await core.api.getCatalog({});
    const date = '2026-11-24';
    await core.api.getVisitTimes({
      date,
      serviceIds: ['svc-damen-schnitt', 'svc-faerben'],
      employeeId: 'emp-anna',
    });
    await goOffline(core, upstream, 'svc-damen-schnitt');
    breakFollowUps(dataDir);
    const visit = await core.api.createVisit({
      customer: { name: 'Vera Visit', email: 'vera@example.com', phone: '+49 30 555 0199' },
      parts: [
        { serviceId: 'svc-damen-schnitt', employeeId: 'emp-anna', date, time: '09:00' },
        { serviceId: 'svc-faerben', employeeId: 'emp-anna', date, time: '09:45' },
      ],
      language: 'en',
    });
    expect(visit.parts.map((p) => p.outcome === 'booked' && p.result.state)).toEqual([
      'queued',
      'queued',
    ]);
    expect(followUpLanguages(dataDir)).toEqual({});
    const session = await openStaffSession(core);
    expect((await core.api.listBookings({ session })).map((b) => b.state)).toEqual([
      'queued',
      'queued',
    ]);
  });
});
