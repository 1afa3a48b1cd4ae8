/**
 * Issue 30: a customer who taps five wrong PINs on the only PIN pad does not lock staff out. The
 * kiosk writes IT's recovery code into its data folder at the first start (0600, never printed
 * or logged); through the browser shell, a locked pad takes it and staff are in.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../electron/core/platform/log';
import {
  RECOVERY_CODE_FILE,
  STAFF_UNLOCK_FILE,
  loadRecoveryCode,
} from '../../../electron/core/staff/recovery-code';
import { startKioskWeb } from '../../../electron/web/start-kiosk-web';
import { createHttpKioskClient } from '../../../shared/kiosk-http-client';
import { manualClock } from '../../support/core/manual-clock';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'fd-recovery-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("IT's recovery code", () => {
  it('is written once at the first start, 0600, 24 characters in groups; kept across starts', () => {
    const dir = tempDir();
    const first = loadRecoveryCode(dir);
    expect(first).toMatchObject({ ok: true, created: true });
    const code = first.ok ? first.code : '';
    expect(code).toMatch(/^([2-9A-HJKMNP-Z]{4}-){5}[2-9A-HJKMNP-Z]{4}$/);
    const path = join(dir, RECOVERY_CODE_FILE);
    expect(readFileSync(path, 'utf8').trim()).toBe(code);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(loadRecoveryCode(dir)).toEqual({ ok: true, code, created: false });
  });

  it("IT's own code is taken as written; a short one turns recovery off instead of weakening it", () => {
    const dir = tempDir();
    writeFileSync(join(dir, RECOVERY_CODE_FILE), 'it-chose-this-long-code-2026\n', { mode: 0o600 });
    expect(loadRecoveryCode(dir)).toEqual({
      ok: true,
      code: 'it-chose-this-long-code-2026',
      created: false,
    });
    writeFileSync(join(dir, RECOVERY_CODE_FILE), 'short-1234\n', { mode: 0o600 });
    expect(loadRecoveryCode(dir)).toMatchObject({ ok: false });
  });

  it('opens a PIN pad a customer locked, through the browser shell; never printed', async () => {
    const dataDir = tempDir();
    const printed: string[] = [];
    const web = await startKioskWeb({
      port: 0,
      dataDir,
      upstreamUrl: null,
      rendererDir: null,
      print: (line) => printed.push(line),
      log: silentLogger,
    });
    try {
      const client = createHttpKioskClient({ baseUrl: web.url, token: web.token });
      const setupCode = printed.map((line) => /setup code: (\S+)/.exec(line)?.[1]).find(Boolean);
      expect((await client.setupStaffPin({ pin: '4711', setupCode })).ok).toBe(true);
      for (let i = 0; i < 5; i += 1) await client.verifyStaffPin({ pin: '0000' });
      const locked = await client.verifyStaffPin({ pin: '4711' });
      expect(locked.ok && locked.result.retryAfterSec).toBeGreaterThan(0);

      const code = readFileSync(join(dataDir, RECOVERY_CODE_FILE), 'utf8').trim();
      expect(printed.join('\n')).not.toContain(code);
      const recovered = await client.recoverStaffAccess({ code });
      expect(recovered).toMatchObject({ ok: true, result: { valid: true, failedAttempts: 5 } });
      const session = recovered.ok ? (recovered.result.session ?? '') : '';
      expect((await client.listBookings({ session })).ok).toBe(true);
      expect(await client.verifyStaffPin({ pin: '4711' })).toMatchObject({
        ok: true,
        result: { valid: true },
      });
    } finally {
      await web.close();
    }
  });

  it('issue 39 item 5: five wrong PINs then eleven wrong recovery codes at the screen keep the recovery code at most a minute, across a restart; the staff-unlock file IT places clears every lockout', async () => {
    const dataDir = tempDir();
    const clock = manualClock(Date.parse('2026-11-23T08:00:00Z'));
    const printed: string[] = [];
    // The same screen (its launch token) before and after each restart.
    const start = () =>
      startKioskWeb({
        port: 0,
        dataDir,
        upstreamUrl: null,
        rendererDir: null,
        token: 'the-kiosk-screen-token',
        clock,
        print: (line) => printed.push(line),
        log: silentLogger,
      });
    let web = await start();
    try {
      let client = createHttpKioskClient({ baseUrl: web.url, token: web.token });
      const setupCode = printed.map((line) => /setup code: (\S+)/.exec(line)?.[1]).find(Boolean);
      expect((await client.setupStaffPin({ pin: '4711', setupCode })).ok).toBe(true);
      const code = readFileSync(join(dataDir, RECOVERY_CODE_FILE), 'utf8').trim();
      const pinCheck = async (pin: string) => {
        const answer = await client.verifyStaffPin({ pin });
        return answer.ok ? answer.result : null;
      };
      const recoveryCheck = async (tried: string) => {
        const answer = await client.recoverStaffAccess({ code: tried });
        return answer.ok ? answer.result : null;
      };
      // A customer at the screen: five wrong PINs, then eleven wrong recovery codes.
      const customerLocks = async () => {
        for (let i = 0; i < 5; i += 1) await pinCheck('0000');
        for (let i = 0; i < 11; i += 1) await recoveryCheck('WRONG-WRONG-WRONG-WRONG');
      };
      await customerLocks();
      await web.close();
      clock.advance(1_000);
      web = await start();
      client = createHttpKioskClient({ baseUrl: web.url, token: web.token });

      // After the restart the PIN pad keeps its own lockout (a minute) ...
      expect((await pinCheck('4711'))?.retryAfterSec).toBe(59);
      // ... and the recovery code waits for its slow budget's next try, never 15 minutes.
      const waiting = await recoveryCheck(code);
      expect(waiting?.valid).toBe(false);
      expect(waiting?.retryAfterSec).toBeLessThanOrEqual(60);
      clock.advance((waiting?.retryAfterSec ?? 0) * 1000);
      const recovered = await recoveryCheck(code);
      expect(recovered).toMatchObject({ valid: true, failedAttempts: 5 });
      expect(typeof recovered?.session).toBe('string');

      // IT's way that is not at the screen: a file in the data folder, read at the start.
      await customerLocks();
      for (let i = 0; i < 30; i += 1) await recoveryCheck('WRONG-WRONG-WRONG-WRONG');
      expect((await recoveryCheck(code))?.retryAfterSec).toBeGreaterThan(0);
      await web.close();
      writeFileSync(join(dataDir, STAFF_UNLOCK_FILE), '');
      web = await start();
      client = createHttpKioskClient({ baseUrl: web.url, token: web.token });
      expect(await pinCheck('4711')).toMatchObject({ valid: true, failedAttempts: 0 });
      expect(existsSync(join(dataDir, STAFF_UNLOCK_FILE))).toBe(false);
      expect((await recoveryCheck(code))?.valid).toBe(true);
    } finally {
      await web.close();
    }
  });
});
