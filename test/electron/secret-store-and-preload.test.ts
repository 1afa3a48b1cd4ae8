import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  IPC_EVENT_CHANNEL,
  IPC_EVENT_SESSION_CHANNEL,
  ipcChannel,
  kioskMethods,
  type KioskEvent,
} from '../../shared/kiosk-api';
import { createSafeStorageSecretStore } from '../../electron/main/safe-storage-secret-store';
import { buildKioskBridge, type IpcRendererLike } from '../../electron/preload/bridge';

describe('safeStorage secret store', () => {
  const storage = (available: boolean) => ({
    isEncryptionAvailable: () => available,
    encryptString: (text: string) => Buffer.from([...text].reverse().join('')),
    decryptString: (data: Buffer) => [...data.toString()].reverse().join(''),
  });

  it.each([
    ['linux', 'basic_text', 'plain'],
    ['linux', 'gnome_libsecret', 'keychain'],
    ['linux', undefined, 'keychain'],
    ['win32', 'basic_text', 'keychain'], // the backend is a Linux notion; DPAPI elsewhere
  ] as const)('on %s with backend %s the key counts as %s', (platform, backend, protection) => {
    const safeStorage = {
      ...storage(true),
      ...(backend ? { getSelectedStorageBackend: () => backend } : {}),
    };
    expect(createSafeStorageSecretStore('/nowhere/key.bin', safeStorage, platform).protection).toBe(
      protection,
    );
  });

  it('keeps the key encrypted on disk and reads it back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'frontdesk-secret-'));
    try {
      const path = join(dir, 'key.bin');
      const store = createSafeStorageSecretStore(path, storage(true));
      expect(store.get()).toBeNull();
      store.set('sk-live-123');
      expect(readFileSync(path, 'utf8')).not.toContain('sk-live-123');
      expect(store.get()).toBe('sk-live-123');
      store.set(null);
      expect(store.get()).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to store the key in clear when the OS offers no encryption', () => {
    const dir = mkdtempSync(join(tmpdir(), 'frontdesk-secret-'));
    try {
      expect(() =>
        createSafeStorageSecretStore(join(dir, 'key.bin'), storage(false)).set('k'),
      ).toThrow(/secure storage/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('preload bridge', () => {
  function standIn() {
    const invoked: { channel: string; args: unknown[] }[] = [];
    const listeners = new Map<
      string,
      Set<(event: unknown, payload: unknown, session?: unknown) => void>
    >();
    const ipc: IpcRendererLike = {
      invoke: (channel, ...args) => {
        invoked.push({ channel, args });
        return Promise.resolve({ ok: true, result: channel });
      },
      on: (channel, listener) =>
        listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
      removeListener: (channel, listener) => listeners.get(channel)?.delete(listener),
    };
    return { ipc, invoked, listeners };
  }

  it('exposes exactly the contract methods plus onEvent, each an invoke on its channel', async () => {
    const { ipc, invoked } = standIn();
    const bridge = buildKioskBridge(ipc);
    expect(Object.keys(bridge).sort()).toEqual([...kioskMethods, 'onEvent'].sort());
    expect(await bridge.getTimeSlots({ date: '2026-11-24', serviceId: 's' })).toEqual({
      ok: true,
      result: ipcChannel('getTimeSlots'),
    });
    expect(invoked).toEqual([
      { channel: 'kiosk:getTimeSlots', args: [{ date: '2026-11-24', serviceId: 's' }] },
    ]);
  });

  it('delivers events without the IPC event object, and unsubscribes', () => {
    const { ipc, listeners, invoked } = standIn();
    const bridge = buildKioskBridge(ipc);
    const seen: KioskEvent[] = [];
    const stop = bridge.onEvent((event) => seen.push(event), { session: 'a-staff-session-0000' });
    // The page names its staff session to main, so that main sends it booking events.
    expect(invoked).toEqual([
      {
        channel: IPC_EVENT_SESSION_CHANNEL,
        args: [{ session: 'a-staff-session-0000', watching: true }],
      },
    ]);
    const payload = { type: 'booking' } as unknown as KioskEvent;
    for (const listener of listeners.get(IPC_EVENT_CHANNEL) ?? []) {
      listener({ sender: 'ipc internals' }, payload, 'a-staff-session-0000');
      listener({ sender: 'ipc internals' }, payload, 'another-session-00000'); // another listener's
    }
    expect(seen).toEqual([payload]);
    stop();
    expect(listeners.get(IPC_EVENT_CHANNEL)?.size).toBe(0);
    expect(invoked.at(-1)).toEqual({
      channel: IPC_EVENT_SESSION_CHANNEL,
      args: [{ session: 'a-staff-session-0000', watching: false }],
    });
  });

  it('gives a listener without a staff session status events only', () => {
    const { ipc, listeners, invoked } = standIn();
    const bridge = buildKioskBridge(ipc);
    const seen: KioskEvent[] = [];
    bridge.onEvent((event) => seen.push(event));
    const booking = { type: 'booking' } as unknown as KioskEvent;
    const status = { type: 'status' } as unknown as KioskEvent;
    for (const listener of listeners.get(IPC_EVENT_CHANNEL) ?? []) {
      listener({}, booking, 'a-staff-session-0000');
      listener({}, status);
    }
    expect(seen).toEqual([status]);
    expect(invoked).toEqual([]);
  });
});
