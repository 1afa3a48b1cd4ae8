/**
 * One booking through booking/booking.ts with the kiosk's real SQLite, the in-memory outbox,
 * the real lookups, send path and live gate, against a scripted API (a test double of the
 * upstream client): what the customer hears and what the replayer and the screens are told,
 * online and offline, and when the appointment's time passes while the kiosk waits.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  type BookingDeps,
  createBookingApi,
  createBookingSteps,
  type BookingSteps,
} from '../../../electron/core/booking/booking';
import { createVisitApi } from '../../../electron/core/booking/visit';
import { createLookups } from '../../../electron/core/catalog/lookups';
import { saveCatalog, saveTimeSlots } from '../../../electron/core/db/mirror-repo';
import { openKioskDb, type KioskDb } from '../../../electron/core/db/open';
import { createLiveGate } from '../../../electron/core/engine/live-gate';
import { createLogger } from '../../../electron/core/platform/log';
import { createSendPath } from '../../../electron/core/outbox/send';
import { createMemoryOutboxStore, type OutboxStore } from '../../../electron/core/outbox/store';
import type { UpstreamClient } from '../../../electron/core/upstream/client';
import type { UpstreamOutcome } from '../../../electron/core/upstream/outcome';
import type {
  BookingRequest,
  BookingResponse,
  Employee,
  Service,
  TimeSlot,
} from '../../../shared/api/schemas';
import type { SyncStatus } from '../../../shared/kiosk-data';
import type { Settings } from '../../../shared/kiosk-staff';
import { KioskFailure } from '../../../shared/result';
import { apiEmployee, apiService } from '../../support/api-fixtures';
import { makeTempDir } from '../../support/core/harness';
import { manualClock, type ManualClock } from '../../support/core/manual-clock';
import { upstreamDouble } from '../../support/core/upstream-double';

const MONDAY_1000 = Date.parse('2026-11-23T09:00:00Z'); // 10:00 in Berlin
const DATE = '2026-11-24';
const meta = { rateLimit: null, serverDate: null, receivedAt: 0 };
const ok = <T>(data: T, status = 200): UpstreamOutcome<T> => ({ kind: 'ok', status, data, meta });
const SERVICES: Service[] = [apiService('svc'), apiService('svc-colour')];
const EMPLOYEES: Employee[] = [apiEmployee('emp')];

const request = (over: Partial<BookingRequest> = {}): BookingRequest => ({
  serviceId: 'svc',
  employeeId: 'emp',
  date: DATE,
  time: '10:00',
  customer: { name: 'Erika Muster', email: 'erika@example.com', phone: '+49 30 1234' },
  ...over,
});

const booked: BookingResponse = {
  bookingId: 'b-1',
  appointmentNumber: 'A-000001',
  service: { title: 'svc', duration: 30 },
  employee: { name: 'emp', email: 'emp@example.com' },
  appointment: { date: DATE, time: '10:00', endTime: '10:30' },
  customer: { name: 'Erika Muster', email: 'erika@example.com', customerNumber: 'C-1' },
  status: 'confirmed',
  emailSent: true,
};

interface RigOptions {
  book?: () => Promise<UpstreamOutcome<BookingResponse>>;
  getServices?: UpstreamClient['getServices'];
  appointmentPassed?: boolean;
  /**
   * The kiosk knows it is offline (status.offlineSince); `probed`: a request tried the API a
   * moment ago, so the next may not (engine/live-gate.ts).
   */
  offline?: 'probed' | 'probe due';
  store?: (memory: OutboxStore) => OutboxStore;
}

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup) fn();
  cleanup = [];
});

function rig(options: RigOptions = {}) {
  const temp = makeTempDir('fd-booking-steps-');
  const db = openKioskDb({ dataDir: temp.dir });
  cleanup.push(() => {
    db.$client.close();
    temp.remove();
  });
  const clock = manualClock(MONDAY_1000);
  const memory = createMemoryOutboxStore();
  const inserted: string[] = [];
  const recording: OutboxStore = {
    ...memory,
    insertIfFree: (entry, check) => {
      inserted.push(entry.localId);
      return memory.insertIfFree(entry, check);
    },
  };
  const store = options.store ? options.store(recording) : recording;
  const status = {
    skewMs: 0,
    paused: false,
    offlineSince: options.offline ? MONDAY_1000 - 60_000 : null,
  };
  const gate = createLiveGate({ clock, status });
  if (options.offline === 'probed') gate.mayGoLive();
  const client = upstreamDouble({
    book: options.book ?? (() => Promise.resolve(ok(booked, 201))),
    getServices: options.getServices ?? (() => Promise.resolve(ok(SERVICES))),
    getEmployees: () => Promise.resolve(ok(EMPLOYEES)),
    getTimeSlots: (query) => Promise.resolve(ok({ date: query.date, timeSlots: [] })),
  });
  const heard: string[] = [];
  const logged: string[] = [];
  const replayer = { pauses: 0, pokes: 0 };
  const lookups = createLookups({
    db,
    store,
    clock,
    timeZone: 'Europe/Berlin',
    client: () => client,
    events: { emit: () => undefined },
    gate,
  });
  const send = createSendPath({
    store,
    client: () => client,
    clock,
    random: () => 0.5,
    appointmentPassed: () => options.appointmentPassed ?? false,
  });
  const deps: BookingDeps = {
    db,
    store,
    clock,
    timeZone: 'Europe/Berlin',
    status,
    statusEvents: { snapshot: () => ({ upstream: 'embedded' }) as SyncStatus },
    events: {
      emit: (type, payload) =>
        void heard.push(
          'entry' in payload
            ? `${type} ${payload.entry.state}`
            : `${type} ${payload.localId === inserted[0]}`,
        ),
    },
    replayer: {
      pause: () => void (replayer.pauses += 1),
      poke: () => void (replayer.pokes += 1),
    },
    send,
    settings: { hasPin: () => true, get: () => ({ language: 'de' }) as Settings },
    gate,
    log: createLogger('core', { level: 'debug', sink: (line) => logged.push(line) }),
  };
  const steps = createBookingSteps(deps, lookups);
  const visits = createVisitApi(deps, lookups, steps);
  return { db, clock, memory, steps, visits, heard, replayer, logged };
}

/** The day's cached `any` list, fetched now: what an offline booking is checked against. */
function cacheDay(db: KioskDb, slots: TimeSlot[], at = MONDAY_1000): void {
  saveCatalog(db, SERVICES, EMPLOYEES, at);
  saveTimeSlots(db, { date: DATE, serviceId: 'svc' }, { date: DATE, timeSlots: slots }, at);
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('a booking the API answers at once', () => {
  it('sent: the customer gets the booking; the screens hear it, the replayer has nothing to do', async () => {
    const { steps, heard, replayer } = rig();
    const result = await steps.book(request(), 'de');
    expect(result).toMatchObject({ state: 'sent', booking: { appointmentNumber: 'A-000001' } });
    expect(heard).toEqual(['booking.changed sent']);
    expect(replayer).toEqual({ pauses: 0, pokes: 0 });
  });

  it('refused as taken: the customer hears it at once, the entry is dropped by its id', async () => {
    const { steps, heard, replayer } = rig({
      book: () =>
        Promise.resolve({ kind: 'http', status: 409, message: 'Slot already booked', meta }),
    });
    const error = await failure(steps.book(request(), 'de'));
    expect(error).toBeInstanceOf(KioskFailure);
    expect((error as KioskFailure).code).toBe('slot_taken');
    expect(heard).toEqual(['booking.dropped true']);
    expect(replayer).toEqual({ pauses: 0, pokes: 0 });
  });

  it('our key refused: the booking is queued, the queue paused and then woken', async () => {
    const { steps, heard, replayer } = rig({
      book: () => Promise.resolve({ kind: 'http', status: 401, message: 'bad key', meta }),
    });
    expect((await steps.book(request(), 'de')).state).toBe('queued');
    expect(heard).toEqual(['booking.changed queued']);
    expect(replayer).toEqual({ pauses: 1, pokes: 1 });
  });

  it('a write that fails for another reason than a full disk is not called a full disk', async () => {
    const { steps } = rig({
      store: (memory) => ({
        ...memory,
        insertIfFree: () => {
          throw new Error('SQLITE_IOERR: disk I/O error');
        },
      }),
    });
    await expect(steps.book(request(), 'de')).rejects.toThrow('SQLITE_IOERR');
  });
});

describe('no answer and the appointment time passed meanwhile', () => {
  it('not sent: the booking is refused for staff to follow up, not thrown at the customer', async () => {
    const { steps, heard } = rig({
      appointmentPassed: true,
      book: () => Promise.resolve({ kind: 'network', reason: 'connect', message: 'refused' }),
    });
    expect((await steps.book(request(), 'de')).state).toBe('rejected');
    expect(heard).toEqual(['booking.changed rejected']);
  });

  it('the answer lost: the booking may exist, staff check it', async () => {
    const { steps } = rig({
      appointmentPassed: true,
      book: () => Promise.resolve({ kind: 'network', reason: 'timeout', message: 'timeout' }),
    });
    expect((await steps.book(request(), 'de')).state).toBe('unknown');
  });
});

describe('offline: checked against the cached day, then queued', () => {
  it('queued with its visit, announced, and the replayer woken', async () => {
    const { db, steps, heard, replayer, memory } = rig({ offline: 'probed' });
    cacheDay(db, [{ time: '10:00', available: true, employeeId: 'emp' }]);
    const result = await steps.book(request(), 'de', { visitId: 'visit-1', keepRefused: true });
    expect(result).toMatchObject({ state: 'queued', booking: null });
    expect(memory.get(result.localId)).toMatchObject({ state: 'queued', visitId: 'visit-1' });
    expect(heard).toEqual(['booking.changed queued']);
    expect(replayer).toEqual({ pauses: 0, pokes: 1 });
  });

  it('a time the cached day has taken for the person is refused, nothing queued', async () => {
    const { db, steps, memory } = rig({ offline: 'probed' });
    cacheDay(db, [{ time: '10:00', available: false, employeeId: 'emp' }]);
    const error = await failure(steps.book(request(), 'de'));
    expect((error as KioskFailure).code).toBe('slot_taken');
    expect(memory.list()).toEqual([]);
  });

  it("a time the person's own cached list has taken for them is refused, nothing queued", async () => {
    // An API that names the person on a taken time of their own list (ours leaves it out).
    const { db, steps, memory } = rig({ offline: 'probed' });
    saveCatalog(db, SERVICES, EMPLOYEES, MONDAY_1000);
    saveTimeSlots(
      db,
      { date: DATE, serviceId: 'svc', employeeId: 'emp' },
      { date: DATE, timeSlots: [{ time: '10:00', available: false, employeeId: 'emp' }] },
      MONDAY_1000,
    );
    const error = await failure(steps.book(request(), 'de'));
    expect((error as KioskFailure).code).toBe('slot_taken');
    expect(memory.list()).toEqual([]);
  });

  it('a time that passes while the kiosk looks the service up is refused, nothing queued', async () => {
    // Nothing cached but the day: the service is asked for (live, once per probe interval).
    const clock: { ref?: ManualClock } = {};
    const {
      db,
      steps,
      memory,
      clock: c,
    } = rig({
      offline: 'probe due',
      getServices: () => {
        clock.ref?.advance(1_000); // the API answers a second later: 10:00 has passed
        return Promise.resolve(ok(SERVICES));
      },
    });
    clock.ref = c;
    c.set(Date.parse('2026-11-24T08:59:59.500Z')); // 09:59:59.5 in Berlin
    saveTimeSlots(
      db,
      { date: DATE, serviceId: 'svc' },
      { date: DATE, timeSlots: [{ time: '10:00', available: true, employeeId: 'emp' }] },
      c.now(),
    );
    const error = await failure(steps.book(request(), 'de'));
    expect(error).toBeInstanceOf(KioskFailure);
    expect((error as KioskFailure).code).toBe('invalid_input');
    expect(memory.list()).toEqual([]);
  });
});

/** The follow-up table made unwritable for another reason than a full disk. */
const breakFollowUps = (db: KioskDb) => db.$client.exec('DROP TABLE follow_ups');

describe('the follow-up of a booking not sent at once', () => {
  const queued: BookingSteps = {
    cacheRefusal: () => null,
    cachedSlotCheck: () => null,
    book: () => Promise.resolve({ localId: 'l-1', reference: 'R', state: 'queued', booking: null }),
  };

  it('a follow-up that cannot be written for another reason than a full disk: the customer still hears the booking is queued', async () => {
    const { db, clock } = rig();
    const logged: string[] = [];
    const api = createBookingApi(
      {
        db,
        clock,
        timeZone: 'Europe/Berlin',
        settings: { hasPin: () => true, get: () => ({ language: 'de' }) as Settings },
        log: createLogger('core', { level: 'debug', sink: (line) => logged.push(line) }),
      },
      queued,
    );
    breakFollowUps(db);
    await expect(api.createBooking(request())).resolves.toMatchObject({
      localId: 'l-1',
      state: 'queued',
    });
    // Staff and IT read why, by the booking's id, never the customer's details.
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/ ERROR core: follow-up not kept .*"localId":"l-1".*no such table/);
    expect(logged[0]).not.toContain(request().customer.name);
    expect(logged[0]).not.toContain(request().customer.email);
  });
});

describe('a visit', () => {
  const visit = {
    customer: request().customer,
    parts: [
      { serviceId: 'svc', employeeId: 'emp', date: DATE, time: '10:00' },
      { serviceId: 'svc-colour', employeeId: 'emp', date: DATE, time: '10:30' },
    ],
  };

  it('a later service failing on an unexpected error is refused as internal; the first stays booked', async () => {
    let inserts = 0;
    const { visits } = rig({
      store: (memory) => ({
        ...memory,
        insertIfFree: (entry, check) => {
          inserts += 1;
          if (inserts === 2) throw new Error('SQLITE_IOERR: disk I/O error');
          return memory.insertIfFree(entry, check);
        },
      }),
    });
    const result = await visits.createVisit(visit);
    expect(result.parts).toMatchObject([
      { outcome: 'booked', serviceId: 'svc', result: { state: 'sent' } },
      {
        outcome: 'refused',
        serviceId: 'svc-colour',
        error: { code: 'internal', message: 'this service could not be booked' },
      },
    ]);
  });

  it('queued, with a follow-up that cannot be written for another reason than a full disk: the customer hears both are queued', async () => {
    const { db, visits, logged } = rig({
      book: () => Promise.resolve({ kind: 'network', reason: 'connect', message: 'refused' }),
    });
    breakFollowUps(db);
    const told = await visits.createVisit(visit);
    expect(told.parts.map((p) => p.outcome === 'booked' && p.result.state)).toEqual([
      'queued',
      'queued',
    ]);
    expect(logged.filter((line) => / follow-up not kept /.test(line))).toHaveLength(2);
  });
});
