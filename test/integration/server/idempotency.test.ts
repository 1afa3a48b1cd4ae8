/** decisions.md "Idempotency": replay, 422 on a different body, 409 while in flight, per API key, 24 h. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../../server/mail/mailer';
import { BookingCreatedEnvelope } from '../../../shared/api/schemas';
import { OTHER_BOOK_KEY, createTestApp, demoBooking, rowCount } from '../../support/server/harness';
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

let t: TestApp;
const mailer = new GatedMailer();
beforeAll(async () => {
  t = await createTestApp({ mailer });
});
afterAll(async () => {
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
    const reordered = { customer: body.customer, time: body.time, date: body.date, employeeId: body.employeeId, serviceId: body.serviceId };
    const again = await t.book(reordered, { idempotencyKey: 'key-replay-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(BookingCreatedEnvelope.parse(again.json()).data.bookingId).toBe(BookingCreatedEnvelope.parse(first.json()).data.bookingId);
    expect(again.json()).toEqual(first.json());
    expect(rowCount(t.db, 'bookings')).toBe(bookings);
    expect(rowCount(t.db, 'customers')).toBe(customers);
    expect(mailer.sent).toHaveLength(1);
  });

  it('the same key with a different body is 422', async () => {
    const response = await t.book(demoBooking({ time: '13:00' }), { idempotencyKey: 'key-replay-1' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('the same key while the first request is still processed is 409; afterwards it replays', async () => {
    const body = demoBooking({ time: '15:00' });
    mailer.gated = true;
    const sending = mailer.whenSending();
    const first = t.book(body, { idempotencyKey: 'key-in-flight' });
    await sending; // the booking is committed, the mail is not yet accepted
    const during = await t.book(body, { idempotencyKey: 'key-in-flight' });
    expect(during.statusCode).toBe(409);
    expect(during.json()).toMatchObject({ success: false, error: expect.stringMatching(/Idempotency-Key/) as unknown });
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
  });

  it.each([
    ['with a space', 'a b'],
    ['too long', 'k'.repeat(256)],
    ['empty', ''],
  ])('400 for an invalid header (%s)', async (_name, key) => {
    const before = rowCount(t.db, 'bookings');
    const response = await t.book(demoBooking({ time: '18:00' }), { idempotencyKey: key });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: expect.stringMatching(/^Idempotency-Key/) as unknown });
    expect(rowCount(t.db, 'bookings')).toBe(before);
  });
});
