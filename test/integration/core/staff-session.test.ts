/**
 * Staff sessions as other programs see them: through the browser shell's HTTP bridge and
 * through the Electron IPC handlers (main's handlers and the preload's bridge, with a stand-in
 * for Electron's IPC pipes), in front of the real core on real SQLite, whose upstream is the
 * reference server on 127.0.0.1. The core's clock is injected, so expiry is tested exactly.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { silentLogger } from '../../../electron/core/platform/log';
import { forwardKioskEvents, registerKioskIpc, type IpcMainLike } from '../../../electron/main/ipc';
import { buildKioskBridge, type IpcRendererLike } from '../../../electron/preload/bridge';
import { startWebShell, type WebShell } from '../../../electron/web/web-shell';
import type { KioskClient, KioskEvent, StaffMethod } from '../../../shared/kiosk-api';
import { createHttpKioskClient } from '../../../shared/kiosk-http-client';
import type { Result } from '../../../shared/result';
import {
  MONDAY_0830,
  bookingRequest,
  makeTempDir,
  offsetClock,
  startCore,
  startUpstream,
  type UpstreamFixture,
} from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';

const DATE = '2026-11-24';
const SERVICE = 'svc-herren-schnitt';
const UNKNOWN_SESSION = 'x'.repeat(43);

interface Transport {
  client: KioskClient;
  close(): Promise<void>;
}

/** Main's IPC handlers, the preload's bridge and a window, joined by in-memory pipes. */
function ipcTransport(core: KioskCoreInternals): Transport {
  type Handler = Parameters<IpcMainLike['handle']>[1];
  const handlers = new Map<string, Handler>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => handlers.set(channel, listener),
    removeHandler: (channel) => handlers.delete(channel),
  };
  const rendererListeners = new Map<string, Set<Parameters<IpcRendererLike['on']>[1]>>();
  const sender = {
    senderFrame: { url: 'app://frontdesk/index.html', parent: null },
  } as unknown as Parameters<Handler>[0];
  const ipcRenderer: IpcRendererLike = {
    invoke: async (channel, ...args) => {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`no handler for ${channel}`);
      return handler(sender, ...args);
    },
    on: (channel, listener) =>
      rendererListeners.set(channel, (rendererListeners.get(channel) ?? new Set()).add(listener)),
    removeListener: (channel, listener) => rendererListeners.get(channel)?.delete(listener),
  };
  const window = {
    isDestroyed: () => false,
    send: (channel: string, payload: KioskEvent, session?: string) => {
      for (const listener of rendererListeners.get(channel) ?? [])
        listener({}, structuredClone(payload), session);
    },
  };
  const trusted = (): boolean => true;
  const unregister = registerKioskIpc({
    ipcMain,
    api: core.api,
    isTrustedSender: trusted,
    log: silentLogger,
  });
  const stopEvents = forwardKioskEvents(core.events, window, {
    ipcMain,
    isTrustedSender: trusted,
    log: silentLogger,
  });
  return {
    client: buildKioskBridge(ipcRenderer),
    close: () => {
      stopEvents();
      unregister();
      return Promise.resolve();
    },
  };
}

async function httpTransport(core: KioskCoreInternals): Promise<Transport> {
  const token = 'staff-session-test-token-01';
  const shell: WebShell = await startWebShell({
    api: core.api,
    events: core.events,
    port: 0,
    token,
    rendererDir: null,
    log: silentLogger,
  });
  return {
    client: createHttpKioskClient({ baseUrl: shell.url, token }),
    close: () => shell.close(),
  };
}

/** Each staff method with a valid input for the session given. */
function staffCalls(
  client: KioskClient,
  localId: string,
): Record<StaffMethod, (session: string) => Promise<Result<unknown>>> {
  return {
    listBookings: (session) => client.listBookings({ session }),
    retryBooking: (session) => client.retryBooking({ session, localId }),
    discardBooking: (session) => client.discardBooking({ session, localId }),
    syncNow: (session) => client.syncNow({ session }),
    getSettings: (session) => client.getSettings({ session }),
    updateSettings: (session) => client.updateSettings({ session, language: 'en' }),
    getAppInfo: (session) => client.getAppInfo({ session }),
    saveDiagnostics: (session) => client.saveDiagnostics({ session }),
    listPrinters: (session) => client.listPrinters({ session }),
    getDayGlance: (session) => client.getDayGlance({ session }),
    restoreBooking: (session) => client.restoreBooking({ session, localId }),
    linkRebooking: (session) => client.linkRebooking({ session, localId, rebookedAs: localId }),
    resolveFollowUp: (session) => client.resolveFollowUp({ session, localId, action: 'contacted' }),
    getKioskDay: (session) => client.getKioskDay({ session, from: '2026-03-02', to: '2026-03-02' }),
    exportKioskDay: (session) =>
      client.exportKioskDay({ session, from: '2026-03-02', to: '2026-03-02' }),
  };
}

async function expectAllRefused(
  calls: Record<StaffMethod, (session: string) => Promise<Result<unknown>>>,
  session: string,
): Promise<void> {
  for (const [method, call] of Object.entries(calls)) {
    expect({ method, answer: await call(session) }).toMatchObject({
      method,
      answer: { ok: false, error: { code: 'unauthorized' } },
    });
  }
}

let temp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
let core: KioskCoreInternals;
let skipMs = 0;
let bookedTimes: string[] = [];

beforeEach(async () => {
  temp = makeTempDir('fd-staff-session-');
  skipMs = 0;
  bookedTimes = [];
  const base = offsetClock(MONDAY_0830);
  const now = (): number => base.now() + skipMs;
  upstream = await startUpstream(temp.dir, { clock: now });
  core = await startCore(`${temp.dir}/kiosk`, upstream.server.url, { clock: { ...base, now } });
});
afterEach(async () => {
  await core.close();
  await upstream.close();
  temp.remove();
});

/** Books the next free slot of the day online; returns its localId. */
async function book(client: KioskClient, n: number): Promise<string> {
  const slots = await client.getTimeSlots({ date: DATE, serviceId: SERVICE, fresh: true });
  if (!slots.ok) throw new Error(slots.error.message);
  const slot = slots.result.timeSlots.find(
    (s) => s.available && s.employeeId && !bookedTimes.includes(s.time),
  );
  if (!slot?.employeeId) throw new Error('no free slot');
  bookedTimes.push(slot.time);
  const result = await client.createBooking(
    bookingRequest(
      { date: DATE, time: slot.time, serviceId: SERVICE, employeeId: slot.employeeId },
      n,
    ),
  );
  if (!result.ok) throw new Error(result.error.message);
  return result.result.localId;
}

describe.each([
  ['the HTTP bridge', httpTransport],
  ['the IPC handlers', (c: KioskCoreInternals) => Promise.resolve(ipcTransport(c))],
] as const)('staff sessions through %s', (_name, open) => {
  let transport: Transport;
  beforeEach(async () => {
    transport = await open(core);
  });
  afterEach(async () => {
    await transport.close();
  });

  it('refuses every staff method without a live session and accepts each with one', async () => {
    const { client } = transport;
    const localId = await book(client, 1);
    const calls = staffCalls(client, localId);
    await expectAllRefused(calls, UNKNOWN_SESSION);
    // No session at all is not even a well-formed call.
    expect(await client.listBookings({} as { session: string })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });

    const session = await openStaffSession(core);
    for (const [method, call] of Object.entries(calls)) {
      const answer = await call(session);
      // Past the guard: the method itself answered (a sent booking cannot be discarded, nor
      // followed up).
      if (
        ['discardBooking', 'restoreBooking', 'linkRebooking', 'resolveFollowUp'].includes(method)
      ) {
        expect({ method, answer }).toMatchObject({
          method,
          answer: { ok: false, error: { code: 'invalid_request' } },
        });
      } else expect({ method, ok: answer.ok }).toEqual({ method, ok: true });
    }
    const listed = await client.listBookings({ session });
    expect(listed.ok && listed.result.map((b) => b.localId)).toEqual([localId]);
    // createBooking answered the customer with nothing but what they typed.
    expect(listed.ok && listed.result[0]?.request.customer.name).toBe('Test Customer 1');
  });

  it('ends a session after the staff idle time without a staff call (injected clock); each call renews it', async () => {
    const { client } = transport;
    const localId = await book(client, 2);
    const session = await openStaffSession(core);
    skipMs += 299_000;
    expect((await client.listBookings({ session })).ok).toBe(true); // renewed for another 300 s
    skipMs += 299_000;
    expect((await client.getSettings({ session })).ok).toBe(true);
    skipMs += 300_001;
    await expectAllRefused(staffCalls(client, localId), session);
  });

  it('ends a session at endStaffSession; other sessions stay', async () => {
    const { client } = transport;
    const localId = await book(client, 3);
    const ended = await openStaffSession(core);
    const other = await openStaffSession(core);
    expect(await client.endStaffSession({ session: ended })).toEqual({
      ok: true,
      result: { ended: true },
    });
    expect(await client.endStaffSession({ session: ended })).toEqual({
      ok: true,
      result: { ended: false },
    });
    await expectAllRefused(staffCalls(client, localId), ended);
    expect((await client.listBookings({ session: other })).ok).toBe(true);
  });

  it('sends booking events only to a subscriber that presents a live session; status events to all', async () => {
    const { client } = transport;
    const session = await openStaffSession(core);
    const anonymous: KioskEvent[] = [];
    const staff: KioskEvent[] = [];
    const stale: KioskEvent[] = [];
    const stops = [
      client.onEvent((event) => anonymous.push(event)),
      client.onEvent((event) => staff.push(event), { session }),
      client.onEvent((event) => stale.push(event), { session: UNKNOWN_SESSION }),
    ];
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // the streams are open
      const localId = await book(client, 4);
      await expect
        .poll(() => staff.some((e) => e.type === 'booking' && e.booking.localId === localId))
        .toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300)); // anything else in flight arrives
      expect(anonymous.filter((e) => e.type === 'booking')).toEqual([]);
      expect(stale.filter((e) => e.type === 'booking')).toEqual([]);
      expect(anonymous.some((e) => e.type === 'status')).toBe(true);
      // Once the session ends, its subscriber gets no more customer data either.
      await client.endStaffSession({ session });
      const before = staff.length;
      await book(client, 5);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(staff.slice(before).filter((e) => e.type === 'booking')).toEqual([]);
    } finally {
      for (const stop of stops) stop();
    }
  });
});
