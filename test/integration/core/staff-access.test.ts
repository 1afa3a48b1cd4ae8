/**
 * Staff access on its own: the real settings service over SQLite, real sessions, a stand-in for
 * the engine's API. The first PIN (demo, or with the start-up setup code), the guard on every
 * staff method, and the current PIN a PIN change needs. Through the transports:
 * staff-session.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openKioskDb } from '../../../electron/core/db/open';
import { createSettingsService } from '../../../electron/core/engine/settings-service';
import { createStaffAccess, type UnguardedApi } from '../../../electron/core/engine/staff-access';
import { silentLogger } from '../../../electron/core/log';
import { createMemorySecretStore } from '../../../electron/core/settings/secret-store';
import { createStaffSessions } from '../../../electron/core/settings/staff-sessions';
import { kioskMethods, type KioskApi } from '../../../shared/kiosk-api';
import { KioskFailure } from '../../../shared/result';
import { makeTempDir } from '../../support/core/harness';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup.splice(0)) fn();
});

const CODE = 'ABCD-EFGH';

function open(kind: 'embedded' | 'remote' = 'remote'): { api: KioskApi; setup: () => string; calls: string[] } {
  const temp = makeTempDir('fd-staff-access-');
  const db = openKioskDb({ dataDir: temp.dir });
  cleanup.push(() => {
    db.$client.close();
    temp.remove();
  });
  let now = Date.parse('2026-11-23T09:00:00Z');
  const settings = createSettingsService(db, createMemorySecretStore('key'));
  const sessions = createStaffSessions({ now: () => now, idleMs: () => 300_000 });
  const access = createStaffAccess({
    settings,
    sessions,
    now: () => (now += 1),
    upstreamKind: () => kind,
    setupCode: () => (settings.hasPin() ? null : CODE),
    log: silentLogger,
  });
  const calls: string[] = [];
  // The engine's side: records which methods the guard let through.
  const inner = Object.fromEntries(
    kioskMethods.map((method) => [
      method,
      (input: unknown) => {
        calls.push(method);
        if (method === 'updateSettings') return Promise.resolve(settings.update(input as never).settings);
        return Promise.resolve({ method, input });
      },
    ]),
  ) as unknown as UnguardedApi;
  return { api: access.guard(inner), setup: () => access.setup(), calls };
}

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof KioskFailure) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'ok';
}

describe('the first staff PIN', () => {
  it('remote: needs the setup code (case, spaces and hyphen aside); a wrong or missing one counts as a wrong attempt', async () => {
    const { api, setup } = open('remote');
    expect(setup()).toBe('required');
    expect(await api.setupStaffPin({ pin: '2468' })).toEqual({ valid: false });
    expect(await api.setupStaffPin({ setupCode: 'ABCD-EFGX', pin: '2468' })).toEqual({ valid: false });
    expect(setup()).toBe('required');
    const opened = await api.setupStaffPin({ setupCode: ' abcd efgh ', pin: '2468' });
    expect(opened.valid).toBe(true);
    expect(typeof opened.session).toBe('string');
    expect(typeof opened.expiresAt).toBe('string');
    expect(setup()).toBe('done');
    expect(await code(api.setupStaffPin({ setupCode: CODE, pin: '1111' }))).toBe('invalid_request: a staff PIN is already set');
    expect(await api.verifyStaffPin({ pin: '2468' })).toMatchObject({ valid: true });
    expect(await api.verifyStaffPin({ pin: '1111' })).toEqual({ valid: false });
  });

  it('embedded demo: the first PIN needs no code', async () => {
    const { api, setup } = open('embedded');
    expect(setup()).toBe('demo');
    expect(await api.setupStaffPin({ pin: '2468' })).toMatchObject({ valid: true });
    expect(setup()).toBe('done');
  });

  it('five wrong setup codes lock out the sixth attempt, the right code too', async () => {
    const { api } = open('remote');
    for (let i = 0; i < 4; i += 1) expect(await api.setupStaffPin({ setupCode: 'WRONG-CODE', pin: '2468' })).toEqual({ valid: false });
    const fifth = await api.setupStaffPin({ setupCode: 'WRONG-CODE', pin: '2468' });
    expect(fifth).toMatchObject({ valid: false, retryAfterSec: 60 });
    const locked = await api.setupStaffPin({ setupCode: CODE, pin: '2468' });
    expect(locked.valid).toBe(false);
    expect(locked.retryAfterSec).toBeGreaterThan(0);
  });
});

describe('the guard', () => {
  it('staff methods need a live session, given as a string; customer methods do not', async () => {
    const { api, calls } = open('embedded');
    for (const session of [undefined, 42, 'not-a-session']) {
      expect(await code(api.listBookings({ session } as never))).toBe('unauthorized: staff session missing or expired: enter the staff PIN');
    }
    expect(await code((api.listBookings as (input: unknown) => Promise<unknown>)(undefined))).toMatch(/^unauthorized/);
    expect(calls).toEqual([]);
    await api.getCatalog({});
    expect(calls).toEqual(['getCatalog']);
    const opened = await api.setupStaffPin({ pin: '2468' });
    await api.listBookings({ session: opened.session ?? '' });
    expect(calls).toEqual(['getCatalog', 'listBookings']);
  });

  it('a PIN change needs the current PIN as well as the session; other changes need the session alone', async () => {
    const { api } = open('embedded');
    const { session = '' } = await api.setupStaffPin({ pin: '2468' });
    expect(await code(api.updateSettings({ session: 'nope', mode: 'counter' }))).toMatch(/^unauthorized: staff session/);
    expect((await api.updateSettings({ session, mode: 'counter' })).mode).toBe('counter');
    expect(await code(api.updateSettings({ session, newPin: '1357' }))).toBe('unauthorized: pin: enter the current staff PIN to change it');
    expect(await code(api.updateSettings({ session, pin: '0000', newPin: '1357' }))).toBe('unauthorized: pin: enter the current staff PIN to change it');
    expect(await code(api.updateSettings({ session, pin: '2468', newPin: '1357' }))).toBe('ok');
    expect(await api.verifyStaffPin({ pin: '1357' })).toMatchObject({ valid: true });
  });

  it('wrong current PINs count towards the lockout, and then say how long to wait', async () => {
    const { api } = open('embedded');
    const { session = '' } = await api.setupStaffPin({ pin: '2468' });
    for (let i = 0; i < 4; i += 1) await code(api.updateSettings({ session, pin: '0000', newPin: '1357' }));
    expect(await code(api.updateSettings({ session, pin: '0000', newPin: '1357' }))).toBe('unauthorized: too many wrong PINs: try again in 60 s');
    const locked = await api.verifyStaffPin({ pin: '2468' });
    expect(locked.valid).toBe(false);
    expect(locked.retryAfterSec).toBeGreaterThan(0);
  });

  it('endStaffSession ends a live session once', async () => {
    const { api } = open('embedded');
    const { session = '' } = await api.setupStaffPin({ pin: '2468' });
    expect(await api.endStaffSession({ session })).toEqual({ ended: true });
    expect(await api.endStaffSession({ session })).toEqual({ ended: false });
    expect(await code(api.listBookings({ session }))).toMatch(/^unauthorized/);
  });
});
