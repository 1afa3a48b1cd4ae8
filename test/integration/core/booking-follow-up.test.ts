/**
 * A booking the customer was not told is made (queued, or its answer lost) gets a follow-up in
 * their language (notify/: the e-mail if the API refuses it later, the replay's Accept-Language).
 * Which language it keeps, that a booking the API made keeps none, and that a full disk at that
 * write still tells the customer what happened to the booking. Real core, real SQLite, the
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
  offsetClock,
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
});
