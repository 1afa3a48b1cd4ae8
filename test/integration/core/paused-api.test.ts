/**
 * Lost answers settle by themselves against an API that keeps its keys (issue 28, major 3):
 * the API stops (SIGSTOP, here the fault proxy's 'pause': every request held whole and handed
 * over when it wakes) while five customers book. Each customer's answer is lost; when the API
 * wakes it books all five and sends their confirmation mails (held by a slow mail server),
 * during which it answers a re-send under the same key 409 "still being processed". The kiosk
 * waits a pause and sends again: all five end `sent` without staff, one booking each upstream.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { TAKEN_ONCE, TAKEN_PAUSE_MS } from '../../../electron/core/outbox/transitions';
import { startServer, type RunningServer } from '../../../server/start-server';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import {
  annaRequest,
  annaTuesdaySlots,
  CORE_TEST_KEY,
  makeTempDir,
  serverBookings,
  startCore,
  until,
} from '../../support/core/harness';
import { manualClock } from '../../support/core/manual-clock';
import { openStaffSession } from '../../support/core/staff';
import { startSmtpSink, type SmtpSink } from '../../support/server/smtp-sink';

const MONDAY_1000 = Date.parse('2026-11-23T09:00:00Z');

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

interface Rig {
  core: KioskCoreInternals;
  proxy: FaultProxy;
  server: RunningServer;
  sink: SmtpSink;
  dbPath: string;
  clock: ReturnType<typeof manualClock>;
  openMail(): void;
}

async function rig(): Promise<Rig> {
  const temp = makeTempDir('fd-paused-api-');
  cleanup.push(() => Promise.resolve(temp.remove()));
  const clock = manualClock(MONDAY_1000);
  let openMail = () => {};
  const gate = new Promise<void>((resolve) => (openMail = resolve));
  const sink = await startSmtpSink({ gate });
  cleanup.push(() => sink.close());
  const dbPath = join(temp.dir, 'server.db');
  const server = await startServer({
    port: 0,
    dbPath,
    seed: 'demo',
    keys: [{ key: CORE_TEST_KEY, scope: 'book' }],
    rateLimit: { perMinute: 6000, perDay: 100_000 },
    clock: () => clock.now(),
    smtpUrl: sink.url,
    mailBudgetMs: 60_000, // the mail server decides when a confirmation is done
  });
  cleanup.push(() => server.close());
  const proxy = await startFaultProxy({ target: server.url, clock: () => clock.now() });
  cleanup.push(() => proxy.close());
  const core = await startCore(join(temp.dir, 'kiosk'), proxy.url, { clock, mirrorDays: 2 });
  cleanup.push(() => core.close());
  return { core, proxy, server, sink, dbPath, clock, openMail };
}

/** Whether the API has finished every booking's confirmation (its stored answers say so). */
function mailsDone(dbPath: string, count: number): boolean {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db.prepare('select response from idempotency_records').all() as {
      response: string;
    }[];
    return rows.filter((r) => r.response.includes('"emailSent":true')).length === count;
  } finally {
    db.close();
  }
}

describe('a paused API while five customers book', () => {
  it('all five end sent without a staff action, one booking each at the API', async () => {
    const opened = await rig();
    const { core, proxy, dbPath, clock } = opened;
    // Five of Anna's free hours: 45-minute cuts that cannot overlap.
    const slots = (await annaTuesdaySlots(core)).filter((s) => s.time.endsWith(':00')).slice(0, 5);
    expect(slots).toHaveLength(5);
    const requests = slots.map((slot, i) => annaRequest(slot, i + 1));

    proxy.setMode('pause');
    const told = await Promise.all(requests.map((r) => core.api.createBooking(r)));
    // Each answer was lost: "we are checking", never "taken".
    expect(told.map((t) => t.state)).toEqual(Array(5).fill('unknown'));
    // The kiosk tries again while the API still sleeps: those requests are held as well.
    clock.advance(60_000);
    await core.replayer.runOnce();

    // The API wakes: it books all five, and sends their mails (held by the mail server).
    proxy.setMode('pass');
    await until(() => Promise.resolve(serverBookings(dbPath).length === 5), 10_000);
    clock.advance(60_000);
    await core.replayer.runOnce();
    const staff = async () => core.api.listBookings({ session: await openStaffSession(core) });
    // Re-sent under their keys while the first requests were still in progress: refused as
    // taken (409), and waiting a pause rather than going to staff.
    const waiting = await staff();
    expect(waiting.map((b) => [b.state, b.lastError?.message])).toEqual(
      Array(5).fill(['queued', TAKEN_ONCE]),
    );
    expect((await core.api.getSyncStatus({})).unknown).toBe(0);

    opened.openMail();
    await until(() => Promise.resolve(mailsDone(dbPath, 5)), 10_000);
    clock.advance(TAKEN_PAUSE_MS);
    await core.replayer.runOnce();

    const settled = await staff();
    expect(settled.map((b) => b.state)).toEqual(Array(5).fill('sent'));
    const booked = serverBookings(dbPath);
    expect(booked.map((b) => b.email).sort()).toEqual(requests.map((r) => r.customer.email).sort());
    // Each kiosk booking carries the API's own booking id.
    expect(settled.map((b) => b.booking?.bookingId).sort()).toEqual(booked.map((b) => b.id).sort());
  });

  it('the kiosk coming back online during the pause does not cut it short', async () => {
    const opened = await rig();
    const { core, proxy, dbPath, clock } = opened;
    const slots = (await annaTuesdaySlots(core)).filter((s) => s.time.endsWith(':00')).slice(0, 5);
    const requests = slots.map((slot, i) => annaRequest(slot, i + 1));
    proxy.setMode('pause');
    await Promise.all(requests.map((r) => core.api.createBooking(r)));
    proxy.setMode('pass');
    await until(() => Promise.resolve(serverBookings(dbPath).length === 5), 10_000);
    clock.advance(60_000);
    await core.replayer.runOnce();
    const staff = async () => core.api.listBookings({ session: await openStaffSession(core) });
    expect((await staff()).map((b) => b.lastError?.message)).toEqual(Array(5).fill(TAKEN_ONCE));

    // A lookup finds the API gone, the next one finds it back: "back online" wakes the queue,
    // but not these five (the API is still at their first requests, sending the mails).
    const day = {
      date: '2026-11-24',
      serviceId: 'svc-damen-schnitt',
      employeeId: 'emp-anna',
      fresh: true,
    };
    proxy.setMode('down');
    await core.api.getTimeSlots(day);
    expect((await core.api.getSyncStatus({})).online).toBe(false);
    proxy.setMode('pass');
    await core.api.getTimeSlots(day);
    expect((await core.api.getSyncStatus({})).online).toBe(true);
    await core.replayer.runOnce();
    expect((await staff()).map((b) => [b.state, b.lastError?.message])).toEqual(
      Array(5).fill(['queued', TAKEN_ONCE]),
    );

    opened.openMail();
    await until(() => Promise.resolve(mailsDone(dbPath, 5)), 10_000);
    clock.advance(TAKEN_PAUSE_MS);
    await core.replayer.runOnce();
    expect((await staff()).map((b) => b.state)).toEqual(Array(5).fill('sent'));
    expect(serverBookings(dbPath)).toHaveLength(5);
  });
});
