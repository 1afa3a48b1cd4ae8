/**
 * The kiosk's rules as the renderer meets them through a KioskClient: staff sessions, the first
 * PIN and its setup code, the PIN lockout, locked settings (the API key's rule included), a PIN
 * change, staff actions on an unknown booking. One suite, run against the renderer tests' fake
 * client (test/renderer) and the real core through the transports' dispatcher
 * (test/integration), so the fake cannot drift from the core.
 */
import { describe, expect, it } from 'vitest';
import type { KioskClient, LockableSetting } from '../../shared/kiosk-api';

export interface ContractKiosk {
  client: KioskClient;
  /** The code the first PIN needs (the kiosk has a remote upstream and no PIN yet). */
  setupCode: string;
  close(): Promise<void>;
}

export interface ContractOptions {
  locked?: LockableSetting[];
  /** The API key the kiosk starts with (from IT's machine config). */
  apiKey?: string;
}

const PIN = '2468';
const NO_SESSION = 'no-such-session-0123456789';

function value<T>(
  result: { ok: true; result: T } | { ok: false; error: { code: string; message: string } },
): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.result;
}

function code(result: { ok: boolean; error?: { code: string } }): string | null {
  return result.ok ? null : (result.error?.code ?? null);
}

export function kioskClientContract(
  name: string,
  open: (options: ContractOptions) => Promise<ContractKiosk>,
): void {
  describe(`kiosk client contract: ${name}`, () => {
    async function withKiosk(
      options: ContractOptions,
      test: (kiosk: ContractKiosk, session: () => Promise<string>) => Promise<void>,
    ) {
      const kiosk = await open(options);
      try {
        const session = async () => {
          const check = value(
            await kiosk.client.setupStaffPin({ pin: PIN, setupCode: kiosk.setupCode }),
          );
          if (!check.valid || !check.session) throw new Error('setup refused');
          return check.session;
        };
        await test(kiosk, session);
      } finally {
        await kiosk.close();
      }
    }

    it('staff methods refuse a call without a live session', () =>
      withKiosk({}, async ({ client }) => {
        expect(code(await client.listBookings({ session: NO_SESSION }))).toBe('unauthorized');
        expect(code(await client.getSettings({ session: NO_SESSION }))).toBe('unauthorized');
        expect(code(await client.syncNow({ session: NO_SESSION }))).toBe('unauthorized');
        expect(code(await client.retryBooking({ session: NO_SESSION, localId: 'x' }))).toBe(
          'unauthorized',
        );
      }));

    it('the first PIN needs the printed setup code, opens a session, and is set only once', () =>
      withKiosk({}, async ({ client, setupCode }) => {
        expect(value(await client.setupStaffPin({ pin: PIN, setupCode: 'WRNG-0000' })).valid).toBe(
          false,
        );
        const check = value(await client.setupStaffPin({ pin: PIN, setupCode }));
        expect(check.valid).toBe(true);
        expect(value(await client.listBookings({ session: check.session ?? '' }))).toEqual([]);
        expect(code(await client.setupStaffPin({ pin: '1357', setupCode }))).toBe(
          'invalid_request',
        );
      }));

    it('the right PIN opens a session; five wrong ones in a row lock out even the right one', () =>
      withKiosk({}, async ({ client }, session) => {
        await session();
        const right = value(await client.verifyStaffPin({ pin: PIN }));
        expect(right.valid).toBe(true);
        expect(value(await client.getSettings({ session: right.session ?? '' })).pinSet).toBe(true);
        for (let i = 0; i < 4; i += 1)
          expect(value(await client.verifyStaffPin({ pin: '0000' }))).toEqual({ valid: false });
        const fifth = value(await client.verifyStaffPin({ pin: '0000' }));
        expect(fifth.valid).toBe(false);
        expect(fifth.retryAfterSec).toBeGreaterThan(0);
        const locked = value(await client.verifyStaffPin({ pin: PIN }));
        expect(locked.valid).toBe(false);
        expect(locked.retryAfterSec).toBeGreaterThan(0);
      }));

    it('a session ended by staff is refused afterwards', () =>
      withKiosk({}, async ({ client }, session) => {
        const live = await session();
        expect(value(await client.endStaffSession({ session: live }))).toEqual({ ended: true });
        expect(code(await client.listBookings({ session: live }))).toBe('unauthorized');
      }));

    it('a locked setting is refused, others are taken; the API key IT set may be sent again unchanged', () =>
      withKiosk(
        { locked: ['mode', 'apiKey'], apiKey: 'it-key-0001' },
        async ({ client }, session) => {
          const live = await session();
          expect(code(await client.updateSettings({ session: live, mode: 'counter' }))).toBe(
            'invalid_input',
          );
          expect(
            value(await client.updateSettings({ session: live, language: 'de' })).language,
          ).toBe('de');
          expect(
            value(await client.updateSettings({ session: live, apiKey: 'it-key-0001' })).apiKeySet,
          ).toBe(true);
          expect(
            code(await client.updateSettings({ session: live, apiKey: 'other-key-0002' })),
          ).toBe('invalid_input');
          expect(value(await client.getSettings({ session: live }))).toMatchObject({
            mode: 'kiosk',
            language: 'de',
            locked: ['mode', 'apiKey'],
          });
        },
      ));

    it('a new PIN needs the current one', () =>
      withKiosk({}, async ({ client }, session) => {
        const live = await session();
        expect(code(await client.updateSettings({ session: live, newPin: '1357' }))).toBe(
          'unauthorized',
        );
        expect(
          code(await client.updateSettings({ session: live, pin: '9999', newPin: '1357' })),
        ).toBe('unauthorized');
        expect(
          value(await client.updateSettings({ session: live, pin: PIN, newPin: '1357' })).pinSet,
        ).toBe(true);
        expect(value(await client.verifyStaffPin({ pin: '1357' })).valid).toBe(true);
        expect(value(await client.verifyStaffPin({ pin: PIN })).valid).toBe(false);
      }));

    it('Retry and Discard of a booking the kiosk does not know: not_found', () =>
      withKiosk({}, async ({ client }, session) => {
        const live = await session();
        expect(code(await client.retryBooking({ session: live, localId: 'no-such-booking' }))).toBe(
          'not_found',
        );
        expect(
          code(await client.discardBooking({ session: live, localId: 'no-such-booking' })),
        ).toBe('not_found');
      }));
  });
}
