/**
 * Issue 17, case 3: a poison row is set aside, not the queue. One queued row's JSON is damaged
 * by SQL; the real core replays the others to `sent` on the real reference server, and staff
 * see the damaged one `quarantined` with what can be read of it, its bytes kept on disk.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { freeSlots, queueBookings } from '../../support/core/crash-run';
import {
  kioskFailure,
  makeTempDir,
  serverBookings,
  startCore,
  startUpstream,
  until,
  type UpstreamFixture,
} from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';

const DAMAGED = '{"serviceId":"svc-bart","customer":{"name":"Test Cust'; // cut off mid-write

let temp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
let core: KioskCoreInternals | null = null;
let dataDir: string;

beforeEach(async () => {
  temp = makeTempDir('fd-poison-');
  upstream = await startUpstream(temp.dir, { rateLimit: { perMinute: 6000, perDay: 100_000 } });
  dataDir = join(temp.dir, 'kiosk');
});

afterEach(async () => {
  await core?.close();
  core = null;
  await upstream.close();
  temp.remove();
});

function onDisk(sql: string, ...params: unknown[]): unknown[] {
  const db = new Database(join(dataDir, 'kiosk.db'));
  try {
    const statement = db.prepare(sql);
    return statement.reader ? statement.all(...params) : [statement.run(...params)];
  } finally {
    db.close();
  }
}

describe('a poison row in the outbox', () => {
  it('is quarantined and shown to staff; the other queued bookings are sent', async () => {
    const slots = await freeSlots(upstream.server.url, 3);
    queueBookings(dataDir, slots); // crash-0000 .. crash-0002, queued, due now
    onDisk("update outbox set request = ? where local_id = 'crash-0001'", DAMAGED);

    core = await startCore(dataDir, upstream.proxy.url);
    const c = core;
    await until(async () => {
      await c.replayer.runOnce();
      return (await c.api.getSyncStatus({})).queued === 0;
    }, 10_000);

    // The API: the two readable bookings, once each; nothing of the damaged one.
    const booked = serverBookings(upstream.dbPath);
    expect(booked.map((b) => b.email).sort()).toEqual([
      'customer0@example.com',
      'customer2@example.com',
    ]);

    // Staff: the damaged row in the outbox, set aside, with what can be read of it.
    const session = await openStaffSession(c);
    const list = await c.api.listBookings({ session });
    expect(list.map((b) => [b.localId, b.state]).sort()).toEqual([
      ['crash-0000', 'sent'],
      ['crash-0001', 'quarantined'],
      ['crash-0002', 'sent'],
    ]);
    const damaged = list.find((b) => b.localId === 'crash-0001');
    expect(damaged?.request).toMatchObject({
      serviceId: 'svc-bart',
      employeeId: slots[1]?.employeeId,
      date: slots[1]?.date,
      time: slots[1]?.time,
      customer: { name: 'unreadable' },
    });
    expect(damaged?.lastError?.message).toMatch(
      /Set aside, not sent: .*cannot be read.*was queued/,
    );

    // Kept on disk as it was: the bytes are IT's to look at.
    expect(onDisk("select state, request from outbox where local_id = 'crash-0001'")).toEqual([
      { state: 'quarantined', request: DAMAGED },
    ]);
    // Neither retried nor discarded: it cannot be sent, and it is kept for IT.
    expect((await kioskFailure(c.api.retryBooking({ session, localId: 'crash-0001' }))).code).toBe(
      'invalid_request',
    );
    expect(
      (await kioskFailure(c.api.discardBooking({ session, localId: 'crash-0001' }))).code,
    ).toBe('invalid_request');
    expect(c.outboxCounts()).toMatchObject({ quarantined: 1, sent: 2, queued: 0 });
  });

  it('a sent row whose stored answer is damaged is set aside too, and the staff list still loads', async () => {
    const slots = await freeSlots(upstream.server.url, 2);
    queueBookings(dataDir, slots);
    core = await startCore(dataDir, upstream.proxy.url);
    const c = core;
    await until(async () => {
      await c.replayer.runOnce();
      return (await c.api.getSyncStatus({})).queued === 0;
    }, 10_000);
    onDisk("update outbox set booking = '{\"bookingId\":' where local_id = 'crash-0000'");
    const session = await openStaffSession(c);
    const list = await c.api.listBookings({ session });
    expect(list.map((b) => [b.localId, b.state]).sort()).toEqual([
      ['crash-0000', 'quarantined'],
      ['crash-0001', 'sent'],
    ]);
    // Its request still parses: staff see the customer as booked.
    expect(list.find((b) => b.localId === 'crash-0000')?.request.customer.email).toBe(
      'customer0@example.com',
    );
  });
});
