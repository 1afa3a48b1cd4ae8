/**
 * Issue 19: a queued booking that the API refuses on replay reaches the customer. Staff see it
 * as a follow-up with the customer's phone and e-mail ("Contacted" / "Dismiss"), and with a
 * mail transport (a local SMTP server) the customer gets exactly one e-mail in the language they
 * booked in, also when the kiosk is killed (-9) before or while sending it. Real SQLite, the
 * real reference server through the fault proxy, real SMTP on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingReference } from '../../../shared/booking/reference';
import { systemClock } from '../../../electron/core/platform/clock';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import {
  MONDAY_0830,
  makeTempDir,
  startCore,
  startUpstream,
  until,
  type UpstreamFixture,
} from '../../support/core/harness';
import { mailText, queueDoomedBooking } from '../../support/core/doomed-booking';
import { NOTIFY_SHOP_PHONE } from '../../support/core/notify-shop';
import { openStaffSession } from '../../support/core/staff';
import { startSmtpSink, type SmtpSink } from '../../support/server/smtp-sink';
import { bundledEntry } from '../../support/bundled-entry';

const NOTIFY_PROCESS = fileURLToPath(
  new URL('../../support/core/notify-process.ts', import.meta.url),
);

let temp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
let sink: SmtpSink | null = null;
let core: KioskCoreInternals | null = null;
const offset = MONDAY_0830 - Date.now();
const clock = { ...systemClock, now: () => Date.now() + offset };

beforeEach(async () => {
  temp = makeTempDir('fd-refusal-notice-');
  upstream = await startUpstream(temp.dir, {
    clock: clock.now,
    rateLimit: { perMinute: 6000, perDay: 100_000 },
  });
});

afterEach(async () => {
  await core?.close();
  core = null;
  await sink?.close();
  sink = null;
  await upstream.close();
  temp.remove();
});

/** Runs the replay until nothing is queued (the doomed booking refused, or the retry sent). */
async function replayUntilEmpty(c: KioskCoreInternals): Promise<void> {
  await until(async () => {
    await c.replayer.runOnce();
    return (await c.api.getSyncStatus({})).queued === 0;
  }, 10_000);
}

describe('a queued booking refused on replay', () => {
  it('opens a follow-up with the contact details and sends one e-mail in the booking language', async () => {
    sink = await startSmtpSink();
    core = await startCore(join(temp.dir, 'kiosk'), upstream.proxy.url, {
      clock,
      shop: { name: 'Salon Lindenhof', phone: '+49 30 1234 5678' },
      mail: { smtpUrl: sink.url, from: 'Salon Lindenhof <termine@salon.example>' },
    });
    expect((await core.api.getPublicSettings({})).customerMail).toBe(true);
    const doomed = await queueDoomedBooking(core, upstream, 'pl');
    await replayUntilEmpty(core);
    const session = await openStaffSession(core);
    const row = (await core.api.listBookings({ session })).find(
      (b) => b.localId === doomed.localId,
    );
    expect(row?.state).toBe('rejected');
    expect(row?.followUp).toEqual({ state: 'open', mail: 'pending' });
    expect(row?.request.customer).toMatchObject({ email: doomed.email, phone: doomed.phone });

    await core.mail?.runOnce();
    await core.mail?.runOnce();
    await core.replayer.runOnce();
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail?.to).toEqual([doomed.email]);
    const text = mailText(mail?.raw ?? '');
    expect(text).toContain('niestety nie udało się utrzymać Twojej rezerwacji');
    expect(text).toContain('+49 30 1234 5678');
    expect(text).toContain('Najbliższe wolne terminy tej usługi:');
    // Dates written out in Polish (issue 28), with the reference the customer saw.
    expect(text).toMatch(/- \p{L}+, 2\d listopada 2026 \d\d:\d\d/u);
    expect(text).toContain(`Twój numer referencyjny: ${bookingReference(doomed.localId)}`);

    const listed = await core.api.listBookings({ session });
    expect(listed.find((b) => b.localId === doomed.localId)?.followUp).toEqual({
      state: 'open',
      mail: 'sent',
    });
    await expect(
      core.api.resolveFollowUp({ session, localId: doomed.localId, action: 'contacted' }),
    ).resolves.toEqual({ localId: doomed.localId, state: 'contacted', mail: 'sent' });
    // A retry that is refused again never mails twice.
    await core.api.retryBooking({ session, localId: doomed.localId });
    await replayUntilEmpty(core);
    await core.mail?.runOnce();
    expect(sink.received).toHaveLength(1);
  });

  it('without a mail transport staff still get the follow-up; nothing is mailed', async () => {
    core = await startCore(join(temp.dir, 'kiosk'), upstream.proxy.url, { clock });
    expect((await core.api.getPublicSettings({})).customerMail).toBe(false);
    const doomed = await queueDoomedBooking(core, upstream, 'en');
    await replayUntilEmpty(core);
    const session = await openStaffSession(core);
    const row = (await core.api.listBookings({ session })).find(
      (b) => b.localId === doomed.localId,
    );
    expect(row?.followUp).toEqual({ state: 'open', mail: 'none' });
    expect(core.mail).toBeNull();
    // The counter finds it by the customer's e-mail or phone too (issue 19, "Features").
    const found = async (query: string) =>
      (await core!.api.listBookings({ session, query })).map((b) => b.localId);
    expect(await found(doomed.email.toUpperCase())).toEqual([doomed.localId]);
    expect(await found('030 555-0101')).toEqual([doomed.localId]);
    expect(await found('030 555-0199')).toEqual([]);
  });
  it('staff contacted the customer, then discard and undo it: the follow-up stays contacted, nothing reopens', async () => {
    core = await startCore(join(temp.dir, 'kiosk'), upstream.proxy.url, { clock });
    const doomed = await queueDoomedBooking(core, upstream, 'en');
    await replayUntilEmpty(core);
    const session = await openStaffSession(core);
    const { localId } = doomed;
    expect((await core.api.getSyncStatus({})).refused).toBe(1);
    await core.api.resolveFollowUp({ session, localId, action: 'contacted' });
    expect((await core.api.getSyncStatus({})).refused).toBe(0);
    await core.api.discardBooking({ session, localId });
    expect((await core.api.restoreBooking({ session, localId })).state).toBe('rejected');
    const row = (await core.api.listBookings({ session })).find((b) => b.localId === localId);
    expect(row?.followUp).toEqual({ state: 'contacted', mail: 'none' });
    expect((await core.api.getSyncStatus({})).refused).toBe(0);
  });
});

/** The notify process bundled: it starts in a quarter of tsx's time (issue 40). */
let notifyBundle = '';

function spawnNotify(
  dataDir: string,
  smtp: string,
  noMail: boolean,
): ChildProcess & { lines: string[] } {
  const args = [
    notifyBundle,
    '--data',
    dataDir,
    '--upstream',
    upstream.proxy.url,
    '--smtp',
    smtp,
    '--now',
    String(clock.now()),
  ];
  if (noMail) args.push('--no-mail');
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FRONTDESK_LOG_LEVEL: 'silent' },
  }) as ChildProcess & { lines: string[] };
  child.lines = [];
  child.stdout?.on('data', (chunk: Buffer) => child.lines.push(...chunk.toString().split('\n')));
  return child;
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once('exit', resolve));
}

describe('the mail outbox across kill -9', () => {
  beforeAll(async () => {
    notifyBundle = await bundledEntry(NOTIFY_PROCESS);
  });

  it('killed after the refusal, before sending: the restarted kiosk sends exactly one e-mail', async () => {
    sink = await startSmtpSink();
    const dataDir = join(temp.dir, 'kiosk');
    core = await startCore(dataDir, upstream.proxy.url, { clock });
    const doomed = await queueDoomedBooking(core, upstream, 'pl');
    await core.close();
    core = null;

    const first = spawnNotify(dataDir, sink.url, true);
    await until(() => first.lines.includes('replayed'), 30_000);
    first.kill('SIGKILL');
    await exited(first);
    expect(sink.received).toHaveLength(0);

    const second = spawnNotify(dataDir, sink.url, false);
    await until(() => second.lines.includes('done'), 30_000);
    await exited(second);
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]?.to).toEqual([doomed.email]);
    const text = mailText(sink.received[0]?.raw ?? '');
    expect(text).toContain('niestety'); // Polish: the language it was booked in
    expect(text).toContain(NOTIFY_SHOP_PHONE);

    // Once more: nothing is due, nothing is sent again.
    const third = spawnNotify(dataDir, sink.url, false);
    await until(() => third.lines.includes('done'), 30_000);
    await exited(third);
    expect(sink.received).toHaveLength(1);
  }, 90_000);

  it('killed while the SMTP server has the mail: never sent again, staff see it as uncertain', async () => {
    sink = await startSmtpSink({ holdMs: 60_000 });
    const dataDir = join(temp.dir, 'kiosk');
    core = await startCore(dataDir, upstream.proxy.url, { clock });
    const doomed = await queueDoomedBooking(core, upstream, 'en');
    await core.close();
    core = null;

    const first = spawnNotify(dataDir, sink.url, false);
    await until(() => sink?.received.length === 1, 30_000);
    first.kill('SIGKILL');
    await exited(first);

    const second = spawnNotify(dataDir, sink.url, false);
    await until(() => second.lines.includes('done'), 30_000);
    await exited(second);
    expect(sink.received).toHaveLength(1);

    core = await startCore(dataDir, upstream.proxy.url, { clock });
    const session = await openStaffSession(core);
    const row = (await core.api.listBookings({ session })).find(
      (b) => b.localId === doomed.localId,
    );
    expect(row?.followUp).toEqual({ state: 'open', mail: 'uncertain' });
  }, 90_000);
});
