import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KioskEvent } from '../../../shared/kiosk-api';
import { createHttpKioskClient } from '../../../shared/kiosk-http-client';
import { startFaultProxy } from '../../support/fault-proxy';
import { KioskFailure } from '../../../shared/result';
import { startWebShell } from '../../../electron/web/web-shell';
import type { WebShell } from '../../../electron/web/web-shell';
import {
  createKioskApiDouble,
  localBooking,
  service,
  syncStatus,
  shellOptions,
} from '../../unit/web/kiosk-api-double';
import type { KioskApiDouble } from '../../unit/web/kiosk-api-double';
import { freePort } from '../../support/free-port';

const TOKEN = 'client-test-token-0123456789';

describe('createHttpKioskClient against the web shell', () => {
  let double: KioskApiDouble;
  let shell: WebShell;

  beforeAll(async () => {
    double = createKioskApiDouble({
      retryBooking: () => Promise.reject(new KioskFailure('not_found', 'no such booking')),
      // An answer that breaks the contract: the client must not pass it on.
      getSettings: () => Promise.resolve({ mode: 'tablet' } as never),
    });
    shell = await startWebShell({
      ...shellOptions(double, TOKEN),
      heartbeatMs: 50,
    });
  });
  afterAll(async () => {
    await shell.close();
  });

  it('round-trips a call with input and a validated result', async () => {
    const client = createHttpKioskClient({ baseUrl: shell.url, token: TOKEN });
    const catalog = await client.getCatalog({});
    expect(catalog).toMatchObject({ ok: true, result: { services: [service], source: 'live' } });
    const slots = await client.getTimeSlots({
      date: '2026-03-02',
      serviceId: 'svc-cut',
      fresh: true,
    });
    expect(slots).toMatchObject({ ok: true, result: { date: '2026-03-02' } });
    expect(double.calls.at(-1)).toEqual({
      method: 'getTimeSlots',
      input: { date: '2026-03-02', serviceId: 'svc-cut', fresh: true },
    });
    expect(await client.listBookings({ session: 'a-staff-session-0000' })).toEqual({
      ok: true,
      result: [localBooking],
    });
  });

  it('passes failures through as Results', async () => {
    const client = createHttpKioskClient({ baseUrl: `${shell.url}/`, token: TOKEN });
    expect(await client.retryBooking({ session: 'a-staff-session-0000', localId: 'x' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'no such booking' },
    });
    const invalid = await client.getAvailableDays({ year: 2026, month: 13 });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const wrongToken = createHttpKioskClient({ baseUrl: shell.url, token: 'nope' });
    expect(await wrongToken.getCatalog({})).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
  });

  it('refuses an answer that does not match the output schema', async () => {
    const client = createHttpKioskClient({ baseUrl: shell.url, token: TOKEN });
    expect(await client.getSettings({ session: 'a-staff-session-0000' })).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });

  it('answers unavailable when the shell cannot be reached', async () => {
    const client = createHttpKioskClient({
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      token: TOKEN,
    });
    expect(await client.getSyncStatus({})).toMatchObject({
      ok: false,
      error: { code: 'unavailable' },
    });
  });

  it('answers unavailable when the shell does not answer in time', async () => {
    const proxy = await startFaultProxy({ target: shell.url, mode: 'hang' });
    try {
      // The proxy never answers: an answer at all is the client's own time limit (no wall-clock
      // bound here, a busy machine is not a failure; a client without one hangs the test).
      const client = createHttpKioskClient({ baseUrl: proxy.url, token: TOKEN, timeoutMs: 200 });
      expect(await client.getCatalog({})).toMatchObject({
        ok: false,
        error: { code: 'unavailable' },
      });
      proxy.setMode('pass');
      // The same client answers again once the shell does (each try still has 200 ms: polled).
      await expect
        .poll(async () => (await client.getCatalog({})).ok, { timeout: 20_000 })
        .toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it('delivers the initial status and pushed events, and stops on unsubscribe', async () => {
    const client = createHttpKioskClient({ baseUrl: shell.url, token: TOKEN });
    const events: KioskEvent[] = [];
    const unsubscribe = client.onEvent((event) => events.push(event));
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toEqual({ type: 'status', status: syncStatus });
    await expect.poll(() => double.events.listeners()).toBe(1);
    double.emit({ type: 'booking', booking: localBooking });
    await expect.poll(() => events.length).toBe(2);
    expect(events[1]).toEqual({ type: 'booking', booking: localBooking });
    unsubscribe();
    await expect.poll(() => double.events.listeners()).toBe(0);
  });

  it('reconnects when the stream goes silent for longer than the idle timeout', async () => {
    const quiet = createKioskApiDouble();
    const silentShell = await startWebShell({
      ...shellOptions(quiet, TOKEN),
      heartbeatMs: 60_000, // no heartbeat within the test: the connection looks dead
    });
    const client = createHttpKioskClient({
      baseUrl: silentShell.url,
      token: TOKEN,
      eventIdleTimeoutMs: 150,
      reconnect: { baseMs: 20, capMs: 50 },
    });
    const events: KioskEvent[] = [];
    const unsubscribe = client.onEvent((event) => events.push(event));
    try {
      // Each new connection starts with a status event.
      await expect.poll(() => events.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
      expect(events.every((event) => event.type === 'status')).toBe(true);
    } finally {
      unsubscribe();
      await silentShell.close();
    }
  });

  it('reconnects after the shell restarts on the same port', async () => {
    const first = createKioskApiDouble();
    const restartable = await startWebShell({
      ...shellOptions(first, TOKEN),
    });
    const port = restartable.port;
    const client = createHttpKioskClient({
      baseUrl: restartable.url,
      token: TOKEN,
      reconnect: { baseMs: 20, capMs: 100 },
    });
    const events: KioskEvent[] = [];
    const unsubscribe = client.onEvent((event) => events.push(event));
    await expect.poll(() => events.length).toBe(1);
    await restartable.close();

    const second = createKioskApiDouble();
    const again = await startWebShell({
      ...shellOptions(second, TOKEN),
      port,
    });
    try {
      await expect.poll(() => second.events.listeners(), { timeout: 5_000 }).toBe(1);
      second.emit({ type: 'booking', booking: localBooking });
      await expect.poll(() => events.some((event) => event.type === 'booking')).toBe(true);
    } finally {
      unsubscribe();
      await again.close();
    }
  });
});
