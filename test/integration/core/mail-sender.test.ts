/**
 * The sender of the mail outbox against real SMTP on 127.0.0.1 (smtp-server, and a scripted
 * server for answers smtp-server cannot give) and the real kiosk SQLite: each mail is sent at
 * most once; a server that says no (a reply code) or cannot be reached is tried again later, up
 * to five attempts; an answer that leaves open whether the server took it is never sent again.
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimMail, insertMailOnce, listMails } from '../../../electron/core/db/follow-up-repo';
import { openKioskDb, type KioskDb } from '../../../electron/core/db/open';
import { createLogger } from '../../../electron/core/platform/log';
import type { MailTransportConfig } from '../../../electron/core/config';
import {
  createMailSender,
  mailDomain,
  type MailSender,
} from '../../../electron/core/notify/mail-sender';
import { makeTempDir, until } from '../../support/core/harness';
import { manualClock, type ManualClock } from '../../support/core/manual-clock';
import { startSmtpSink, type SmtpSink } from '../../support/server/smtp-sink';

const START = Date.UTC(2026, 10, 24, 9, 0);
const RECIPIENT = 'eva.muster@example.com';

let temp: ReturnType<typeof makeTempDir>;
let db: KioskDb;
let clock: ManualClock;
let logLines: string[];
let sender: MailSender | null;
const closers: (() => Promise<void>)[] = [];

beforeEach(() => {
  temp = makeTempDir('fd-mail-sender-');
  db = openKioskDb({ dataDir: temp.dir });
  clock = manualClock(START);
  logLines = [];
  sender = null;
});

afterEach(async () => {
  sender?.stop();
  for (const close of closers.splice(0)) await close();
  db.$client.close();
  temp.remove();
});

function queueMail(localId: string): void {
  insertMailOnce(
    db,
    {
      localId,
      messageId: `<${localId}@salon.example>`,
      recipient: RECIPIENT,
      subject: 'Salon Eva: your booking could not be kept',
      body: 'Hello Eva,\n\nunfortunately your booking could not be kept.\n',
    },
    clock.now(),
  );
}

function mailRow(localId: string) {
  const [row] = listMails(db, [localId]);
  if (!row) throw new Error(`no mail ${localId}`);
  return row;
}

function startSender(config: MailTransportConfig, changes: string[] = []): MailSender {
  sender = createMailSender({
    db,
    clock,
    log: createLogger('mail', { level: 'debug', sink: (line) => logLines.push(line) }),
    config,
    onChange: (localId) => changes.push(localId),
  });
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

describe('the mail sender', () => {
  it('sends a due mail once, with its Message-ID, and marks it sent; the recipient is not logged', async () => {
    const smtp = await sink();
    queueMail('bk-1');
    const changes: string[] = [];
    const mails = startSender(
      { smtpUrl: smtp.url, from: 'Salon Eva <desk@salon.example>' },
      changes,
    );
    await mails.runOnce();
    expect(mailRow('bk-1').state).toBe('sent');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.from).toBe('desk@salon.example');
    expect(smtp.received[0]?.to).toEqual([RECIPIENT]);
    expect(smtp.received[0]?.raw).toContain('Message-ID: <bk-1@salon.example>');
    expect(smtp.received[0]?.raw).toContain('Subject: Salon Eva: your booking could not be kept');
    expect(changes).toEqual(['bk-1', 'bk-1']); // claimed, then sent

    await mails.runOnce(); // nothing due any more
    expect(smtp.received).toHaveLength(1);
    expect(logLines.some((line) => line.includes('customer e-mail sent'))).toBe(true);
    expect(logLines.join('\n')).not.toContain(RECIPIENT);
  });

  it("logs in with IT's password from its file, which the URL of the config never holds", async () => {
    const server = await loginServer();
    queueMail('bk-1');
    const mails = startSender({
      smtpUrl: server.url,
      from: 'desk@salon.example',
      password: 'p@ss:word/1',
    });
    await mails.runOnce();
    expect(server.logins).toEqual(['salon:p@ss:word/1']);
    expect(server.received).toHaveLength(1);
    expect(mailRow('bk-1').state).toBe('sent');
  });

  it('a server that refuses the mail did not take it: tried again later, failed after five attempts', async () => {
    const smtp = await sink({ reject: true });
    queueMail('bk-1');
    const mails = startSender({ smtpUrl: smtp.url, from: 'desk@salon.example' });
    await mails.runOnce();
    expect(mailRow('bk-1')).toMatchObject({
      state: 'pending',
      attempts: 1,
      nextAttemptAt: START + 60_000,
    });
    expect(logLines.find((line) => line.includes('not sent'))).toContain('"responseCode":550');

    await mails.runOnce(); // not due yet
    expect(mailRow('bk-1').attempts).toBe(1);

    for (let attempt = 2; attempt <= 5; attempt += 1) {
      clock.set(mailRow('bk-1').nextAttemptAt);
      await mails.runOnce();
      expect(mailRow('bk-1').attempts).toBe(attempt);
    }
    expect(mailRow('bk-1').state).toBe('failed');
    clock.advance(3_600_000);
    await mails.runOnce();
    expect(mailRow('bk-1')).toMatchObject({ state: 'failed', attempts: 5 });
  });

  it('a server that cannot be reached is tried again later', async () => {
    const smtp = await sink();
    const port = new URL(smtp.url).port;
    await smtp.close();
    closers.length = 0;
    queueMail('bk-1');
    const mails = startSender({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'desk@salon.example' });
    await mails.runOnce();
    expect(mailRow('bk-1')).toMatchObject({ state: 'pending', attempts: 1 });
    expect(logLines.find((line) => line.includes('not sent'))).toContain('"errorCode":"ESOCKET"');
  });

  it.each(['nonsense', 'hang up'] as const)(
    'a server that takes the text and then answers %s may have the mail: uncertain, never sent again',
    async (afterData) => {
      const server = await scriptedServer(afterData);
      queueMail('bk-1');
      const mails = startSender({ smtpUrl: server.url, from: 'desk@salon.example' });
      await mails.runOnce();
      expect(server.messages()).toBe(1);
      expect(mailRow('bk-1').state).toBe('uncertain');
      clock.advance(3_600_000);
      await mails.runOnce();
      expect(server.messages()).toBe(1);
      expect(mailRow('bk-1').state).toBe('uncertain');
    },
  );

  it('a host name with no DNS answer was never reached: tried again later', async () => {
    queueMail('bk-1');
    const mails = startSender({
      smtpUrl: 'smtp://frontdesk-test.invalid:2525',
      from: 'desk@salon.example',
    });
    await mails.runOnce();
    expect(mailRow('bk-1')).toMatchObject({ state: 'pending', attempts: 1 });
    expect(logLines.find((line) => line.includes('not sent'))).toContain('"errorCode":"EDNS"');
  });

  it('a mail claimed by a process that died becomes uncertain at start-up and is not sent', async () => {
    const smtp = await sink();
    queueMail('bk-1');
    queueMail('bk-2');
    expect(claimMail(db, 'bk-1', clock.now())).toBe(true);
    const mails = startSender({ smtpUrl: smtp.url, from: 'desk@salon.example' });
    expect(mails.recover()).toBe(1);
    expect(mails.recover()).toBe(0);
    expect(logLines.filter((line) => line.includes('interrupted while sending'))).toHaveLength(1);
    await mails.runOnce();
    expect(mailRow('bk-1').state).toBe('uncertain');
    expect(mailRow('bk-2').state).toBe('sent');
    expect(smtp.received).toHaveLength(1);
  });

  it('started, it sends what is due by itself and what is poked; stopped, nothing more', async () => {
    const smtp = await sink();
    queueMail('bk-1');
    const mails = startSender({ smtpUrl: smtp.url, from: 'desk@salon.example' });
    mails.poke(); // before start: no effect
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.received).toHaveLength(0);

    mails.start();
    await until(() => mailRow('bk-1').state === 'sent', 10_000);
    queueMail('bk-2');
    mails.poke();
    await until(() => mailRow('bk-2').state === 'sent', 10_000);
    expect(smtp.received.map((mail) => mail.raw.includes('bk-2@salon.example'))).toEqual([
      false,
      true,
    ]);

    mails.stop();
    queueMail('bk-3');
    mails.poke();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailRow('bk-3').state).toBe('pending');
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
