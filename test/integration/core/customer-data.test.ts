/**
 * Customers' personal data in the kiosk core, against the real reference server through the
 * fault proxy and the real SQLite file: retention erases it from ended bookings (the raw rows,
 * the database file and its WAL), never from queued ones; offline, a booking the cache can
 * tell is not bookable is refused before anything is stored.
 */
import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemTimers, type Clock } from '../../../electron/core/platform/clock';
import { openKioskDb } from '../../../electron/core/db/open';
import { createSqliteOutboxStore } from '../../../electron/core/db/outbox-store';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import type { TimeSlot } from '../../../shared/api/schemas';
import { todayIn } from '../../../shared/booking/time';
import {
  MONDAY_0830,
  bookingRequest,
  freeSlotAhead,
  makeTempDir,
  startCore,
  startUpstream,
  type UpstreamFixture,
  kioskFailure as failure,
} from '../../support/core/harness';
import { outboxEntry } from '../../support/core/outbox-entry';
import { openStaffSession } from '../../support/core/staff';

const DATE = '2026-11-24'; // Tuesday
const SERVICE = 'svc-damen-schnitt';
const DAY = 86_400_000;

/** Real-speed time from MONDAY_0830 that the test can move forward (core and server alike). */
function movableClock(): Clock & { server: () => number; jump(ms: number): void } {
  let offset = MONDAY_0830 - Date.now();
  const now = () => Date.now() + offset;
  return { ...systemTimers, now, server: now, jump: (ms) => void (offset += ms) };
}

let temp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
let core: KioskCoreInternals | null = null;
let clock: ReturnType<typeof movableClock>;
let dataDir: string;

beforeEach(async () => {
  temp = makeTempDir('fd-customer-');
  dataDir = join(temp.dir, 'kiosk');
  clock = movableClock();
  upstream = await startUpstream(temp.dir, {
    clock: clock.server,
    rateLimit: { perMinute: 6000, perDay: 100_000 },
  });
});

afterEach(async () => {
  await core?.close();
  core = null;
  await upstream.close();
  temp.remove();
});

async function openCore(): Promise<KioskCoreInternals> {
  core = await startCore(dataDir, upstream.proxy.url, { clock, mirrorDays: 2 });
  return core;
}

async function freeSlots(c: KioskCoreInternals): Promise<(TimeSlot & { employeeId: string })[]> {
  const { timeSlots } = await c.api.getTimeSlots({
    date: DATE,
    serviceId: SERVICE,
    employeeId: 'emp-anna',
  });
  return timeSlots.filter(
    (s): s is TimeSlot & { employeeId: string } => s.available && s.employeeId !== undefined,
  );
}

/** Marks the core offline (two failed lookups), as the outbox-faults tests do. */
async function goOffline(c: KioskCoreInternals): Promise<void> {
  upstream.proxy.setMode('down');
  await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', fresh: true });
  await c.api.getTimeSlots({ date: DATE, serviceId: SERVICE, employeeId: 'emp-anna', fresh: true });
  expect((await c.api.getSyncStatus({})).online).toBe(false);
}

/** Every byte SQLite keeps for the kiosk: the database file and its WAL. */
function onDisk(): string {
  const files = ['kiosk.db', 'kiosk.db-wal']
    .map((f) => join(dataDir, f))
    .filter((f) => existsSync(f));
  return files.map((f) => readFileSync(f).toString('latin1')).join('\n');
}

interface RawRow {
  local_id: string;
  state: string;
  request: string;
  booking: string | null;
  erased_at: number | null;
}

function rawOutbox(): RawRow[] {
  const db = new Database(join(dataDir, 'kiosk.db'), { readonly: true });
  try {
    return db
      .prepare('select local_id, state, request, booking, erased_at from outbox')
      .all() as RawRow[];
  } finally {
    db.close();
  }
}

const addHour = (time: string): string =>
  `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}${time.slice(2)}`;
const customer = (n: number) => ({
  name: `Erika Retention${n}`,
  email: `erika.retention${n}@example.com`,
  phone: '+49 30 555 0101',
});

describe('customer data in the kiosk core', () => {
  it('erases ended bookings after 14 days from the rows, the file and the WAL; queued ones keep theirs', async () => {
    const c = await openCore();
    const slots = await freeSlots(c);
    const first = slots[0];
    // An hour later: the 45-minute booking at `first` holds the slots up to then.
    const second = slots.find((s) => first !== undefined && s.time >= addHour(first.time));
    if (!first || !second) throw new Error('no free slots');
    const sent = await c.api.createBooking({
      serviceId: SERVICE,
      employeeId: 'emp-anna',
      date: DATE,
      time: first.time,
      customer: customer(1),
      notes: 'Retention note one',
    });
    expect(sent.state).toBe('sent');
    const appointmentNumber = sent.booking?.appointmentNumber;
    expect(appointmentNumber).toMatch(/^[A-Z]-\d{6,}$/);
    await goOffline(c);
    const queued = await c.api.createBooking({
      serviceId: SERVICE,
      employeeId: 'emp-anna',
      date: DATE,
      time: second.time,
      customer: customer(2),
    });
    expect(queued.state).toBe('queued');
    await c.close();
    // The customer's data is on disk now (so the checks below can fail).
    expect(onDisk()).toContain('erika.retention1@example.com');

    clock.jump(13 * DAY);
    await openCore();
    expect(rawOutbox().find((r) => r.local_id === sent.localId)?.erased_at).toBeNull();
    await core?.close();

    clock.jump(DAY + 60_000);
    const reopened = await openCore();
    const rows = rawOutbox();
    const sentRow = rows.find((r) => r.local_id === sent.localId);
    const queuedRow = rows.find((r) => r.local_id === queued.localId);
    expect(sentRow?.state).toBe('sent');
    expect(sentRow?.erased_at).not.toBeNull();
    expect(sentRow?.request).not.toMatch(/Retention1|erika\.retention1|Retention note/);
    expect(sentRow?.booking).not.toMatch(/Retention1|erika\.retention1/);
    expect(JSON.parse(sentRow?.request ?? '{}')).toMatchObject({
      serviceId: SERVICE,
      employeeId: 'emp-anna',
      date: DATE,
      time: first.time,
    });
    expect(JSON.parse(sentRow?.booking ?? '{}')).toMatchObject({ appointmentNumber });
    expect(queuedRow?.erased_at).toBeNull();
    expect(queuedRow?.request).toContain('erika.retention2@example.com');

    const bytes = onDisk();
    for (const gone of ['Erika Retention1', 'erika.retention1@example.com', 'Retention note one'])
      expect(bytes).not.toContain(gone);
    expect(bytes).toContain('erika.retention2@example.com');
    expect(bytes).toContain(appointmentNumber);

    // Callers still read it: same reference and appointment number, placeholders instead of data.
    const listed = await reopened.api.listBookings({ session: await openStaffSession(reopened) });
    const mine = listed.find((b) => b.localId === sent.localId);
    expect(mine?.booking?.appointmentNumber).toBe(appointmentNumber);
    expect(mine?.request.customer.email).toBe('erased@erased.invalid');
    expect(mine?.erased).toBe(true);
    expect(listed.find((b) => b.localId !== sent.localId)?.erased).toBe(false);
  });

  it("erases the embedded demo server's customers too, once their appointment and the retention days have passed", async () => {
    // The embedded server books on its own (real) clock: Anna's first free slot at least three
    // days from now, real time.
    const realClock = movableClock();
    realClock.jump(Date.now() - realClock.now());
    const open = () =>
      startCore(dataDir, 'unused', { upstreamUrl: null, clock: realClock, mirrorDays: 2 });
    const c = await open();
    core = c;
    const slot = await freeSlotAhead(c, { serviceId: SERVICE, employeeId: 'emp-anna' });
    const ahead = (Date.parse(slot.date) - Date.parse(todayIn('Europe/Berlin', Date.now()))) / DAY;
    const booked = await c.api.createBooking({
      serviceId: SERVICE,
      employeeId: 'emp-anna',
      date: slot.date,
      time: slot.time,
      customer: customer(7),
      notes: 'Embedded note seven',
    });
    expect(booked.state).toBe('sent');
    await c.close();
    core = null;
    const serverFiles = (): string =>
      ['embedded-server.db', 'embedded-server.db-wal']
        .map((f) => join(dataDir, f))
        .filter((f) => existsSync(f))
        .map((f) => readFileSync(f).toString('latin1'))
        .join('\n');
    const serverCustomers = (): { name: string; email: string; phone: string }[] => {
      const db = new Database(join(dataDir, 'embedded-server.db'), { readonly: true });
      try {
        return db.prepare('select name, email, phone from customers').all() as {
          name: string;
          email: string;
          phone: string;
        }[];
      } finally {
        db.close();
      }
    };
    expect(serverCustomers()).toContainEqual({
      name: 'Erika Retention7',
      email: 'erika.retention7@example.com',
      phone: '+49 30 555 0101',
    });

    // 14 days after creation the appointment (`ahead` days ahead) is not 14 days past yet: kept.
    realClock.jump((ahead + 12) * DAY);
    core = await open();
    await core.close();
    core = null;
    expect(serverCustomers().map((row) => row.email)).toContain('erika.retention7@example.com');

    realClock.jump(3 * DAY);
    core = await open();
    await core.close();
    core = null;
    expect(serverCustomers()).toContainEqual({ name: '', email: '', phone: '' });
    const bytes = serverFiles();
    for (const gone of ['Erika Retention7', 'erika.retention7@example.com', 'Embedded note seven'])
      expect(bytes).not.toContain(gone);
    expect(bytes).toContain(booked.booking?.appointmentNumber ?? 'no appointment number');
  });

  it('offline, refuses what the cache can tell is not bookable and stores nothing', async () => {
    const c = await openCore();
    const [slot] = await freeSlots(c);
    if (!slot) throw new Error('no free slot');
    await goOffline(c);
    const base = {
      serviceId: SERVICE,
      employeeId: 'emp-anna',
      date: DATE,
      time: slot.time,
      customer: customer(3),
    };
    const refusals: [string, object][] = [
      ['this day is already past', { date: '2026-11-22' }],
      ['this time is already past', { date: '2026-11-23', time: '08:00' }], // it is 08:30 in Berlin
      ['unknown service', { serviceId: 'svc-does-not-exist' }],
      ['unknown employee', { employeeId: 'emp-does-not-exist' }],
    ];
    for (const [message, change] of refusals) {
      const refused = await failure(c.api.createBooking({ ...base, ...change }));
      expect([refused.code, refused.message]).toEqual(['invalid_input', message]);
    }
    expect(rawOutbox()).toHaveLength(0);
    expect(onDisk()).not.toContain('erika.retention3@example.com');
    // The same request for a bookable slot is queued: the refusals were about their data.
    expect((await c.api.createBooking(base)).state).toBe('queued');
    expect(rawOutbox()).toHaveLength(1);
  });

  it('the API not answering (down, not yet known offline): a past time is refused, nothing kept', async () => {
    const c = await openCore();
    await c.api.getCatalog({});
    expect((await c.api.getSyncStatus({})).online).toBe(true);
    upstream.proxy.setMode('down');
    const refused = await failure(
      c.api.createBooking({
        serviceId: SERVICE,
        employeeId: 'emp-anna',
        date: '2026-11-23',
        time: '08:00',
        customer: customer(4),
      }),
    );
    expect([refused.code, refused.message]).toEqual(['invalid_input', 'this time is already past']);
    expect(rawOutbox()).toHaveLength(0);
  });

  it("also erases on the core's 60 s checkpoint timer, with the retentionDays it was given", async () => {
    const db = openKioskDb({ dataDir });
    const request = bookingRequest(
      { date: DATE, time: '10:00', serviceId: SERVICE, employeeId: 'emp-anna' },
      5,
    );
    createSqliteOutboxStore(db).insert(
      outboxEntry({
        localId: 'ended-1',
        idempotencyKey: 'k-ended-1',
        request,
        hold: { employeeId: 'emp-anna', date: DATE, time: '10:00', durationMinutes: 45 },
        state: 'rejected',
        attempts: 1,
        lastError: { status: 400, message: 'refused' },
        nextAttemptAt: MONDAY_0830,
        firstAttemptAt: MONDAY_0830,
        createdAt: MONDAY_0830,
        updatedAt: MONDAY_0830,
      }),
    );
    db.$client.close();
    // A clock the test drives: timers are kept, and only the checkpoint's (60 s) is fired.
    let now = MONDAY_0830 + 2 * DAY;
    const timers: { ms: number; run: () => void }[] = [];
    const manual: Clock = {
      now: () => now,
      setTimeout: (run, ms) => {
        const timer = { ms, run };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (handle) =>
        void timers.splice(timers.indexOf(handle as (typeof timers)[number]), 1),
    };
    core = await startCore(dataDir, 'http://127.0.0.1:9', {
      clock: manual,
      autoStart: true,
      retentionDays: 3,
    });
    expect(rawOutbox()[0]?.erased_at).toBeNull(); // ended two days ago
    const fireCheckpoint = (): void => {
      const checkpoint = timers.find((t) => t.ms === 60_000);
      if (!checkpoint) throw new Error('no checkpoint timer');
      timers.splice(timers.indexOf(checkpoint), 1);
      checkpoint.run();
    };
    now += DAY - 1;
    fireCheckpoint();
    expect(rawOutbox()[0]?.erased_at).toBeNull();
    now += 1;
    fireCheckpoint();
    expect(rawOutbox()[0]?.erased_at).toBe(now);
    expect(rawOutbox()[0]?.request).not.toContain(request.customer.email);
  });
});
