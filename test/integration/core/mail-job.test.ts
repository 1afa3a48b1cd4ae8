/**
 * The customer e-mail as a job of the queue (notify/mail-job.ts on jobs/queue.ts) against real
 * SMTP on 127.0.0.1 (smtp-server, and a scripted server for answers smtp-server cannot give)
 * and the real kiosk SQLite: each mail is sent at most once; a server that says no (a reply
 * code) or cannot be reached is tried again later, five tries in all; an answer that leaves
 * open whether the server took it is never sent again.
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteJobStore } from '../../../electron/core/db/job-store';
import { openKioskDb, type KioskDb } from '../../../electron/core/db/open';
import { createJobQueue, type JobHandle, type JobQueue } from '../../../electron/core/jobs';
import type { JobStore } from '../../../electron/core/jobs/store';
import { createLogger } from '../../../electron/core/platform/log';
import type { MailTransportConfig } from '../../../electron/core/config';
import {
  createMailJob,
  MAIL_JOB,
  mailDomain,
  mailStateOf,
  type MailData,
} from '../../../electron/core/notify/mail-job';
import { makeTempDir, until } from '../../support/core/harness';
import { manualClock, type ManualClock } from '../../support/core/manual-clock';
import { startSmtpSink, type SmtpSink } from '../../support/server/smtp-sink';

const START = Date.UTC(2026, 10, 24, 9, 0);
const RECIPIENT = 'eva.muster@example.com';

let temp: ReturnType<typeof makeTempDir>;
let db: KioskDb;
let clock: ManualClock;
let logLines: string[];
let store: JobStore;
let sender: JobQueue | null;
let mails: JobHandle<MailData> | null;
const closers: (() => Promise<void>)[] = [];

beforeEach(() => {
  temp = makeTempDir('fd-mail-job-');
  db = openKioskDb({ dataDir: temp.dir });
  clock = manualClock(START);
  logLines = [];
  store = createSqliteJobStore(db);
  sender = null;
  mails = null;
});

afterEach(async () => {
  await sender?.stop();
  for (const close of closers.splice(0)) await close();
  db.$client.close();
  temp.remove();
});

function queueMail(localId: string): void {
  if (!mails) throw new Error('no sender yet');
  mails.enqueue(
    {
      localId,
      messageId: `<${localId}@salon.example>`,
      recipient: RECIPIENT,
      subject: 'Salon Eva: your booking could not be kept',
      body: 'Hello Eva,\n\nunfortunately your booking could not be kept.\n',
    },
    { key: localId },
  );
}

/** The mail's job, and what staff see of it (FollowUp.mail). */
function mailRow(localId: string) {
  const [job] = store.list(MAIL_JOB, [localId]);
  if (!job) throw new Error(`no mail ${localId}`);
  return { ...job, mail: mailStateOf(job) };
}

/** The queue with the mail job on it; the backoff's jitter is 0 (`random`). */
function startSender(config: MailTransportConfig): JobQueue {
  const log = createLogger('mail', { level: 'debug', sink: (line) => logLines.push(line) });
  sender = createJobQueue({ store, clock, log, random: () => 0 });
  mails = sender.define(createMailJob({ config, log }));
  return sender;
}

async function sink(options: { reject?: boolean } = {}): Promise<SmtpSink> {
  const started = await startSmtpSink(options);
  closers.push(() => started.close());
  return started;
}

/** An SMTP server that asks for a login and records the credentials it was given. */
async function loginServer(): Promise<{ url: string; logins: string[]; received: number[] }> {
  const logins: string[] = [];
  const received: number[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(`${auth.username}:${auth.password}`);
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(Date.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://salon@127.0.0.1:${port}`, logins, received };
}

/** A server that takes the mail's text and then answers with no reply code, or hangs up. */
async function scriptedServer(
  afterData: 'nonsense' | 'hang up',
): Promise<{ url: string; messages: () => number }> {
  let messages = 0;
  const server: Server = createServer((socket) => {
    socket.write('220 scripted ESMTP\r\n');
    let inData = false;
    socket.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (inData) {
        if (text.includes('\r\n.\r\n')) {
          messages += 1;
          inData = false;
          if (afterData === 'hang up') socket.destroy();
          else socket.write('nonsense\r\n');
        }
        return;
      }
      for (const line of text.split('\r\n').filter(Boolean)) {
        if (/^EHLO/i.test(line)) socket.write('250-scripted\r\n250 OK\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages: () => messages };
}

describe('the customer e-mail on the job queue', () => {
  it('sends a due mail once, with its Message-ID, and marks it sent; the recipient is not logged', async () => {
    const smtp = await sink();
    const queue = startSender({ smtpUrl: smtp.url, from: 'Salon Eva <desk@salon.example>' });
    queueMail('bk-1');
    expect(mailRow('bk-1').mail).toBe('pending');
    await queue.runOnce();
    expect(mailRow('bk-1').mail).toBe('sent');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.from).toBe('desk@salon.example');
    expect(smtp.received[0]?.to).toEqual([RECIPIENT]);
    expect(smtp.received[0]?.raw).toContain('Message-ID: <bk-1@salon.example>');
    expect(smtp.received[0]?.raw).toContain('Subject: Salon Eva: your booking could not be kept');

    await queue.runOnce(); // nothing due any more
    queueMail('bk-1'); // at most one mail per booking: the key
    await queue.runOnce();
    expect(smtp.received).toHaveLength(1);
    expect(logLines.some((line) => line.includes('customer e-mail sent'))).toBe(true);
    expect(logLines.join('\n')).not.toContain(RECIPIENT);
  });

  it("logs in with IT's password from its file, which the URL of the config never holds", async () => {
    const server = await loginServer();
    const queue = startSender({
      smtpUrl: server.url,
      from: 'desk@salon.example',
      password: 'p@ss:word/1',
    });
    queueMail('bk-1');
    await queue.runOnce();
    expect(server.logins).toEqual(['salon:p@ss:word/1']);
    expect(server.received).toHaveLength(1);
    expect(mailRow('bk-1').mail).toBe('sent');
  });

  it('a server that refuses the mail did not take it: tried again a minute later, then twice as long, failed after five attempts', async () => {
    const smtp = await sink({ reject: true });
    const queue = startSender({ smtpUrl: smtp.url, from: 'desk@salon.example' });
    queueMail('bk-1');
    await queue.runOnce();
    expect(mailRow('bk-1')).toMatchObject({ mail: 'pending', attempts: 1, runAt: START + 60_000 });
    expect(logLines.find((line) => line.includes('not sent'))).toContain('"responseCode":550');
    expect(logLines.find((line) => line.includes('not sent'))).toContain('"state":"pending"');

    await queue.runOnce(); // not due yet
    expect(mailRow('bk-1').attempts).toBe(1);

    const waits: number[] = [];
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      const before = clock.now();
      clock.set(mailRow('bk-1').runAt);
      waits.push(clock.now() - before);
      await queue.runOnce();
      expect(mailRow('bk-1').attempts).toBe(attempt);
    }
    expect(waits).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(mailRow('bk-1').mail).toBe('failed');
    expect(logLines.filter((line) => line.includes('not sent')).at(-1)).toContain(
      '"state":"failed"',
    );
    clock.advance(3_600_000);
    await queue.runOnce();
    expect(mailRow('bk-1')).toMatchObject({ mail: 'failed', attempts: 5 });
    expect(smtp.received).toHaveLength(0);
  });

  it('a server that cannot be reached is tried again later', async () => {
    const smtp = await sink();
    const port = new URL(smtp.url).port;
    await smtp.close();
    closers.length = 0;
    const queue = startSender({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'desk@salon.example' });
    queueMail('bk-1');
    await queue.runOnce();
    expect(mailRow('bk-1')).toMatchObject({ mail: 'pending', attempts: 1 });
    expect(logLines.find((line) => line.includes('not sent'))).toContain('"errorCode":"ESOCKET"');
  });

  it.each(['nonsense', 'hang up'] as const)(
    'a server that takes the text and then answers %s may have the mail: uncertain, never sent again',
    async (afterData) => {
      const server = await scriptedServer(afterData);
      const queue = startSender({ smtpUrl: server.url, from: 'desk@salon.example' });
      queueMail('bk-1');
      await queue.runOnce();
      expect(server.messages()).toBe(1);
      expect(mailRow('bk-1').mail).toBe('uncertain');
      clock.advance(3_600_000);
      await queue.runOnce();
      expect(server.messages()).toBe(1);
      expect(mailRow('bk-1').mail).toBe('uncertain');
    },
  );

  it('a host name with no DNS answer was never reached: tried again later', async () => {
    const queue = startSender({
      smtpUrl: 'smtp://frontdesk-test.invalid:2525',
      from: 'desk@salon.example',
    });
    queueMail('bk-1');
    await queue.runOnce();
    expect(mailRow('bk-1')).toMatchObject({ mail: 'pending', attempts: 1 });
    expect(logLines.find((line) => line.includes('not sent'))).toContain('"errorCode":"EDNS"');
  });

  it('a mail claimed by a process that died is uncertain once the queue recovers at start, and is not sent', async () => {
    const smtp = await sink();
    const queue = startSender({ smtpUrl: smtp.url, from: 'desk@salon.example' });
    queueMail('bk-1');
    queueMail('bk-2');
    // The dead process's claim: on disk, its run never settled.
    expect(
      store.claimDue({ types: [MAIL_JOB], now: clock.now(), leaseMs: 300_000, limit: 1 }),
    ).toHaveLength(1);
    expect(mailRow('bk-1').mail).toBe('claimed');
    expect(queue.recover()).toBe(1);
    expect(queue.recover()).toBe(0);
    await queue.runOnce();
    expect(logLines.filter((line) => line.includes('interrupted while sending'))).toHaveLength(1);
    expect(mailRow('bk-1')).toMatchObject({ mail: 'uncertain', interrupted: 1 });
    expect(mailRow('bk-2').mail).toBe('sent');
    expect(smtp.received).toHaveLength(1);
  });

  it('started, it sends what is due by itself and what is poked; stopped, nothing more', async () => {
    const smtp = await sink();
    const queue = startSender({ smtpUrl: smtp.url, from: 'desk@salon.example' });
    queueMail('bk-1');
    queue.poke(); // before start: no effect
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.received).toHaveLength(0);

    queue.start();
    await until(() => mailRow('bk-1').mail === 'sent', 10_000);
    queueMail('bk-2'); // enqueueing pokes the queue
    await until(() => mailRow('bk-2').mail === 'sent', 10_000);
    expect(smtp.received.map((mail) => mail.raw.includes('bk-2@salon.example'))).toEqual([
      false,
      true,
    ]);

    await queue.stop();
    queueMail('bk-3');
    queue.poke();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailRow('bk-3').mail).toBe('pending');
  });
});

describe('mailDomain', () => {
  it.each([
    ['Salon Eva <desk@salon.example>', 'salon.example'],
    ['desk@mail.salon-eva.de', 'mail.salon-eva.de'],
    ['desk@salon.example> ', 'salon.example'],
    ['no address', 'frontdesk.invalid'],
  ])('%s -> %s', (from, domain) => {
    expect(mailDomain(from)).toBe(domain);
  });
});
