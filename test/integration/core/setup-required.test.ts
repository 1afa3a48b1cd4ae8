/**
 * Issue 17, trust: while staff setup is `required` (a remote upstream and no PIN), the core
 * refuses `createBooking` itself, whatever the transport: through the core and through the web
 * shell's HTTP route. Nothing reaches the API; once staff set the PIN, bookings are taken.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { silentLogger } from '../../../electron/core/platform/log';
import { startWebShell } from '../../../electron/web/web-shell';
import { freeSlots } from '../../support/core/crash-run';
import {
  bookingRequest,
  kioskFailure,
  makeTempDir,
  serverBookings,
  startCore,
  startUpstream,
  type UpstreamFixture,
} from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';

const TOKEN = 'setup-required-test-token-0001';

let temp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
let core: KioskCoreInternals | null = null;

beforeEach(async () => {
  temp = makeTempDir('fd-setup-');
  upstream = await startUpstream(temp.dir, { rateLimit: { perMinute: 6000, perDay: 100_000 } });
});

afterEach(async () => {
  await core?.close();
  core = null;
  await upstream.close();
  temp.remove();
});

async function slot() {
  const [found] = await freeSlots(upstream.server.url, 1);
  if (!found) throw new Error('no free slot');
  return { ...found, serviceId: 'svc-bart' };
}

describe('createBooking while staff setup is required', () => {
  it('is refused by the core with setup_required; after the first PIN it is taken', async () => {
    core = await startCore(join(temp.dir, 'kiosk'), upstream.proxy.url, { staffPin: null });
    const c = core;
    expect((await c.api.getPublicSettings(undefined)).setup).toBe('required');
    const request1 = bookingRequest(await slot(), 1);
    const failure = await kioskFailure(c.api.createBooking(request1));
    expect(failure).toMatchObject({
      code: 'setup_required',
      message: 'this kiosk takes no bookings until staff set a PIN (setup required)',
    });
    expect(serverBookings(upstream.dbPath)).toHaveLength(0);
    expect((await c.api.getSyncStatus({})).queued).toBe(0);

    await openStaffSession(c); // the first PIN, with the printed setup code
    expect((await c.api.createBooking(request1)).state).toBe('sent');
    expect(serverBookings(upstream.dbPath)).toHaveLength(1);
  });

  it("is refused through the web shell's HTTP route (503, setup_required)", async () => {
    core = await startCore(join(temp.dir, 'kiosk'), upstream.proxy.url, { staffPin: null });
    const rendererDir = mkdtempSync(join(temp.dir, 'renderer-'));
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Frontdesk</title>');
    const shell = await startWebShell({
      api: core.api,
      events: core.events,
      port: 0,
      token: TOKEN,
      rendererDir,
      log: silentLogger,
    });
    try {
      const answer = await request(`${shell.url}/api/kiosk/createBooking`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(bookingRequest(await slot(), 2)),
      });
      expect(answer.statusCode).toBe(503);
      expect(await answer.body.json()).toMatchObject({
        ok: false,
        error: { code: 'setup_required' },
      });
      expect(serverBookings(upstream.dbPath)).toHaveLength(0);
    } finally {
      await shell.close();
      rmSync(rendererDir, { recursive: true, force: true });
    }
  });
});
