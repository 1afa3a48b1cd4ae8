/**
 * Staff access on its own: the real settings service over SQLite, real sessions, a stand-in for
 * the engine's API. The first PIN (always with the start-up setup code, demo included), the
 * guard on every staff method, the current PIN a PIN change needs, and the PIN lockout (growing,
 * per screen, kept in the database across restarts). Through the transports:
 * staff-session.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openKioskDb } from '../../../electron/core/db/open';
import { createSettingsService } from '../../../electron/core/staff/settings-service';
import { createSqlitePinAttemptStore } from '../../../electron/core/staff/pin-attempts-store';
import {
  browserScreen,
  createStaffAccess,
  type StaffAccessDeps,
  type UnguardedApi,
} from '../../../electron/core/staff/staff-access';
import { silentLogger } from '../../../electron/core/platform/log';
import { createMemorySecretStore } from '../../../electron/core/staff/secret-store';
import { createStaffSessions } from '../../../electron/core/staff/staff-sessions';
import { kioskMethods, type KioskApi } from '../../../shared/kiosk-api';
import { KioskFailure } from '../../../shared/result';
import { makeTempDir } from '../../support/core/harness';
import { captureLog } from '../../support/core/log-capture';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup.splice(0)) fn();
});

const CODE = 'ABCD-EFGH';
const RECOVERY = 'RCVR-2345-6789-ABCD-EFGH-JKMN';

interface Opened {
  api: KioskApi;
  setup: () => string;
  calls: string[];
  /** The same kiosk's API for another screen. */
  screen(name: string): KioskApi;
  advance(ms: number): void;
  /** The kiosk restarted: a new staff access over the same database, at the same time. */
  restart(): Opened;
}

/** `deps`: the staff access's own, in place of the test's (a log, where lockouts are kept). */
function open(
  kind: 'embedded' | 'remote' = 'remote',
  reuse?: { dataDir: string; clock: { now: number } },
  deps: Partial<StaffAccessDeps> = {},
): Opened {
  const temp = reuse ? null : makeTempDir('fd-staff-access-');
  const dataDir = reuse?.dataDir ?? temp?.dir ?? '';
  const db = openKioskDb({ dataDir });
  cleanup.push(() => {
    db.$client.close();
    temp?.remove();
  });
  const clock = reuse?.clock ?? { now: Date.parse('2026-11-23T09:00:00Z') };
  const settings = createSettingsService(db, createMemorySecretStore('key'));
  const sessions = createStaffSessions({ now: () => clock.now, idleMs: () => 300_000 });
  const access = createStaffAccess({
    settings,
    sessions,
    now: () => (clock.now += 1),
    upstreamKind: () => kind,
    setupCode: () => (settings.hasPin() ? null : CODE),
    recoveryCode: () => RECOVERY,
    pinAttemptStore: createSqlitePinAttemptStore(db),
    log: silentLogger,
    ...deps,
  });
  const calls: string[] = [];
  // The engine's side: records which methods the guard let through.
  const inner = Object.fromEntries(
    kioskMethods.map((method) => [
      method,
      (input: unknown) => {
        calls.push(method);
        if (method === 'updateSettings')
          return Promise.resolve(settings.update(input as never).settings);
        return Promise.resolve({ method, input });
      },
    ]),
  ) as unknown as UnguardedApi;
  return {
    api: access.guard(inner),
    setup: () => access.setup(),
    calls,
    screen: (name) => access.guard(inner, name),
    advance: (ms) => void (clock.now += ms),
    restart: () => open(kind, { dataDir, clock }),
  };
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
    expect(await api.setupStaffPin({ setupCode: 'ABCD-EFGX', pin: '2468' })).toEqual({
      valid: false,
    });
    expect(setup()).toBe('required');
    const opened = await api.setupStaffPin({ setupCode: ' abcd efgh ', pin: '2468' });
    expect(opened.valid).toBe(true);
    expect(typeof opened.session).toBe('string');
    expect(typeof opened.expiresAt).toBe('string');
    expect(setup()).toBe('done');
    expect(await code(api.setupStaffPin({ setupCode: CODE, pin: '1111' }))).toBe(
      'invalid_request: a staff PIN is already set',
    );
    expect(await api.verifyStaffPin({ pin: '2468' })).toMatchObject({ valid: true });
    expect(await api.verifyStaffPin({ pin: '1111' })).toEqual({ valid: false });
  });

  it('embedded demo: the first PIN needs the setup code too', async () => {
    const { api, setup } = open('embedded');
    expect(setup()).toBe('demo');
    expect(await api.setupStaffPin({ pin: '2468' })).toEqual({ valid: false });
    expect(await api.setupStaffPin({ setupCode: 'ABCD-EFGX', pin: '2468' })).toEqual({
      valid: false,
    });
    expect(setup()).toBe('demo');
    expect(await api.setupStaffPin({ setupCode: CODE, pin: '2468' })).toMatchObject({
      valid: true,
      failedAttempts: 2,
    });
    expect(setup()).toBe('done');
  });

  it('five wrong setup codes lock out the sixth attempt, the right code too', async () => {
    const { api } = open('remote');
    for (let i = 0; i < 4; i += 1)
      expect(await api.setupStaffPin({ setupCode: 'WRONG-CODE', pin: '2468' })).toEqual({
        valid: false,
      });
    const fifth = await api.setupStaffPin({ setupCode: 'WRONG-CODE', pin: '2468' });
    expect(fifth).toMatchObject({ valid: false, retryAfterSec: 60 });
    const locked = await api.setupStaffPin({ setupCode: CODE, pin: '2468' });
    expect(locked.valid).toBe(false);
    expect(locked.retryAfterSec).toBeGreaterThan(0);
  });
});

describe('checking the setup code before the PIN is chosen', () => {
  it('says whether the code is right; a wrong one counts towards the lockout, a right one resets nothing', async () => {
    const { api, setup } = open('remote');
    expect(await api.checkSetupCode({ setupCode: 'ABCD-EFGX' })).toEqual({ valid: false });
    expect(await api.checkSetupCode({ setupCode: ' abcd efgh ' })).toEqual({ valid: true });
    expect(setup()).toBe('required');
    // The wrong code above is still reported when the first PIN is set.
    expect(await api.setupStaffPin({ setupCode: CODE, pin: '2468' })).toMatchObject({
      valid: true,
      failedAttempts: 1,
    });
    expect(await code(api.checkSetupCode({ setupCode: CODE }))).toBe(
      'invalid_request: a staff PIN is already set',
    );
  });

  it('wrong codes lock the screen out like wrong PINs: then the right code is refused too', async () => {
    const { api } = open('embedded');
    for (let i = 0; i < 4; i += 1)
      expect(await api.checkSetupCode({ setupCode: 'WRONG-CODE' })).toEqual({ valid: false });
    expect(await api.checkSetupCode({ setupCode: 'WRONG-CODE' })).toEqual({
      valid: false,
      retryAfterSec: 60,
    });
    const locked = await api.checkSetupCode({ setupCode: CODE });
    expect(locked.valid).toBe(false);
    expect(locked.retryAfterSec).toBeGreaterThan(0);
    expect((await api.setupStaffPin({ setupCode: CODE, pin: '2468' })).valid).toBe(false);
  });
});

describe('the guard', () => {
  it('staff methods need a live session, given as a string; customer methods do not', async () => {
    const { api, calls } = open('embedded');
    for (const session of [undefined, 42, 'not-a-session']) {
      expect(await code(api.listBookings({ session } as never))).toBe(
        'unauthorized: staff session missing or expired: enter the staff PIN',
      );
    }
    expect(
      await code((api.listBookings as (input: unknown) => Promise<unknown>)(undefined)),
    ).toMatch(/^unauthorized/);
    expect(calls).toEqual([]);
    await api.getCatalog({});
    expect(calls).toEqual(['getCatalog']);
    const opened = await api.setupStaffPin({ setupCode: CODE, pin: '2468' });
    await api.listBookings({ session: opened.session ?? '' });
    expect(calls).toEqual(['getCatalog', 'listBookings']);
  });

  it('a PIN change needs the current PIN as well as the session; other changes need the session alone', async () => {
    const { api } = open('embedded');
    const { session = '' } = await api.setupStaffPin({ setupCode: CODE, pin: '2468' });
    expect(await code(api.updateSettings({ session: 'nope', mode: 'counter' }))).toMatch(
      /^unauthorized: staff session/,
    );
    expect((await api.updateSettings({ session, mode: 'counter' })).mode).toBe('counter');
    expect(await code(api.updateSettings({ session, newPin: '1357' }))).toBe(
      'unauthorized: pin: enter the current staff PIN to change it',
    );
    expect(await code(api.updateSettings({ session, pin: '0000', newPin: '1357' }))).toBe(
      'unauthorized: pin: enter the current staff PIN to change it',
    );
    expect(await code(api.updateSettings({ session, pin: '2468', newPin: '1357' }))).toBe('ok');
    expect(await api.verifyStaffPin({ pin: '1357' })).toMatchObject({ valid: true });
  });

  it('moving the upstream to another host needs the current PIN as well as the session', async () => {
    const { api } = open('embedded');
    const { session = '' } = await api.setupStaffPin({ setupCode: CODE, pin: '2468' });
    const away = 'https://elsewhere.example/api';
    expect(await code(api.updateSettings({ session, upstreamUrl: away }))).toBe(
      'unauthorized: pin: enter the current staff PIN to move the upstream to another host',
    );
    expect(await code(api.updateSettings({ session, pin: '0000', upstreamUrl: away }))).toBe(
      'unauthorized: pin: enter the current staff PIN to move the upstream to another host',
    );
    expect(
      (await api.updateSettings({ session, pin: '2468', upstreamUrl: away })).upstreamUrl,
    ).toBe(away);
    // Another path on the same host, or back to the embedded server: the session is enough.
    const samePlace = 'https://elsewhere.example/v2';
    expect((await api.updateSettings({ session, upstreamUrl: samePlace })).upstreamUrl).toBe(
      samePlace,
    );
    // From one remote host to another: the PIN again.
    expect(await code(api.updateSettings({ session, upstreamUrl: 'https://third.example' }))).toBe(
      'unauthorized: pin: enter the current staff PIN to move the upstream to another host',
    );
    expect((await api.updateSettings({ session, upstreamUrl: null })).upstreamUrl).toBeNull();
  });

  it('a URL that is none is refused as such: no PIN asked, no attempt counted', async () => {
    const { api } = open('embedded');
    const { session = '' } = await api.setupStaffPin({ setupCode: CODE, pin: '2468' });
    expect(await code(api.updateSettings({ session, upstreamUrl: 'not a url' }))).toBe(
      'invalid_input: upstreamUrl: not a URL',
    );
    expect(await api.verifyStaffPin({ pin: '2468' })).toMatchObject({
      valid: true,
      failedAttempts: 0,
    });
  });

  it('wrong current PINs count towards the lockout, and then say how long to wait', async () => {
    const { api } = open('embedded');
    const { session = '' } = await api.setupStaffPin({ setupCode: CODE, pin: '2468' });
    for (let i = 0; i < 4; i += 1)
      await code(api.updateSettings({ session, pin: '0000', newPin: '1357' }));
    expect(await code(api.updateSettings({ session, pin: '0000', newPin: '1357' }))).toBe(
      'unauthorized: too many wrong PINs: try again in 60 s',
    );
    const locked = await api.verifyStaffPin({ pin: '2468' });
    expect(locked.valid).toBe(false);
    expect(locked.retryAfterSec).toBeGreaterThan(0);
  });

  it('endStaffSession ends a live session once', async () => {
    const { api } = open('embedded');
    const { session = '' } = await api.setupStaffPin({ setupCode: CODE, pin: '2468' });
    expect(await api.endStaffSession({ session })).toEqual({ ended: true });
    expect(await api.endStaffSession({ session })).toEqual({ ended: false });
    expect(await code(api.listBookings({ session }))).toMatch(/^unauthorized/);
  });
});

describe('the PIN lockout', () => {
  const MIN = 60_000;
  /** Five wrong PINs at `api`; the answer to the fifth. */
  const fiveWrong = async (api: KioskApi) => {
    for (let i = 0; i < 4; i += 1)
      expect(await api.verifyStaffPin({ pin: '0000' })).toEqual({ valid: false });
    return api.verifyStaffPin({ pin: '0000' });
  };

  it('grows with each lockout (1, 5, 15, 60, then 60 min again) and a right PIN says how many wrong ones came before', async () => {
    const kiosk = open('remote');
    await kiosk.api.setupStaffPin({ setupCode: CODE, pin: '2468' });
    for (const minutes of [1, 5, 15, 60, 60]) {
      expect(await fiveWrong(kiosk.api)).toEqual({ valid: false, retryAfterSec: minutes * 60 });
      kiosk.advance(minutes * MIN - 1_000);
      expect((await kiosk.api.verifyStaffPin({ pin: '2468' })).valid).toBe(false); // the right one too
      kiosk.advance(1_000);
    }
    const opened = await kiosk.api.verifyStaffPin({ pin: '2468' });
    expect(opened).toMatchObject({ valid: true, failedAttempts: 25 });
    // The right PIN ended the growth and the count.
    expect(await kiosk.api.verifyStaffPin({ pin: '2468' })).toMatchObject({
      valid: true,
      failedAttempts: 0,
    });
    expect(await fiveWrong(kiosk.api)).toEqual({ valid: false, retryAfterSec: 60 });
  });

  it('is kept across a restart: still locked, still growing, and the count of wrong tries is still told', async () => {
    const first = open('remote');
    await first.api.setupStaffPin({ setupCode: CODE, pin: '2468' });
    expect(await fiveWrong(first.api)).toEqual({ valid: false, retryAfterSec: 60 });
    first.advance(30_000);
    const second = first.restart();
    const locked = await second.api.verifyStaffPin({ pin: '2468' });
    expect(locked.valid).toBe(false);
    expect(locked.retryAfterSec).toBeGreaterThan(25);
    second.advance(31_000);
    expect(await fiveWrong(second.api)).toEqual({ valid: false, retryAfterSec: 300 }); // the second lockout: 5 min
    second.advance(5 * MIN);
    const third = second.restart();
    // 10 wrong PINs (a PIN refused during a lockout is not checked, so not counted).
    expect(await third.api.verifyStaffPin({ pin: '2468' })).toMatchObject({
      valid: true,
      failedAttempts: 10,
    });
  });

  it('is per screen: guesses at one screen do not lock staff out of another', async () => {
    const kiosk = open('remote');
    await kiosk.api.setupStaffPin({ setupCode: CODE, pin: '2468' });
    const web = kiosk.screen('web:0123456789abcdef');
    expect(await fiveWrong(web)).toEqual({ valid: false, retryAfterSec: 60 });
    expect((await web.verifyStaffPin({ pin: '2468' })).valid).toBe(false);
    expect(await kiosk.api.verifyStaffPin({ pin: '2468' })).toMatchObject({
      valid: true,
      failedAttempts: 0,
    });
    // The web screen's lockout survives a restart too, and the app's window stays open.
    const restarted = kiosk.restart();
    expect(
      (await restarted.screen('web:0123456789abcdef').verifyStaffPin({ pin: '2468' }))
        .retryAfterSec,
    ).toBeGreaterThan(0);
    expect((await restarted.api.verifyStaffPin({ pin: '2468' })).valid).toBe(true);
  });
});

describe('what IT is told, and where the lockout is kept', () => {
  it('logs the first PIN set and a right PIN after wrong ones (how many, at which screen), never a PIN', async () => {
    const { log, lines } = captureLog('core:staff');
    const kiosk = open('remote', undefined, { log });
    await kiosk.api.setupStaffPin({ setupCode: 'ABCD-EFGX', pin: '2468' });
    await kiosk.api.setupStaffPin({ setupCode: CODE, pin: '2468' });
    await kiosk.api.verifyStaffPin({ pin: '2468' }); // no wrong one before: nothing to tell
    const web = kiosk.screen(browserScreen('launch-token-1'));
    await web.verifyStaffPin({ pin: '1111' });
    await web.verifyStaffPin({ pin: '1112' });
    await web.verifyStaffPin({ pin: '2468' });
    expect(lines).toEqual([
      'WARN core:staff: staff PIN right after wrong ones {"screen":"app","failedAttempts":1}',
      'INFO core:staff: staff PIN set {"setup":"required"}',
      `WARN core:staff: staff PIN right after wrong ones {"screen":"${browserScreen('launch-token-1')}","failedAttempts":2}`,
    ]);
    expect(lines.join('\n')).not.toMatch(/2468|1111/);
  });

  it('without a store the lockout holds in memory', async () => {
    const kiosk = open('remote', undefined, { pinAttemptStore: undefined });
    await kiosk.api.setupStaffPin({ setupCode: CODE, pin: '2468' });
    for (let i = 0; i < 4; i += 1) await kiosk.api.verifyStaffPin({ pin: '0000' });
    expect(await kiosk.api.verifyStaffPin({ pin: '0000' })).toEqual({
      valid: false,
      retryAfterSec: 60,
    });
    expect((await kiosk.api.verifyStaffPin({ pin: '2468' })).valid).toBe(false);
  });

  it('a store that cannot be written: the lockout still holds, and IT is told it lasts until a restart', async () => {
    const { log, lines } = captureLog('core:staff');
    const broken = {
      read: () => null,
      write: () => {
        throw new Error('disk full');
      },
    };
    const kiosk = open('remote', undefined, { log, pinAttemptStore: broken });
    await kiosk.api.setupStaffPin({ setupCode: CODE, pin: '2468' });
    lines.length = 0;
    for (let i = 0; i < 4; i += 1) await kiosk.api.verifyStaffPin({ pin: '0000' });
    expect((await kiosk.api.verifyStaffPin({ pin: '0000' })).retryAfterSec).toBe(60);
    expect((await kiosk.api.verifyStaffPin({ pin: '2468' })).valid).toBe(false);
    expect(lines).toHaveLength(5);
    for (const line of lines)
      expect(line).toMatch(
        /^WARN core:staff: the PIN lockout could not be saved; it holds until a restart \{"error":\{.*"message":"disk full"/,
      );
  });

  it("a browser shell's screen is named by a digest of its launch token, never the token", () => {
    const screen = browserScreen('launch-token-1');
    expect(screen).toMatch(/^web:[0-9a-f]{16}$/);
    expect(browserScreen('launch-token-1')).toBe(screen);
    expect(browserScreen('launch-token-2')).not.toBe(screen);
  });
});

describe('a locked PIN pad (issue 30)', () => {
  const fiveWrongPins = async (api: KioskApi) => {
    for (let i = 0; i < 5; i += 1) await api.verifyStaffPin({ pin: '0000' });
  };

  it("still takes IT's recovery code (as typed: case, spaces, hyphens aside): a staff session, and the PIN works again", async () => {
    const kiosk = open('remote');
    await kiosk.api.setupStaffPin({ setupCode: CODE, pin: '2468' });
    await fiveWrongPins(kiosk.api);
    expect((await kiosk.api.verifyStaffPin({ pin: '2468' })).retryAfterSec).toBeGreaterThan(0);
    expect(await kiosk.api.recoverStaffAccess({ code: 'RCVR-2345-6789-ABCD-EFGH-JKMP' })).toEqual({
      valid: false,
    });
    const recovered = await kiosk.api.recoverStaffAccess({
      code: 'rcvr 2345 6789 abcd efgh jkmn',
    });
    expect(recovered).toMatchObject({ valid: true, failedAttempts: 5 });
    expect(typeof recovered.session).toBe('string');
    // The session is a real one: a staff method passes the guard with it.
    kiosk.calls.length = 0;
    await kiosk.api.listBookings({ session: recovered.session ?? '' });
    expect(kiosk.calls).toEqual(['listBookings']);
    expect(await kiosk.api.verifyStaffPin({ pin: '2468' })).toMatchObject({
      valid: true,
      failedAttempts: 0,
    });
    // The setup code is no way in once a PIN is set.
    expect(await kiosk.api.recoverStaffAccess({ code: CODE })).toEqual({ valid: false });
  });

  it('the recovery code has its own slow budget (10 wrong, then one a minute) that wrong PINs do not touch', async () => {
    const kiosk = open('remote');
    await kiosk.api.setupStaffPin({ setupCode: CODE, pin: '2468' });
    for (let i = 0; i < 9; i += 1)
      expect(await kiosk.api.recoverStaffAccess({ code: 'WRONG-WRONG-WRONG' })).toEqual({
        valid: false,
      });
    expect(await kiosk.api.recoverStaffAccess({ code: 'WRONG-WRONG-WRONG' })).toEqual({
      valid: false,
      retryAfterSec: 60,
    });
    expect((await kiosk.api.recoverStaffAccess({ code: RECOVERY })).valid).toBe(false);
    // Wrong recovery codes do not lock the PIN pad, nor wrong PINs the recovery code.
    expect((await kiosk.api.verifyStaffPin({ pin: '2468' })).valid).toBe(true);
    kiosk.advance(60_000);
    for (let i = 0; i < 15; i += 1) await kiosk.api.verifyStaffPin({ pin: '0000' });
    expect(await kiosk.api.recoverStaffAccess({ code: 'WRONG-WRONG-WRONG' })).toEqual({
      valid: false,
      retryAfterSec: 60,
    });
    kiosk.advance(60_000);
    expect((await kiosk.api.recoverStaffAccess({ code: RECOVERY })).valid).toBe(true);
  });

  it('before the first PIN, the printed setup code opens a locked pad: then the first PIN is set', async () => {
    const kiosk = open('remote');
    for (let i = 0; i < 5; i += 1) await kiosk.api.checkSetupCode({ setupCode: 'WRONG-CODE' });
    expect((await kiosk.api.checkSetupCode({ setupCode: CODE })).valid).toBe(false);
    // No session yet (there is no PIN): staff choose one next.
    expect(await kiosk.api.recoverStaffAccess({ code: CODE })).toEqual({ valid: true });
    expect((await kiosk.api.setupStaffPin({ setupCode: CODE, pin: '2468' })).valid).toBe(true);
    expect(kiosk.setup()).toBe('done');
  });
});
