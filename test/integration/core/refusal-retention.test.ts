/**
 * Issue 19's release blocker: retention erases the customer's data from the mail outbox and the
 * follow-ups too, not only from the booking. A queued booking refused on replay gets its e-mail
 * (real SMTP on 127.0.0.1); 14 days after it ended, the restarted core (real SQLite) keeps the
 * mail's key and state ("never twice") without address, subject or body, and no follow-up.
 */
import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemTimers, type Clock } from '../../../electron/core/platform/clock';
import { createSqliteJobStore } from '../../../electron/core/db/job-store';
import { createJobQueue } from '../../../electron/core/jobs';
import { createMailJob, mailStateOf, type MailData } from '../../../electron/core/notify/mail-job';
import { createLogger } from '../../../electron/core/platform/log';
import { openKioskDb } from '../../../electron/core/db/open';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { queueDoomedBooking } from '../../support/core/doomed-booking';
import {
  MONDAY_0830,
  makeTempDir,
  startCore,
  startUpstream,
  until,
  type UpstreamFixture,
} from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';
import { startSmtpSink, type SmtpSink } from '../../support/server/smtp-sink';

const DAY = 86_400_000;

let temp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
let sink: SmtpSink;
let core: KioskCoreInternals | null = null;
let dataDir: string;
let offset = 0;
const clock: Clock = { ...systemTimers, now: () => Date.now() + offset };

beforeEach(async () => {
  temp = makeTempDir('fd-refusal-retention-');
  dataDir = join(temp.dir, 'kiosk');
  offset = MONDAY_0830 - Date.now();
  upstream = await startUpstream(temp.dir, {
    clock: () => clock.now(),
    rateLimit: { perMinute: 6000, perDay: 100_000 },
  });
  sink = await startSmtpSink();
});

afterEach(async () => {
  await core?.close();
  core = null;
  await sink.close();
  await upstream.close();
  temp.remove();
});

const openCore = async (): Promise<KioskCoreInternals> => {
  core = await startCore(dataDir, upstream.proxy.url, {
    clock,
    mirrorDays: 2,
    shop: { name: 'Salon Lindenhof', phone: '+49 30 1234 5678' },
    mail: { smtpUrl: sink.url, from: 'Salon Lindenhof <termine@salon.example>' },
  });
  return core;
};

interface MailRaw {
  local_id: string;
  message_id: string;
  recipient: string;
  subject: string;
  body: string;
  /** What staff see (FollowUp.mail). */
  state: string;
}

function raw(): { mails: MailRaw[]; followUps: { local_id: string }[] } {
  const db = new Database(join(dataDir, 'kiosk.db'), { readonly: true });
  try {
    return {
      // The mails are jobs of the queue (notify/mail-job.ts): their data is JSON.
      mails: (
        db.prepare("select key, data, state, reason from jobs where type = 'mail'").all() as {
          key: string;
          data: string;
          state: string;
          reason: string | null;
        }[]
      ).map((job) => {
        const data = JSON.parse(job.data) as Omit<MailData, 'localId'>;
        return {
          local_id: job.key,
          message_id: data.messageId,
          recipient: data.recipient,
          subject: data.subject,
          body: data.body,
          state: mailStateOf(job),
        };
      }),
      followUps: db.prepare('select local_id from follow_ups').all() as { local_id: string }[],
    };
  } finally {
    db.close();
  }
}

/** Every byte SQLite keeps for the kiosk: the database file and its WAL. */
function onDisk(): string {
  return ['kiosk.db', 'kiosk.db-wal']
    .map((f) => join(dataDir, f))
    .filter((f) => existsSync(f))
    .map((f) => readFileSync(f).toString('latin1'))
    .join('\n');
}

it('erases the e-mail and the follow-up of a refused booking with the booking, keeping "sent once"', async () => {
  const c = await openCore();
  const mailed = await queueDoomedBooking(c, upstream, 'en', 41);
  await until(async () => {
    await c.replayer.runOnce();
    return (await c.api.getSyncStatus({})).queued === 0;
  }, 10_000);
  await c.mail?.runOnce();
  expect(sink.received).toHaveLength(1);
  // A second refused booking whose e-mail is never sent before retention (the server is away).
  const unsent = await queueDoomedBooking(c, upstream, 'de', 42);
  await until(async () => {
    await c.replayer.runOnce();
    return (await c.api.getSyncStatus({})).queued === 0;
  }, 10_000);
  expect((await c.api.getSyncStatus({})).refused).toBe(2);
  await c.close();
  core = null;

  const before = raw();
  expect(before.mails.map((m) => [m.local_id, m.recipient, m.state]).sort()).toEqual(
    [
      [mailed.localId, mailed.email, 'sent'],
      [unsent.localId, unsent.email, 'pending'],
    ].sort(),
  );
  expect(before.mails.every((m) => m.body.includes('Test Customer 4'))).toBe(true);
  expect(before.followUps.map((f) => f.local_id).sort()).toEqual(
    [mailed.localId, unsent.localId].sort(),
  );
  expect(onDisk()).toContain(mailed.email);

  offset += 14 * DAY + 60 * 60_000; // the bookings ended (refused) more than 14 days ago
  const later = await openCore(); // retention runs at start
  const after = raw();
  const byId = new Map(after.mails.map((m) => [m.local_id, m]));
  const wasSent = byId.get(mailed.localId);
  const wasUnsent = byId.get(unsent.localId);
  expect(wasSent).toMatchObject({ recipient: '', subject: '', body: '', state: 'sent' });
  expect(wasSent?.message_id).toBe(before.mails.find((m) => m.state === 'sent')?.message_id);
  // Never sent to an address it no longer has.
  expect(wasUnsent).toMatchObject({ recipient: '', subject: '', body: '', state: 'failed' });
  expect(after.followUps).toEqual([]);
  const bytes = onDisk();
  for (const gone of [mailed.email, unsent.email, 'Test Customer 41', 'Test Customer 42'])
    expect(bytes).not.toContain(gone);

  // Nothing more goes out, and staff no longer have refused bookings to act on.
  await later.mail?.runOnce();
  expect(sink.received).toHaveLength(1);
  expect((await later.api.getSyncStatus({})).refused).toBe(0);
  const listed = await later.api.listBookings({ session: await openStaffSession(later) });
  expect(listed.find((b) => b.localId === mailed.localId)).toMatchObject({ erased: true });
  expect(listed.find((b) => b.localId === mailed.localId)?.followUp).toBeUndefined();
  await later.close();
  core = null;

  // The kept key is what makes "at most one e-mail per booking" hold after the erasure.
  const db = openKioskDb({ dataDir });
  const jobs = createJobQueue({
    store: createSqliteJobStore(db),
    clock,
    log: createLogger('test'),
  });
  try {
    const mails = jobs.define(
      createMailJob({
        config: { smtpUrl: sink.url, from: 'x@salon.example' },
        log: createLogger('test'),
      }),
    );
    const again = {
      localId: mailed.localId,
      messageId: '<again@salon.example>',
      recipient: 'x@example.com',
      subject: 's',
      body: 'b',
    };
    expect(mails.enqueue(again, { key: mailed.localId })).toBe(false);
  } finally {
    await jobs.stop();
    db.$client.close();
  }
  expect(raw().mails.find((m) => m.local_id === mailed.localId)?.recipient).toBe('');
});
