/**
 * The pieces of staff access on their own: sessions (expiry by the injected clock, renewal,
 * ending, a bound on how many are kept), the setup code, `hash-pin`, and IT's PIN hash in the
 * machine config. The whole flow through the core and its transports is in
 * test/integration/core/staff-session.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { loadKioskStartupConfig } from '../../../electron/core/config/config';
import { runHashPin } from '../../../electron/core/staff/hash-pin-cli';
import { verifyPin } from '../../../electron/core/staff/pin';
import { newSetupCode, setupCodeMatches } from '../../../electron/core/staff/setup-code';
import { createStaffSessions } from '../../../electron/core/staff/staff-sessions';

describe('staff sessions', () => {
  const make = (idleMs = 300_000, max?: number) => {
    let now = Date.parse('2026-11-23T08:00:00Z');
    const sessions = createStaffSessions({
      now: () => now,
      idleMs: () => idleMs,
      ...(max === undefined ? {} : { max }),
    });
    return { sessions, advance: (ms: number) => (now += ms) };
  };

  it('opens opaque random sessions of 256 bits with their expiry', () => {
    const { sessions } = make();
    const a = sessions.open();
    const b = sessions.open();
    expect(a.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.session).not.toBe(b.session);
    expect(a.expiresAt).toBe('2026-11-23T08:05:00.000Z');
  });

  it('expires after the idle time; a touch renews, isLive does not', () => {
    const { sessions, advance } = make();
    const { session } = sessions.open();
    advance(299_999);
    expect(sessions.isLive(session)).toBe(true);
    expect(sessions.touch(session)).toBe(true); // renewed: 300 s from here
    advance(299_999);
    expect(sessions.isLive(session)).toBe(true);
    advance(1);
    expect(sessions.isLive(session)).toBe(false);
    expect(sessions.touch(session)).toBe(false);
  });

  it('ends one session, or all; an unknown session is never live', () => {
    const { sessions } = make();
    const a = sessions.open().session;
    const b = sessions.open().session;
    expect(sessions.end(a)).toBe(true);
    expect(sessions.end(a)).toBe(false);
    expect(sessions.touch(a)).toBe(false);
    expect(sessions.isLive(b)).toBe(true);
    expect(sessions.isLive('x'.repeat(43))).toBe(false);
    sessions.endAll();
    expect(sessions.isLive(b)).toBe(false);
  });

  it('keeps a bounded number of sessions, ending the oldest first', () => {
    const { sessions } = make(300_000, 2);
    const first = sessions.open().session;
    const second = sessions.open().session;
    const third = sessions.open().session;
    expect([first, second, third].map((s) => sessions.isLive(s))).toEqual([false, true, true]);
  });
});

describe('setup code', () => {
  it('is XXXX-XXXX from an alphabet without look-alikes, new each time', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newSetupCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  });

  it.each([
    ['ABCD-2345', true],
    ['abcd-2345', true],
    [' ABCD 2345 ', true],
    ['ABCD2345', true],
    ['ABCD-2346', false],
    ['ABCD-234', false],
    ['', false],
  ])('%j matches ABCD-2345: %s', (typed, matches) => {
    expect(setupCodeMatches(typed, 'ABCD-2345')).toBe(matches);
  });
});

describe('hash-pin', () => {
  async function run(input: string): Promise<{ code: number; out: string[]; err: string[] }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runHashPin(
      [input],
      (line) => out.push(line),
      (line) => err.push(line),
    );
    return { code, out, err };
  }

  it('prints the scrypt string of the PIN on standard input, never the PIN', async () => {
    const { code, out, err } = await run('4711\n');
    expect(code).toBe(0);
    expect(err).toEqual([]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(out[0]).not.toContain('4711');
    expect(verifyPin('4711', out[0] ?? '')).toBe(true);
  });

  it.each(['', '12\n', 'abcd\n', '1234567890123\n'])(
    'refuses %j with one line and exit 2',
    async (input) => {
      const { code, out, err } = await run(input);
      expect(code).toBe(2);
      expect(out).toEqual([]);
      expect(err).toHaveLength(1);
    },
  );
});

describe("IT's staff PIN hash in the machine config", () => {
  const load = (file: object | null, env: Record<string, string> = {}) =>
    loadKioskStartupConfig({
      argv: [],
      env: { FRONTDESK_CONFIG: '/etc/frontdesk/config.json', ...env },
      platform: 'linux',
      defaultDataDir: '/var/lib/frontdesk',
      readFile: () => (file === null ? null : JSON.stringify(file)),
    });
  const HASH =
    'scrypt$16384$8$1$ThlVGMf/+kovnwdpQRDPrg==$b8xxCwiSXaZE8LwRRLeXGi3dE1OOHBtT2cXDcSKU3n4=';

  it('reads staffPinHash and staffIdleTimeoutSec from the file; the environment wins', () => {
    expect(load({ staffPinHash: HASH, staffIdleTimeoutSec: 120 })).toMatchObject({
      staffPinHash: HASH,
      staffIdleTimeoutSec: 120,
    });
    const other = HASH.replace('ThlV', 'AAAA');
    expect(load({ staffPinHash: HASH }, { FRONTDESK_STAFF_PIN_HASH: other }).staffPinHash).toBe(
      other,
    );
    expect(load({}).staffPinHash).toBeUndefined();
  });

  it('refuses a value that is not the output of hash-pin, naming the field', () => {
    expect(() => load({ staffPinHash: '4711' })).toThrow(
      /staffPinHash: expected the output of `npm run hash-pin`/,
    );
    expect(() => load({}, { FRONTDESK_STAFF_PIN_HASH: 'plain' })).toThrow(
      /FRONTDESK_STAFF_PIN_HASH/,
    );
    expect(() => load({ staffIdleTimeoutSec: 5 })).toThrow(/staffIdleTimeoutSec/);
  });
});
