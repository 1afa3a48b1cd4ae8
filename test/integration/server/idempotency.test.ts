/**
 * decisions.md "Idempotency": replay, 422 on a different body, 409 while in flight, per API key,
 * 24 h; and after a crash, a key replays its committed booking and is never blocked for a day.
 */
// Every response this file's tests receive is checked against the OpenAPI document.
import '../../support/server/conformance-setup';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashKey } from '../../../server/db/api-keys';
import { IN_FLIGHT_LEASE_MS } from '../../../server/db/idempotency';
import { closeServerDb } from '../../../server/db/open';
import type { Mailer, MailMessage } from '../../../server/mail/mailer';
import { requestFingerprint } from '../../../server/routes/book';
import { BookingCreatedEnvelope } from '../../../shared/api/schemas';
import {
  BOOK_KEY,
  OTHER_BOOK_KEY,
  createTestApp,
  demoBooking,
  rowCount,
  tempDir,
  testClock,
} from '../../support/server/harness';
import type { TestApp } from '../../support/server/harness';

/** A transport that holds each mail until released, to keep a request in flight. */
class GatedMailer implements Mailer {
  sent: MailMessage[] = [];
  gated = false;
  private waiting: (() => void)[] = [];
  private entered: (() => void)[] = [];
  async send(message: MailMessage): Promise<void> {
    this.entered.shift()?.();
    if (this.gated) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.sent.push(message);
  }
  whenSending(): Promise<void> {
    return new Promise((resolve) => this.entered.push(resolve));
  }
  releaseAll(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
  close(): void {}
}

// Each test on its own app and database, so that any one passes alone and in any order.
let t: TestApp;
let mailer: GatedMailer;
beforeEach(async () => {
  mailer = new GatedMailer();
  t = await createTestApp({ mailer });
});
afterEach(async () => {
  mailer.releaseAll();
  await t.close();
});

describe('Idempotency-Key', () => {
  it('the same key and body replays the first response and creates nothing', async () => {
    const body = demoBooking({ time: '12:00' });
    const first = await t.book(body, { idempotencyKey: 'key-replay-1' });
    expect(first.statusCode).toBe(201);
    const bookings = rowCount(t.db, 'bookings');
    const customers = rowCount(t.db, 'customers');
    // Same body with its keys in another order: still the same request.
    const reordered = {
      customer: body.customer,
      time: body.time,
      date: body.date,
      employeeId: body.employeeId,
      serviceId: body.serviceId,
    };
    const again = await t.book(reordered, { idempotencyKey: 'key-replay-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(BookingCreatedEnvelope.parse(again.json()).data.bookingId).toBe(
      BookingCreatedEnvelope.parse(first.json()).data.bookingId,
    );
    expect(again.json()).toEqual(first.json());
    expect(rowCount(t.db, 'bookings')).toBe(bookings);
    expect(rowCount(t.db, 'customers')).toBe(customers);
    expect(mailer.sent).toHaveLength(1);
  });

  it('the same key with a different body is 422', async () => {
    expect(
      (await t.book(demoBooking({ time: '12:00' }), { idempotencyKey: 'key-replay-1' })).statusCode,
    ).toBe(201);
    const bookings = rowCount(t.db, 'bookings');
    const response = await t.book(demoBooking({ time: '13:00' }), {
      idempotencyKey: 'key-replay-1',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false });
    expect(rowCount(t.db, 'bookings')).toBe(bookings);
  });

  it('the same key while the first request is still processed is 409; afterwards it replays', async () => {
    const body = demoBooking({ time: '15:00' });
    mailer.gated = true;
    const sending = mailer.whenSending();
    const first = t.book(body, { idempotencyKey: 'key-in-flight' });
    await sending; // the booking is committed, the mail is not yet accepted
    const during = await t.book(body, { idempotencyKey: 'key-in-flight' });
    expect(during.statusCode).toBe(409);
    expect(during.json()).toMatchObject({
      success: false,
      error: expect.stringMatching(/Idempotency-Key/) as unknown,
    });
    mailer.gated = false;
    mailer.releaseAll();
    const done = await first;
    expect(done.statusCode).toBe(201);
    const after = await t.book(body, { idempotencyKey: 'key-in-flight' });
    expect(after.statusCode).toBe(201);
    expect(after.json()).toEqual(done.json());
  });

  it('keys belong to one API key: another key with the same Idempotency-Key is processed afresh', async () => {
    const body = demoBooking({ time: '16:00' });
    expect((await t.book(body, { idempotencyKey: 'shared-key' })).statusCode).toBe(201);
    const other = await t.book(body, { key: OTHER_BOOK_KEY, idempotencyKey: 'shared-key' });
    expect(other.statusCode).toBe(409); // the slot is taken: it was not a replay
  });

  it('a record older than 24 hours is not replayed', async () => {
    const body = demoBooking({ time: '17:00' });
    expect((await t.book(body, { idempotencyKey: 'old-key' })).statusCode).toBe(201);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      expect((await t.book(body, { idempotencyKey: 'old-key' })).statusCode).toBe(409);
    } finally {
      t.clock.advance(-(24 * 60 * 60 * 1000 + 1000));
    }
  });

  it('replays a refusal too, and without the header nothing is remembered', async () => {
    const unknown = demoBooking({ serviceId: 'svc-unknown' });
    expect((await t.book(unknown, { idempotencyKey: 'refused-key' })).statusCode).toBe(404);
    const replay = await t.book(unknown, { idempotencyKey: 'refused-key' });
    expect(replay.statusCode).toBe(404);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    // Without the header: the same request twice is processed twice, nothing is replayed.
    const body = demoBooking({ time: '16:00' });
    const records = rowCount(t.db, 'idempotency_records');
    const first = await t.book(body);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await t.book(body);
    expect(second.statusCode).toBe(409); // processed afresh: the slot is now taken
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(rowCount(t.db, 'idempotency_records')).toBe(records);
  });

  it.each([
    ['with a space', 'a b'],
    ['too long', 'k'.repeat(256)],
    ['empty', ''],
  ])('400 for an invalid header (%s)', async (_name, key) => {
    const before = rowCount(t.db, 'bookings');
    const response = await t.book(demoBooking({ time: '18:00' }), { idempotencyKey: key });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      error: expect.stringMatching(/^Idempotency-Key/) as unknown,
    });
    expect(rowCount(t.db, 'bookings')).toBe(before);
  });
});

/** A transport whose send never completes until `fail()`: the process "dies" while mailing. */
class StuckMailer implements Mailer {
  private started!: () => void;
  readonly sending = new Promise<void>((resolve) => (this.started = resolve));
  private abort: ((error: Error) => void)[] = [];
  send(): Promise<void> {
    this.started();
    return new Promise((_resolve, reject) => this.abort.push(reject));
  }
  fail(): void {
    for (const reject of this.abort.splice(0)) reject(new Error('process gone'));
  }
  close(): void {}
}

describe('Idempotency-Key across a crash', () => {
  it('a booking committed before the process died is replayed (201, same bookingId), never booked twice', async () => {
    const tmp = tempDir();
    const dbPath = join(tmp.dir, 'crash.db');
    const clock = testClock();
    const stuck = new StuckMailer();
    const first = await createTestApp({ dbPath, clock, mailer: stuck });
    let second: TestApp | undefined;
    const body = demoBooking({ time: '11:00' });
    const before = rowCount(first.db, 'bookings');
    const unanswered = first.book(body, { idempotencyKey: 'crash-key' });
    try {
      await stuck.sending; // the booking is committed; its response was never sent
      // The crash: the connection goes without anything after the commit running, and a new
      // process opens the same file (it knows nothing of the first one's requests).
      closeServerDb(first.db);
      second = await createTestApp({ dbPath, clock });
      const db = second.db;
      const committed = db.$client
        .prepare('SELECT id FROM bookings WHERE date = ? AND time = ?')
        .all(body.date, body.time) as { id: string }[];
      expect(committed).toHaveLength(1);

      const retry = await second.book(body, { idempotencyKey: 'crash-key' });
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      const data = BookingCreatedEnvelope.parse(retry.json()).data;
      expect(data.bookingId).toBe(committed[0]?.id);
      expect(data.emailSent).toBe(false); // not known to have been sent
      expect(rowCount(db, 'bookings')).toBe(before + 1);
    } finally {
      stuck.fail();
      await unanswered;
      await first.app.close();
      await second?.close();
      tmp.remove();
    }
  });

  it('an in-flight record abandoned by a crash blocks its key only for the lease, by the injected clock', async () => {
    const clock = testClock();
    const s = await createTestApp({ clock });
    try {
      const body = demoBooking({ time: '12:00' });
      const apiKey = s.db.$client
        .prepare('SELECT id FROM api_keys WHERE key_hash = ?')
        .get(hashKey(BOOK_KEY)) as { id: string };
      // What a server that claimed keys before the work leaves when it dies before its commit.
      s.db.$client
        .prepare(
          "INSERT INTO idempotency_records (api_key_id, key, body_hash, state, created_at) VALUES (?, ?, ?, 'in_flight', ?)",
        )
        .run(apiKey.id, 'abandoned-key', requestFingerprint(body), clock());
      const before = rowCount(s.db, 'bookings');

      clock.advance(IN_FLIGHT_LEASE_MS - 1000);
      expect((await s.book(body, { idempotencyKey: 'abandoned-key' })).statusCode).toBe(409);
      expect(rowCount(s.db, 'bookings')).toBe(before);

      clock.advance(2000); // past the lease: the claim's owner is gone, the request is processed afresh
      const fresh = await s.book(body, { idempotencyKey: 'abandoned-key' });
      expect(fresh.statusCode).toBe(201);
      expect(rowCount(s.db, 'bookings')).toBe(before + 1);
      const again = await s.book(body, { idempotencyKey: 'abandoned-key' });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(fresh.json());
      expect(rowCount(s.db, 'bookings')).toBe(before + 1);
    } finally {
      await s.close();
    }
  });
});
