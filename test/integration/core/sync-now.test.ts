/**
 * Staff's "Sync now" and settings update (electron/core/host/sync.ts) through the real core on
 * real SQLite, against the reference server behind the fault proxy: what Sync now asks the API
 * (no probe while online, nothing but the probe while the API is away or refuses the key), what it
 * leaves alone (a send under way, a booking staff must check), what it reports and the status it
 * announces; a settings update starts afresh with the API only when the API changed.
 */
import Database from 'better-sqlite3';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { Agent, type Dispatcher } from 'undici';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import type { LocalBooking, SyncStatus } from '../../../shared/kiosk-api';
import {
  annaRequest,
  annaTuesdaySlots,
  type AnnaSlot as Slot,
  CORE_TEST_KEY,
  MONDAY_0830,
  bookAtApi,
  corePerTest,
  kioskFailure,
  offsetClock,
  queuedAfter500,
  serverBookings,
  type startCore,
  until,
  type UpstreamFixture,
  warmUp,
} from '../../support/core/harness';
import { TEST_PIN, openStaffSession } from '../../support/core/staff';
import { timerClock } from '../../support/core/manual-clock';

const clock = offsetClock(MONDAY_0830);
const openRig = corePerTest('fd-sync-now-');

interface Rig {
  c: KioskCoreInternals;
  up: UpstreamFixture;
  session: string;
  /** Status events a subscriber heard, in order. */
  heard: SyncStatus[];
}

async function open(options: Parameters<typeof startCore>[2] = {}): Promise<Rig> {
  const { core: c, upstream: up } = await openRig(clock, { mirrorDays: 2, ...options });
  const session = await openStaffSession(c);
  const heard: SyncStatus[] = [];
  c.events.subscribe((e) => void (e.type === 'status' && heard.push(e.status)));
  return { c, up, session, heard };
}

const liveSlots = (r: Rig) => annaTuesdaySlots(r.c);
const request = annaRequest;

const syncNow = (r: Rig) => r.c.api.syncNow({ session: r.session });

async function booking(r: Rig, localId: string): Promise<LocalBooking> {
  const found = (await r.c.api.listBookings({ session: r.session })).find(
    (b) => b.localId === localId,
  );
  if (!found) throw new Error(`no booking ${localId}`);
  return found;
}

const queued = (r: Rig, slot: Slot, n: number) => queuedAfter500(r.c, r.up, slot, n);

function serverSql(up: UpstreamFixture, sql: string): void {
  const db = new Database(up.dbPath);
  try {
    db.prepare(sql).run();
  } finally {
    db.close();
  }
}

/**
 * A dispatcher that holds the first booking request (POST .../book) until `release()`, and
 * counts the booking requests it let go to the API.
 */
function holdingFirstBooking() {
  const agent = new Agent();
  let release: (() => void) | null = null;
  let held = false;
  let booksSent = 0;
  const dispatcher: Dispatcher = agent.compose((dispatch) => (opts, handler) => {
    if (opts.method !== 'POST' || !opts.path.endsWith('/book')) return dispatch(opts, handler);
    if (!held) {
      held = true;
      release = () => {
        booksSent += 1;
        dispatch(opts, handler);
      };
      return true;
    }
    booksSent += 1;
    return dispatch(opts, handler);
  });
  return {
    dispatcher,
    isHolding: () => release !== null,
    release: () => release?.(),
    booksSent: () => booksSent,
    close: () => agent.close(),
  };
}

describe('Sync now while online', () => {
  it('spends no probe: the only requests are the mirror refresh', async () => {
    const r = await open();
    await liveSlots(r);
    expect((await r.c.api.getSyncStatus({})).online).toBe(true);
    const requests = r.up.proxy.requests();
    const mirrorRequests = r.c.mirror.requests;
    const status = await syncNow(r);
    expect(status.report).toEqual({ result: 'online', sent: 0, stillQueued: 0 });
    // The refresh goes on after the answer: a sweep of our own joins it and ends with it.
    await r.c.mirror.sweep(20);
    expect(r.up.proxy.requests() - requests).toBe(r.c.mirror.requests - mirrorRequests);
  });

  it('leaves a booking whose request is under way alone: it is sent once and ends sent', async () => {
    const hold = holdingFirstBooking();
    try {
      // The booking's own timeout outlasts the held request and Sync now's mirror sweep.
      const r = await open({ dispatcher: hold.dispatcher, bookingTimeoutMs: 10_000 });
      const [slot] = await liveSlots(r);
      const creating = r.c.api.createBooking(request(slot!, 1));
      await until(() => hold.isHolding(), 20_000);

      const status = await syncNow(r);
      expect(status.report).toEqual({ result: 'online', sent: 0, stillQueued: 1 });
      expect(hold.booksSent()).toBe(0); // nothing sent it a second time

      hold.release();
      const result = await creating;
      expect(result.state).toBe('sent');
      await r.c.replayer.runOnce();
      expect(await booking(r, result.localId)).toMatchObject({ state: 'sent', attempts: 1 });
      expect(hold.booksSent()).toBe(1);
      expect(serverBookings(r.up.dbPath)).toHaveLength(1);
    } finally {
      await hold.close();
    }
  });

  it('leaves a booking staff must check as it is: not sent again', async () => {
    // Refused as taken twice (issue 28), with a short pause between: this clock runs at real speed.
    const r = await open({
      replayPolicy: { backoff: { baseMs: 100, capMs: 1_000 }, takenPauseMs: 50 },
    });
    const [slot] = await liveSlots(r);
    // Its request went unanswered (it may exist); another then took the slot: the replay hears
    // "taken", which may be our own booking: staff check it.
    r.up.proxy.setMode('hang');
    const lost = await r.c.api.createBooking(request(slot!, 2));
    expect(lost.state).toBe('unknown');
    r.up.proxy.setMode('pass');
    expect(await bookAtApi(r.up, request(slot!, 902), 'other2@example.com')).toBe(201);
    await until(async () => {
      await r.c.replayer.runOnce();
      return (await booking(r, lost.localId)).state === 'unknown';
    }, 20_000);
    const before = await booking(r, lost.localId);

    const status = await syncNow(r);
    expect(status.report).toEqual({ result: 'online', sent: 0, stillQueued: 0 });
    expect(status.unknown).toBe(1);
    expect(await booking(r, lost.localId)).toEqual(before);
  });

  it('announces the status it ends with: a queue paused for the key runs again once the key works', async () => {
    const r = await open();
    await warmUp(r.c, clock); // the mirror's sweep has nothing to do (and so announces nothing)
    serverSql(r.up, 'update api_keys set revoked_at = 1');
    await liveSlots(r).catch(() => null);
    expect((await r.c.api.getSyncStatus({})).mode).toBe('paused');
    serverSql(r.up, 'update api_keys set revoked_at = null');
    r.heard.splice(0);

    const { report, ...status } = await syncNow(r);
    expect(report.result).toBe('online');
    expect(status.mode).toBe('enabled');
    expect(r.heard.at(-1)).toEqual(status);
  });
});

/** An origin on 127.0.0.1 whose port refuses connections (it was just closed). */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/**
 * A dispatcher that lets booking requests (POST .../book) through until `set` gives it a gate:
 * then each booking request goes to the gate, which sends it (`send`) when it likes.
 */
function bookingGate() {
  const agent = new Agent();
  let gate: ((send: () => void) => void) | null = null;
  const dispatcher: Dispatcher = agent.compose((dispatch) => (opts, handler) => {
    if (gate === null || opts.method !== 'POST' || !opts.path.endsWith('/book'))
      return dispatch(opts, handler);
    gate(() => dispatch(opts, handler));
    return true;
  });
  return {
    dispatcher,
    set: (next: ((send: () => void) => void) | null) => void (gate = next),
    close: () => agent.close(),
  };
}

describe('Sync now while a customer books', () => {
  it("counts what it sent: a customer's booking refused as taken meanwhile is gone, neither sent nor an error", async () => {
    const books = bookingGate();
    try {
      // The customer's request is held past its usual timeout (the test decides when it goes).
      const r = await open({ dispatcher: books.dispatcher, bookingTimeoutMs: 10_000 });
      const slots = await liveSlots(r);
      const [mine, waiting] = [slots[0]!, slots.at(-1)!]; // far apart: neither holds the other's
      const queuedId = await queued(r, waiting, 12);
      let sendCustomer: (() => void) | null = null;
      books.set((send) => void (sendCustomer = send));
      const creating = r.c.api.createBooking(request(mine, 13));
      const told = kioskFailure(creating);
      await until(() => sendCustomer !== null, 20_000);
      // Someone else books the customer's time at the API before the customer's request arrives.
      expect(await bookAtApi(r.up, request(mine, 913), 'other13@example.com')).toBe(201);
      // Sync now's replay of the queued booking goes once the customer has heard the answer.
      books.set((send) => {
        books.set(null);
        sendCustomer?.();
        void creating.catch(() => undefined).then(send);
      });

      const status = await syncNow(r);
      expect((await told).code).toBe('slot_taken');
      expect(status.report).toEqual({ result: 'online', sent: 1, stillQueued: 0 });
      expect(await booking(r, queuedId)).toMatchObject({ state: 'sent' });
      expect((await r.c.api.listBookings({ session: r.session })).map((b) => b.localId)).toEqual([
        queuedId,
      ]);
      expect(
        serverBookings(r.up.dbPath)
          .map((b) => b.email)
          .sort(),
      ).toEqual(['customer12@example.com', 'other13@example.com']);
    } finally {
      await books.close();
    }
  });
});

describe("Sync now and the customer's next lookup", () => {
  it('offline, a lookup waits between its own tries; after Sync now the next one asks the API at once', async () => {
    // A lookup's own tries while offline: one a minute, so the test never outlasts the wait.
    const r = await open({ offlineProbeMs: 60_000 });
    await liveSlots(r); // Anna's Tuesday (2026-11-24) is cached
    r.up.proxy.setMode('down');
    // The first lookup finds the API gone; the second is a lookup's own try while offline.
    await liveSlots(r);
    await liveSlots(r);
    expect((await r.c.api.getSyncStatus({})).online).toBe(false);
    // The next one within the minute answers from the cache without asking.
    const requests = r.up.proxy.requests();
    await liveSlots(r);
    expect(r.up.proxy.requests()).toBe(requests);

    const status = await syncNow(r);
    expect(status.report.result).toBe('offline');
    expect(r.up.proxy.requests() - requests).toBe(1); // its probe
    r.up.proxy.setMode('pass');
    const slots = await r.c.api.getTimeSlots({
      date: '2026-11-24',
      serviceId: 'svc-damen-schnitt',
      employeeId: 'emp-anna',
      fresh: true,
    });
    expect(slots.source).toBe('live');
    expect((await r.c.api.getSyncStatus({})).online).toBe(true);
  });
});

describe('the key working again', () => {
  // Found by the mutation run: an answer with the key the API had refused cleared the status's
  // key error but left the queue paused, so the status said online, Sync now (which resumes only
  // a paused status) sent nothing, and queued bookings waited for a restart.
  it('once the watch hears the API answer again with the key working, what waited for the key is sent', async () => {
    // Timers fire only when the test moves time: the loops run as far as it says.
    const clock = timerClock(MONDAY_0830);
    const { core: c, upstream: up } = await openRig(clock, { mirrorDays: 2, autoStart: true });
    const session = await openStaffSession(c);
    const [slot] = await annaTuesdaySlots(c);
    serverSql(up, 'update api_keys set revoked_at = 1');
    await annaTuesdaySlots(c).catch(() => null);
    expect((await c.api.getSyncStatus({})).mode).toBe('paused');
    expect((await c.api.createBooking(annaRequest(slot!, 14))).state).toBe('queued');
    // The host goes away for half a minute (the watch says offline) and comes back with the
    // key working: the watch's probe gets an answer.
    up.proxy.setMode('down');
    await clock.advance(30_000);
    serverSql(up, 'update api_keys set revoked_at = null');
    up.proxy.setMode('pass');
    await clock.advance(10_000);
    // The queue goes on by itself (the deadline is for a stuck test, not a timing).
    await until(async () => {
      await clock.advance(0);
      return serverBookings(up.dbPath).length === 1;
    }, 20_000);
    const status = await c.api.syncNow({ session });
    expect(status.report).toEqual({ result: 'online', sent: 0, stillQueued: 0 });
    expect(serverBookings(up.dbPath)).toHaveLength(1);
  });
});

describe("Sync now while the minute's budget is spent (issue 30)", () => {
  it('answers at once; the booking goes when the budget returns, and a status event says so', async () => {
    // Timers fire only when the test moves time: a Sync now that waited for the budget would
    // never answer here.
    const clock = timerClock(MONDAY_0830);
    const { core: c, upstream: up } = await openRig(clock, { mirrorDays: 2, autoStart: true });
    const session = await openStaffSession(c);
    const [slot] = await annaTuesdaySlots(c);
    const localId = await queuedAfter500(c, up, slot!, 11);
    await annaTuesdaySlots(c); // a good answer again: online
    // The API's headers say the minute's budget is spent; its window resets in 40 s.
    const governor = c.governor();
    governor.onSend(clock.now(), 'interactive');
    governor.onAnswer(clock.now(), { limit: 60, remaining: 0, resetAt: clock.now() + 40_000 });
    expect(governor.waitMs(clock.now(), 'interactive')).toBeGreaterThan(0);
    const heard: SyncStatus[] = [];
    c.events.subscribe((e) => void (e.type === 'status' && heard.push(e.status)));

    const status = await c.api.syncNow({ session });
    expect(status.report).toEqual({ result: 'online', sent: 0, stillQueued: 1 });
    expect(serverBookings(up.dbPath)).toHaveLength(0);

    await clock.advance(41_000);
    await until(() => serverBookings(up.dbPath).length === 1, 10_000);
    await until(() => heard.some((s) => s.queued === 0), 10_000);
    const list = await c.api.listBookings({ session });
    expect(list.find((b) => b.localId === localId)).toMatchObject({ state: 'sent', attempts: 2 });
  });
});

describe('Sync now while offline with nothing queued', () => {
  it('the kiosk then asks the API every few seconds: online again soon after the API is back', async () => {
    // The API refuses connections while `down` (its host still takes them: the reachability
    // watch asks the API only once a spell, then every 45 s).
    const refused = await closedPort();
    let down = false;
    const agent = new Agent();
    const dispatcher = agent.compose(
      (dispatch) => (opts, handler) =>
        dispatch(down ? { ...opts, origin: refused } : opts, handler),
    );
    try {
      // Timers fire only when the test moves time: the loops run as far as it says.
      const clock = timerClock(MONDAY_0830);
      const { core: c } = await openRig(clock, { mirrorDays: 2, autoStart: true, dispatcher });
      const session = await openStaffSession(c);
      down = true;
      // A minute without the API: the mirror and the watch have found it gone and back off;
      // with nothing queued, the kiosk asks the API itself every 45 s.
      await clock.advance(60_000);
      expect((await c.api.getSyncStatus({})).online).toBe(false);

      const status = await c.api.syncNow({ session });
      expect(status.report).toEqual({ result: 'offline', sent: 0, stillQueued: 0 });
      down = false;
      // Staff asked: the next question comes within seconds, not after the 45 s.
      await clock.advance(5_000);
      await until(async () => (await c.api.getSyncStatus({})).online, 20_000);
    } finally {
      await agent.close();
    }
  });
});

describe('Sync now while the API cannot take the queue', () => {
  it('offline: asks the API once (the probe), tries no booking and reports offline', async () => {
    const r = await open();
    const [slot] = await liveSlots(r);
    const localId = await queued(r, slot!, 3);
    r.up.proxy.setMode('down');
    const before = await booking(r, localId);
    const requests = r.up.proxy.requests();

    const status = await syncNow(r);
    expect(status.report).toEqual({ result: 'offline', sent: 0, stillQueued: 1 });
    expect(status.online).toBe(false);
    expect(r.up.proxy.requests() - requests).toBe(1);
    expect((await booking(r, localId)).attempts).toBe(before.attempts);
  });

  it('an API answering 500 is reported offline, not online', async () => {
    const r = await open();
    const [slot] = await liveSlots(r);
    const localId = await queued(r, slot!, 4);
    r.up.proxy.setMode('500');

    const status = await syncNow(r);
    expect(status.online).toBe(false);
    expect(status.report).toEqual({ result: 'offline', sent: 0, stillQueued: 1 });
    expect((await booking(r, localId)).state).toBe('queued');
  });

  it('a key still refused: reports key_refused, sends nothing with it and leaves the booking waiting out its backoff', async () => {
    // A long backoff: the queued booking is not due again during the test unless woken.
    const r = await open({ replayPolicy: { backoff: { baseMs: 60_000, capMs: 120_000 } } });
    const [slot] = await liveSlots(r);
    const localId = await queued(r, slot!, 5); // the 500 left the kiosk offline
    serverSql(r.up, 'update api_keys set revoked_at = 1');
    const before = await booking(r, localId);
    const requests = r.up.proxy.requests();

    const status = await syncNow(r);
    expect(status.report).toEqual({ result: 'key_refused', sent: 0, stillQueued: 1 });
    expect(status.mode).toBe('paused');
    expect(r.up.proxy.requests() - requests).toBe(1); // the probe, refused
    expect(await booking(r, localId)).toEqual(before);
    expect(r.c.outboxCounts()).toMatchObject({ queued: 1, dueNow: 0 });
  });
});

describe('updateSettings', () => {
  it('a change that leaves the API as it was keeps what the kiosk knows of it', async () => {
    const r = await open();
    await liveSlots(r);
    const before = await r.c.api.getSyncStatus({});
    expect(before.online).toBe(true);
    r.heard.splice(0);

    await r.c.api.updateSettings({ session: r.session, retentionDays: 30, apiKey: CORE_TEST_KEY });
    expect(await r.c.api.getSyncStatus({})).toEqual(before);
    expect(r.heard).toEqual([]);
  });

  it('a new API address is announced at once: nothing is known of that API until it answers', async () => {
    const r = await open();
    await liveSlots(r);
    expect((await r.c.api.getSyncStatus({})).online).toBe(true);
    r.heard.splice(0);

    // The reference server itself instead of the proxy in front of it (the key goes with it).
    await r.c.api.updateSettings({
      session: r.session,
      pin: TEST_PIN, // moving to another host takes the PIN again
      upstreamUrl: r.up.server.url,
      apiKey: CORE_TEST_KEY,
    });
    const status = await r.c.api.getSyncStatus({});
    expect(status).toMatchObject({ online: false, mode: 'offline' });
    expect(r.heard).toEqual([status]);
  });

  it('a new API address is asked at once, not after the backoff the old one earned; the log says so', async () => {
    vi.stubEnv('FRONTDESK_LOG_LEVEL', 'info'); // the test run logs errors only
    try {
      const lines: string[] = [];
      // Timers fire only when the test moves time: the mirror's loop runs as far as it says.
      const clock = timerClock(MONDAY_0830);
      const { core: c, upstream: up } = await openRig(clock, {
        mirrorDays: 2,
        autoStart: true,
        logSink: (line) => lines.push(line),
      });
      const session = await openStaffSession(c);
      // The old API is gone: the mirror's first refresh fails, and it waits 5 s for the next.
      up.proxy.setMode('down');
      await clock.advance(100);
      await until(() => c.mirror.requests === 1, 20_000);
      expect((await c.api.getSyncStatus({})).online).toBe(false);

      await c.api.updateSettings({
        session,
        pin: TEST_PIN,
        upstreamUrl: up.server.url,
        apiKey: CORE_TEST_KEY,
      });
      // Within a second the mirror has asked the new API, which answered: online.
      await clock.advance(1_000);
      await until(async () => (await c.api.getSyncStatus({})).online, 20_000);
      expect(c.mirror.requests).toBeGreaterThan(1);
      expect(up.proxy.requests()).toBe(1); // nothing more went to the old address
      expect(lines.filter((line) => line.includes('re-targeted'))).toEqual([
        expect.stringMatching(/ INFO core: upstream re-targeted \{"kind":"remote"\}$/),
      ]);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
