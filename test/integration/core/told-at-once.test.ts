/**
 * One path per booking (issue 27): the online booking and the replay settle a refusal through
 * the same send path and transitions.ts, over real SQLite and the real follow-up store hook
 * (notify/follow-ups.ts, run by db/outbox-store.ts). Told at the screen: no follow-up and no
 * e-mail, a lone booking forgotten, a visit's part kept `rejected`. The same refusal on replay: a follow-up and an e-mail.
 * The follow-up is written in the entry's transaction (a failure rolls both back) and announced
 * after the commit (`booking.refused`).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getFollowUp, openFollowUp } from '../../../electron/core/db/follow-up-repo';
import { createSqliteJobStore } from '../../../electron/core/db/job-store';
import { openKioskDb, type KioskDb } from '../../../electron/core/db/open';
import { createJobQueue, type JobQueue } from '../../../electron/core/jobs';
import { createMailJob, MAIL_JOB, mailStateOf } from '../../../electron/core/notify/mail-job';
import { createFollowUps } from '../../../electron/core/notify/follow-ups';
import { createSendPath, type SendPath } from '../../../electron/core/outbox/send';
import {
  createSqliteOutboxStore,
  type SqliteOutboxEvents,
} from '../../../electron/core/db/outbox-store';
import { createDomainEvents } from '../../../electron/core/platform/domain-events';
import { createLogger } from '../../../electron/core/platform/log';
import type { OutboxStore } from '../../../electron/core/outbox/store';
import type { Waiting } from '../../../electron/core/outbox/transitions';
import { SLOT_TAKEN_REFUSAL } from '../../../shared/kiosk-data';
import { makeTempDir } from '../../support/core/harness';
import { manualClock } from '../../support/core/manual-clock';
import { outboxEntry } from '../../support/core/outbox-entry';
import { upstreamDouble } from '../../support/core/upstream-double';

const meta = { rateLimit: null, serverDate: null, receivedAt: 0 };
const waiting = (keepRefused: boolean): Waiting => ({
  keepRefused,
  invalid: null,
  slotNotFree: () => null,
});

let temp: ReturnType<typeof makeTempDir>;
let db: KioskDb;
let store: OutboxStore;
let send: SendPath;
let mailsQueued = 0;
let jobs: JobQueue;
const listMails = (localIds: string[]) => jobs.list(MAIL_JOB, localIds);

beforeEach(() => {
  temp = makeTempDir('fd-told-at-once-');
  db = openKioskDb({ dataDir: temp.dir });
  const clock = manualClock(Date.parse('2026-11-23T09:00:00Z'));
  const log = createLogger('test');
  jobs = createJobQueue({ store: createSqliteJobStore(db), clock, log });
  // Never run here: the mails only need to be written.
  const config = { smtpUrl: 'smtp://127.0.0.1:9', from: 'desk@salon.example' };
  const mails = jobs.define(createMailJob({ config, log }));
  const followUps = createFollowUps({
    db,
    clock,
    timeZone: 'Europe/Berlin',
    mailDomain: () => 'salon.example',
    queueMail: (mail) => mails.enqueue(mail, { key: mail.localId }),
    mailStates: (ids) => new Map(listMails(ids).map((job) => [job.key ?? '', mailStateOf(job)])),
    defaultLanguage: () => 'de',
    shop: () => ({ name: 'Salon', phone: null }),
  });
  const events = createDomainEvents<SqliteOutboxEvents>(log);
  events.on('booking.refused', ({ mailed }) => (mailsQueued += mailed ? 1 : 0));
  store = createSqliteOutboxStore(db, { write: followUps.refusalWrites, events });
  // The API answers 409: the slot is taken (outcome-table.ts), no day's list asked.
  const client = upstreamDouble({
    book: () => Promise.resolve({ kind: 'http', status: 409, message: 'Slot taken', meta }),
  });
  send = createSendPath({ store, client: () => client, clock, random: () => 0.5 });
  mailsQueued = 0;
});
afterEach(async () => {
  await jobs.stop();
  db.$client.close();
  temp.remove();
});

/** Sends entry `localId` once (as the online booking or the replay does) and settles it. */
async function refuse(localId: string, told?: Waiting) {
  store.insert(outboxEntry({ localId, state: 'sending', attempts: 1 }));
  const entry = store.get(localId);
  if (!entry) throw new Error('not stored');
  const { verdict } = await send.attempt(entry, told ? 'booking' : 'replay');
  return send.settle(entry, verdict, told);
}

describe('a refusal, told at the screen or found on replay', () => {
  it('a lone online booking: forgotten, no follow-up, no e-mail; the answer is read from the entry left', async () => {
    const { next, transition } = await refuse('lone', waiting(false));
    expect(transition.told).toEqual({ reason: 'slot_taken', forget: true });
    expect(next).toMatchObject({
      state: 'rejected',
      lastError: { status: 409, message: SLOT_TAKEN_REFUSAL },
    });
    expect(store.get('lone')).toBeNull();
    expect(getFollowUp(db, 'lone')).toBeNull();
    expect(mailsQueued).toBe(0);
  });

  it("a visit's part: kept rejected for staff beside the others, no follow-up, no e-mail", async () => {
    await refuse('part', waiting(true));
    expect(store.get('part')).toMatchObject({
      state: 'rejected',
      lastError: { status: 409, message: SLOT_TAKEN_REFUSAL },
    });
    expect(getFollowUp(db, 'part')).toBeNull();
    expect(listMails(['part'])).toEqual([]);
    expect(mailsQueued).toBe(0);
  });

  it('the same refusal on replay: rejected, a follow-up opened and the e-mail queued', async () => {
    const { next, transition } = await refuse('queued');
    expect(transition.told).toBeUndefined();
    expect(next.state).toBe('rejected');
    expect(getFollowUp(db, 'queued')).toMatchObject({ state: 'open' });
    expect(listMails(['queued'])).toHaveLength(1);
    expect(mailsQueued).toBe(1);
  });
});

describe("a refusal's follow-up is written with the entry, or neither is", () => {
  it('a follow-up write that fails rolls the refusal back, and nothing is announced', () => {
    const events = createDomainEvents<SqliteOutboxEvents>(createLogger('test'));
    const announced: string[] = [];
    events.on('booking.refused', ({ entry }) => announced.push(entry.localId));
    const failing = createSqliteOutboxStore(db, {
      write: (entry) => {
        openFollowUp(db, entry.localId, 'de', 0);
        throw new Error('disk I/O error');
      },
      events,
    });
    failing.insert(outboxEntry({ localId: 'crash', state: 'sending', attempts: 1 }));
    expect(() => failing.update('crash', { state: 'rejected', updatedAt: 1 })).toThrow(
      'disk I/O error',
    );
    expect(failing.get('crash')?.state).toBe('sending');
    expect(getFollowUp(db, 'crash')).toBeNull();
    expect(announced).toEqual([]);
  });

  it('booking.refused is heard after the commit, with the entry as stored', () => {
    const events = createDomainEvents<SqliteOutboxEvents>(createLogger('test'));
    const heard: unknown[] = [];
    const plain = createSqliteOutboxStore(db, {
      write: () => ({ mailed: false }),
      events,
    });
    events.on('booking.refused', ({ entry, mailed }) =>
      heard.push([plain.get(entry.localId)?.state, mailed]),
    );
    plain.insert(outboxEntry({ localId: 'later', state: 'queued' }));
    plain.update('later', { state: 'rejected', updatedAt: 1 });
    plain.update('later', { updatedAt: 2 });
    expect(heard).toEqual([['rejected', false]]);
  });
});
