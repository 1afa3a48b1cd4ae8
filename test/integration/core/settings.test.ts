/**
 * Staff settings through the real core (createKioskCore on a temp SQLite file). The upstream is
 * a loopback port nobody listens on and the loops do not run, so nothing leaves the machine.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemTimers } from '../../../electron/core/platform/clock';
import { createKioskCore, type KioskCore } from '../../../electron/core/kiosk-core';
import { createMemorySecretStore } from '../../../electron/core/staff/secret-store';
import { makeTempDir } from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';
import { startScriptedUpstream } from '../../support/scripted-upstream';

const NOWHERE = 'http://127.0.0.1:9';
const PIN = '2468';

function startSettingsCore(dataDir: string, apiKey = 'old-host-key'): Promise<KioskCore> {
  return createKioskCore({
    dataDir,
    upstreamUrl: NOWHERE,
    apiKey,
    secretStore: createMemorySecretStore(),
    autoStart: false,
  });
}

let temp: ReturnType<typeof makeTempDir>;
let core: KioskCore | null = null;
beforeEach(() => {
  temp = makeTempDir('fd-core-settings-');
});
afterEach(async () => {
  await core?.close();
  core = null;
  temp.remove();
});

describe('kiosk core settings', () => {
  it('defaults the idle timeout to 60 s (issue 4)', async () => {
    core = await createKioskCore({
      dataDir: temp.dir,
      upstreamUrl: NOWHERE,
      apiKey: 'k',
      secretStore: createMemorySecretStore(),
      autoStart: false,
    });
    expect((await core.api.getPublicSettings(undefined)).idleTimeoutSec).toBe(60);
    // The business's zone goes to the screens: the calendar event in the QR code needs it.
    expect((await core.api.getPublicSettings(undefined)).timeZone).toBe('Europe/Berlin');
    const session = await openStaffSession(core, PIN);
    expect(await core.api.getSettings({ session })).toMatchObject({
      idleTimeoutSec: 60,
      staffIdleTimeoutSec: 300,
      retentionDays: 14,
    });
  });

  it('clears the stored API key when the upstream moves without a new key: it is never sent to the new host', async () => {
    core = await startSettingsCore(temp.dir);
    const session = await openStaffSession(core, PIN);
    expect((await core.api.getSettings({ session })).apiKeySet).toBe(true);
    // An upstream that refuses every request (401) and records what it was sent.
    const other = await startScriptedUpstream();
    other.script('any', { status: 401, json: { success: false, message: 'unauthorized' } });
    try {
      const settings = await core.api.updateSettings({ session, pin: PIN, upstreamUrl: other.url });
      expect(settings).toMatchObject({ upstreamUrl: other.url, apiKeySet: false });
      await core.api.syncNow({ session });
      expect(other.seen.length).toBeGreaterThan(0);
      for (const { headers } of other.seen)
        expect(headers.authorization ?? '').not.toContain('old-host-key');
      // The kiosk pauses with a configuration error until staff enter a key.
      expect((await core.api.getSyncStatus(undefined)).lastError).not.toBeNull();
    } finally {
      await other.close();
    }
  });

  it('keeps a key given in the same update as the new upstream, and an unchanged upstream keeps its key', async () => {
    core = await startSettingsCore(temp.dir);
    const session = await openStaffSession(core, PIN);
    // The same URL (a trailing slash is the same host) is no move: the key stays.
    expect(
      await core.api.updateSettings({
        session,
        pin: PIN,
        upstreamUrl: `${NOWHERE}/`,
        mode: 'counter',
      }),
    ).toMatchObject({
      upstreamUrl: NOWHERE,
      apiKeySet: true,
    });
    expect(
      await core.api.updateSettings({
        session,
        pin: PIN,
        upstreamUrl: 'https://api.example.com',
        apiKey: 'new-key',
      }),
    ).toMatchObject({
      upstreamUrl: 'https://api.example.com',
      apiKeySet: true,
    });
    // Back to the embedded server: the remote key is forgotten as well.
    expect(await core.api.updateSettings({ session, pin: PIN, upstreamUrl: null })).toMatchObject({
      upstreamUrl: null,
      apiKeySet: false,
    });
  });

  it("the default language: none chosen is null (the screen follows the browser), then IT's, then the staff's; null clears the staff's", async () => {
    core = await startSettingsCore(temp.dir);
    let session = await openStaffSession(core, PIN);
    expect((await core.api.getPublicSettings(undefined)).language).toBeNull();
    expect((await core.api.getSettings({ session })).language).toBeNull();
    await core.close();
    core = await createKioskCore({
      dataDir: temp.dir,
      language: 'tr',
      secretStore: createMemorySecretStore('k'),
      autoStart: false,
    });
    session = await openStaffSession(core, PIN);
    expect((await core.api.getPublicSettings(undefined)).language).toBe('tr');
    expect((await core.api.updateSettings({ session, language: 'ar' })).language).toBe('ar');
    expect((await core.api.getPublicSettings(undefined)).language).toBe('ar');
    expect((await core.api.updateSettings({ session, language: null })).language).toBe('tr');
    await core.close();
    // Locked by IT: IT's language whatever staff stored, and a change is refused.
    core = await createKioskCore({
      dataDir: temp.dir,
      language: 'uk',
      locked: ['language'],
      secretStore: createMemorySecretStore('k'),
      autoStart: false,
    });
    session = await openStaffSession(core, PIN);
    expect((await core.api.getPublicSettings(undefined)).language).toBe('uk');
    await expect(core.api.updateSettings({ session, language: 'pl' })).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });

  it('refuses plain http to a host that is not loopback, and allows it for 127.0.0.0/8, localhost and [::1]', async () => {
    core = await startSettingsCore(temp.dir);
    const session = await openStaffSession(core, PIN);
    for (const url of [
      'http://api.example.com',
      'http://10.0.0.5:8080',
      'http://127.example.com',
      'http://[::2]:9',
    ]) {
      await expect(
        core.api.updateSettings({ session, pin: PIN, upstreamUrl: url, apiKey: 'k2' }),
      ).rejects.toMatchObject({
        code: 'invalid_input',
        message: expect.stringContaining('https is required') as unknown,
      });
    }
    expect(await core.api.getSettings({ session })).toMatchObject({
      upstreamUrl: NOWHERE,
      apiKeySet: true,
    });
    for (const url of [
      'http://127.0.0.2:9',
      'http://localhost:9',
      'http://[::1]:9',
      'https://api.example.com',
    ]) {
      expect(
        (await core.api.updateSettings({ session, pin: PIN, upstreamUrl: url, apiKey: 'k3' }))
          .upstreamUrl,
      ).toBe(url);
    }
  });

  it('a start-up override that moves the upstream without a key does not carry the stored key over', async () => {
    core = await startSettingsCore(temp.dir);
    await core.close();
    core = await createKioskCore({
      dataDir: temp.dir,
      upstreamUrl: 'http://127.0.0.1:10',
      secretStore: createMemorySecretStore('old-host-key'),
      autoStart: false,
    });
    const session = await openStaffSession(core, PIN);
    expect(await core.api.getSettings({ session })).toMatchObject({
      upstreamUrl: 'http://127.0.0.1:10',
      apiKeySet: false,
    });
  });

  it('locks verifyStaffPin and updateSettings for 60 s after 5 wrong PINs (injected clock); a right PIN resets', async () => {
    let now = Date.parse('2026-11-23T08:00:00Z');
    const clock = { ...systemTimers, now: () => now };
    core = await createKioskCore({
      dataDir: temp.dir,
      upstreamUrl: NOWHERE,
      apiKey: 'k',
      secretStore: createMemorySecretStore(),
      autoStart: false,
      clock,
    });
    const api = core.api;
    const session = await openStaffSession(core, PIN);
    for (let i = 0; i < 4; i += 1)
      expect(await api.verifyStaffPin({ pin: '0000' })).toEqual({ valid: false });
    expect(await api.verifyStaffPin({ pin: PIN })).toMatchObject({ valid: true }); // resets the count
    for (let i = 0; i < 4; i += 1)
      expect(await api.verifyStaffPin({ pin: '0000' })).toEqual({ valid: false });
    // A PIN change checks the current PIN against the same count: this fifth wrong PIN in a row
    // starts the lockout and says so at once. Now even the right PIN is refused, for both
    // methods, until 60 s pass; verifyStaffPin says so in its answer, updateSettings fails.
    const lockout = {
      code: 'unauthorized',
      message: expect.stringContaining('try again in 60 s') as unknown,
    };
    await expect(
      api.updateSettings({ session, pin: '1111', newPin: '9999' }),
    ).rejects.toMatchObject(lockout);
    expect(await api.verifyStaffPin({ pin: PIN })).toEqual({ valid: false, retryAfterSec: 60 });
    await expect(api.updateSettings({ session, pin: PIN, newPin: '9999' })).rejects.toMatchObject(
      lockout,
    );
    now += 59_000;
    expect(await api.verifyStaffPin({ pin: PIN })).toEqual({ valid: false, retryAfterSec: 1 });
    now += 1_000;
    expect(await api.verifyStaffPin({ pin: PIN })).toMatchObject({ valid: true });
    await expect(api.updateSettings({ session, newPin: '9999' })).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'pin: enter the current staff PIN to change it',
    });
    expect((await api.updateSettings({ session, pin: PIN, newPin: '9999' })).pinSet).toBe(true);
    expect(await api.verifyStaffPin({ pin: '9999' })).toMatchObject({ valid: true });
    expect((await api.updateSettings({ session, mode: 'counter' })).mode).toBe('counter');
  });

  it('the wrong PIN that starts the lockout already answers with the wait', async () => {
    let now = Date.parse('2026-11-23T08:00:00Z');
    const clock = { ...systemTimers, now: () => now };
    core = await createKioskCore({
      dataDir: temp.dir,
      upstreamUrl: NOWHERE,
      apiKey: 'k',
      secretStore: createMemorySecretStore(),
      autoStart: false,
      clock,
    });
    await openStaffSession(core, PIN);
    for (let i = 0; i < 4; i += 1)
      expect(await core.api.verifyStaffPin({ pin: '0000' })).toEqual({ valid: false });
    now += 500;
    expect(await core.api.verifyStaffPin({ pin: '0000' })).toEqual({
      valid: false,
      retryAfterSec: 60,
    });
  });

  it('refuses a change to a setting IT locked, allows the others, and reports the locked names', async () => {
    core = await createKioskCore({
      dataDir: temp.dir,
      upstreamUrl: NOWHERE,
      apiKey: 'it-key',
      mode: 'counter',
      locked: ['upstreamUrl', 'apiKey', 'mode'],
      secretStore: createMemorySecretStore(),
      autoStart: false,
    });
    const api = core.api;
    const session = await openStaffSession(core, PIN);
    const fixed = {
      upstreamUrl: NOWHERE,
      apiKeySet: true,
      mode: 'counter',
      locked: ['upstreamUrl', 'apiKey', 'mode'],
    };
    expect(await api.getSettings({ session })).toMatchObject(fixed);
    const refusals = [
      [
        { upstreamUrl: 'https://api.example.com', apiKey: 'k2' },
        'upstreamUrl is set by your IT department',
      ],
      [{ upstreamUrl: null }, 'upstreamUrl is set by your IT department'],
      [{ apiKey: 'staff-key' }, 'apiKey is set by your IT department'],
      [{ mode: 'kiosk', language: 'en' }, 'mode is set by your IT department'],
    ] as const;
    for (const [update, message] of refusals) {
      await expect(api.updateSettings({ session, pin: PIN, ...update })).rejects.toMatchObject({
        code: 'invalid_input',
        message,
      });
    }
    // Nothing of a refused update was written (the language of the mixed one neither).
    expect(await api.getSettings({ session })).toMatchObject({ ...fixed, language: null });
    // Sending a locked field's current value is no change; unlocked fields change as usual.
    expect(
      await api.updateSettings({
        session,
        pin: PIN,
        upstreamUrl: `${NOWHERE}/`,
        mode: 'counter',
        idleTimeoutSec: 90,
        language: 'en',
        newPin: '1357',
      }),
    ).toMatchObject({ ...fixed, idleTimeoutSec: 90, language: 'en' });
    expect(await api.verifyStaffPin({ pin: '1357' })).toMatchObject({ valid: true });
  });

  it("IT's locked mode wins over the staff's stored one at start; unlocked, the staff's stays", async () => {
    core = await startSettingsCore(temp.dir);
    let session = await openStaffSession(core, PIN);
    await core.api.updateSettings({ session, mode: 'counter' });
    await core.close();
    core = await createKioskCore({
      dataDir: temp.dir,
      mode: 'kiosk',
      locked: ['mode'],
      secretStore: createMemorySecretStore('k'),
      autoStart: false,
    });
    // A restart ends every staff session.
    await expect(core.api.getSettings({ session })).rejects.toMatchObject({ code: 'unauthorized' });
    session = await openStaffSession(core, PIN);
    expect(await core.api.getSettings({ session })).toMatchObject({
      mode: 'kiosk',
      locked: ['mode'],
    });
    await core.close();
    core = await createKioskCore({
      dataDir: temp.dir,
      secretStore: createMemorySecretStore('k'),
      autoStart: false,
    });
    session = await openStaffSession(core, PIN);
    expect(await core.api.getSettings({ session })).toMatchObject({ mode: 'kiosk', locked: [] });
    expect((await core.api.updateSettings({ session, mode: 'counter' })).mode).toBe('counter');
  });

  it('a locked API key is not dropped by an upstream move without a key', async () => {
    core = await createKioskCore({
      dataDir: temp.dir,
      upstreamUrl: NOWHERE,
      apiKey: 'it-key',
      locked: ['apiKey'],
      secretStore: createMemorySecretStore(),
      autoStart: false,
    });
    const session = await openStaffSession(core, PIN);
    await expect(
      core.api.updateSettings({ session, pin: PIN, upstreamUrl: 'https://api.example.com' }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'apiKey is set by your IT department',
    });
    expect(await core.api.getSettings({ session })).toMatchObject({
      upstreamUrl: NOWHERE,
      apiKeySet: true,
    });
  });
});
