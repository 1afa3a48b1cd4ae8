/**
 * Who may call what, enforced in the core whatever the transport (IPC, HTTP, a test):
 * - `access: 'staff'` methods of the contract need a live staff session (`input.session`),
 *   renewed by each call; without one they fail `unauthorized`.
 * - verifyStaffPin opens a session on the right PIN; setupStaffPin sets the first PIN (with the
 *   start-up setup code when the upstream is remote) and opens one; endStaffSession ends one.
 * - Wrong PINs and wrong setup codes count towards one lockout (pin-attempts.ts).
 * - A PIN change in updateSettings also needs the current PIN (the session alone is not enough:
 *   a staff screen left open must not let anyone lock the shop out).
 */
import { kioskApi, kioskMethods, type KioskApi, type StaffPinCheck, type StaffSetup } from '../../../shared/kiosk-api';
import { KioskFailure } from '../../../shared/result';
import type { Logger } from '../log';
import { createPinAttemptLimiter, type PinAttemptPolicy } from '../settings/pin-attempts';
import { setupCodeMatches } from '../settings/setup-code';
import type { StaffSessions } from '../settings/staff-sessions';
import type { SettingsService } from './settings-service';

export interface StaffAccessDeps {
  settings: SettingsService;
  sessions: StaffSessions;
  now: () => number;
  /** 'embedded' (the demo: the first PIN needs no code) or 'remote'. */
  upstreamKind: () => 'embedded' | 'remote';
  /** The code printed at start-up while a remote kiosk has no PIN; null otherwise. */
  setupCode: () => string | null;
  pinAttempts?: PinAttemptPolicy;
  log: Logger;
}

/** The methods this module implements itself; the engine provides the rest. */
export type SessionMethod = 'verifyStaffPin' | 'setupStaffPin' | 'endStaffSession';
export type UnguardedApi = Omit<KioskApi, SessionMethod>;

export interface StaffAccess {
  setup(): StaffSetup;
  /** The engine's API with every staff method guarded and the session methods implemented. */
  guard(api: UnguardedApi): KioskApi;
}

const NO_SESSION = 'staff session missing or expired: enter the staff PIN';

export function createStaffAccess(deps: StaffAccessDeps): StaffAccess {
  const attempts = createPinAttemptLimiter(deps.now, deps.pinAttempts);
  const setup = (): StaffSetup =>
    deps.settings.hasPin() ? 'done' : deps.upstreamKind() === 'embedded' ? 'demo' : 'required';

  /** Counts one attempt (PIN or setup code); refuses every attempt during a lockout. */
  const attempt = (valid: () => boolean): StaffPinCheck => {
    const waiting = attempts.retryAfterSec();
    if (waiting !== null) return { valid: false, retryAfterSec: waiting };
    const ok = valid();
    attempts.record(ok);
    if (ok) return { valid: true };
    // This wrong attempt may have started the lockout: say so now, not on the next try.
    const retryAfterSec = attempts.retryAfterSec();
    return retryAfterSec === null ? { valid: false } : { valid: false, retryAfterSec };
  };

  const withSession = (check: StaffPinCheck): StaffPinCheck =>
    check.valid ? { ...check, ...deps.sessions.open() } : check;

  const requireSession = (session: string): void => {
    if (!deps.sessions.touch(session)) throw new KioskFailure('unauthorized', NO_SESSION);
  };

  return {
    setup,
    guard(api) {
      const guarded = { ...api } as Record<string, (input: unknown) => Promise<unknown>>;
      for (const method of kioskMethods) {
        if (kioskApi[method].access !== 'staff') continue;
        const inner = api[method as Exclude<typeof method, SessionMethod>] as (input: unknown) => Promise<unknown>;
        guarded[method] = async (input: unknown) => {
          const session = (input as { session?: unknown } | undefined)?.session;
          requireSession(typeof session === 'string' ? session : '');
          return inner(input);
        };
      }
      const staff: Pick<KioskApi, 'verifyStaffPin' | 'setupStaffPin' | 'endStaffSession' | 'updateSettings'> = {
        verifyStaffPin: ({ pin }) => Promise.resolve(withSession(attempt(() => deps.settings.pinMatches(pin)))),
        setupStaffPin({ setupCode, pin }) {
          const state = setup();
          if (state === 'done') return Promise.reject(new KioskFailure('invalid_request', 'a staff PIN is already set'));
          const result = attempt(() => {
            if (state === 'demo') return true;
            const code = deps.setupCode();
            return code !== null && setupCode !== undefined && setupCodeMatches(setupCode, code);
          });
          if (!result.valid) return Promise.resolve(result);
          deps.settings.setFirstPin(pin);
          deps.log.info('staff PIN set', { setup: state });
          return Promise.resolve(withSession(result));
        },
        endStaffSession: ({ session }) => Promise.resolve({ ended: deps.sessions.end(session) }),
        async updateSettings(update) {
          requireSession(update.session);
          if (update.newPin !== undefined) {
            const check = attempt(() => update.pin !== undefined && deps.settings.pinMatches(update.pin));
            if (!check.valid) {
              throw new KioskFailure(
                'unauthorized',
                check.retryAfterSec === undefined
                  ? 'pin: enter the current staff PIN to change it'
                  : `too many wrong PINs: try again in ${check.retryAfterSec} s`,
              );
            }
          }
          return api.updateSettings(update);
        },
      };
      return { ...(guarded as unknown as KioskApi), ...staff };
    },
  };
}
