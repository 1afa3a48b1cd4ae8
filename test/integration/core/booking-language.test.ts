/**
 * Issue 28: the reference server's confirmation mail was always German. The kiosk sends each
 * booking with the customer's screen language (Accept-Language): online while they wait, and
 * on the replay of a queued booking (the language kept on the booking, issue 40); a booking
 * taken without one (the counter) goes in the shop's language. Real core, real reference server
 * with a mail transport that records what it accepts.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openKioskDb } from '../../../electron/core/db/open';
import { createSqliteOutboxStore } from '../../../electron/core/db/outbox-store';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import type { Mailer, MailMessage } from '../../../server/mail/mailer';
import {
  MONDAY_0830,
  annaRequest,
  annaTuesdaySlots,
  makeTempDir,
  offsetClock,
  startCore,
  startUpstream,
  until,
  type UpstreamFixture,
} from '../../support/core/harness';
import { outboxEntry } from '../../support/core/outbox-entry';

class RecordingMailer implements Mailer {
  sent: MailMessage[] = [];
  send(message: MailMessage): Promise<void> {
    this.sent.push(message);
    return Promise.resolve();
  }
  close(): void {}
}

let temp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
let mailer: RecordingMailer;
let core: KioskCoreInternals | null = null;
const clock = offsetClock(MONDAY_0830);

beforeEach(async () => {
  temp = makeTempDir('fd-mail-language-');
  mailer = new RecordingMailer();
  upstream = await startUpstream(temp.dir, { clock: clock.server, mailer });
  core = await startCore(`${temp.dir}/kiosk`, upstream.proxy.url, { clock, mirrorDays: 2 });
});

afterEach(async () => {
  await core?.close();
  core = null;
  await upstream.close();
  temp.remove();
});

const mailTo = (email: string) => mailer.sent.find((m) => m.to === email);

describe("the confirmation mail is in the customer's language", () => {
  it('online: the screen language; without one: the shop language (German)', async () => {
    const c = core!;
    const slots = await annaTuesdaySlots(c);
    const polish = await c.api.createBooking({ ...annaRequest(slots[0]!, 1), language: 'pl' });
    expect(polish.state).toBe('sent');
    expect(mailTo('customer1@example.com')?.subject).toMatch(/^Twoja prośba o wizytę/);

    // Far apart: the 45-minute cut at the first time overlaps the next few.
    const counter = await c.api.createBooking(annaRequest(slots.at(-1)!, 2));
    expect(counter.state).toBe('sent');
    expect(mailTo('customer2@example.com')?.subject).toMatch(/^Ihre Terminanfrage/);
  });

  it('queued while the API failed: the replay carries the language the customer booked in', async () => {
    const c = core!;
    const slots = await annaTuesdaySlots(c);
    upstream.proxy.setMode('500');
    const slot = slots[Math.floor(slots.length / 2)]!;
    const queued = await c.api.createBooking({ ...annaRequest(slot, 3), language: 'uk' });
    expect(queued.state).toBe('queued');
    expect(mailer.sent).toHaveLength(0);
    upstream.proxy.setMode('pass');
    await until(async () => {
      await c.replayer.runOnce();
      return mailTo('customer3@example.com') !== undefined;
    }, 15_000);
    expect(mailTo('customer3@example.com')?.subject).toMatch(/^Ваш запит на запис/);
  });

  it('a booking the kiosk was sending when it died goes out after the restart in the language it was taken in', async () => {
    const slots = await annaTuesdaySlots(core!);
    const slot = slots[Math.floor(slots.length / 2)]!;
    await core!.close();
    core = null;
    // What a kiosk killed during the request leaves: the entry `sending`, durable before the
    // request, and no follow-up (the customer was never told an answer).
    const dataDir = `${temp.dir}/kiosk`;
    const db = openKioskDb({ dataDir });
    const now = clock.now();
    const request = annaRequest(slot, 4);
    const { employeeId, date, time } = request;
    createSqliteOutboxStore(db).insert(
      outboxEntry({
        localId: randomUUID(),
        request,
        hold: { employeeId, date, time, durationMinutes: 45 },
        state: 'sending',
        attempts: 1,
        firstAttemptAt: now,
        createdAt: now,
        updatedAt: now,
        language: 'uk',
      }),
    );
    db.$client.close();

    core = await startCore(dataDir, upstream.proxy.url, { clock, mirrorDays: 2 });
    const c = core;
    await until(async () => {
      await c.replayer.runOnce();
      return mailTo('customer4@example.com') !== undefined;
    }, 15_000);
    expect(mailTo('customer4@example.com')?.subject).toMatch(/^Ваш запит на запис/);
  });
});
