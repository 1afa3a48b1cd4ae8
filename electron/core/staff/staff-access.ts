/**
 * Who may call what, enforced in the core whatever the transport (IPC, HTTP, a test):
 * - `access: 'staff'` methods of the contract need a live staff session (`input.session`),
 *   renewed by each call; without one they fail `unauthorized`.
 * - verifyStaffPin opens a session on the right PIN; setupStaffPin sets the first PIN and opens
 *   one; endStaffSession ends one. checkSetupCode lets the first-PIN screen refuse a wrong code
 *   before staff choose a PIN twice (setupStaffPin checks the code again: it is the gate). The first PIN always needs the setup code printed at start-up
 *   (the embedded demo too: whoever reaches the screen first must not choose the PIN that
 *   re-targets the kiosk); only IT's PIN from the machine config needs none, being set already.
 * - Wrong PINs and wrong setup codes count towards one lockout per screen (pin-attempts.ts),
 *   kept across restarts; a right PIN says how many wrong ones came before it on that screen.
 *   IT's recovery code has its own slow budget per screen (recovery-budget.ts), which no wrong
 *   PIN touches, and IT's staff-unlock file clears both at the start (recovery-code.ts).
 * - A PIN change in updateSettings also needs the current PIN (the session alone is not enough:
 *   a staff screen left open must not let anyone lock the shop out), and so does moving the
 *   upstream to another host (the next customers' details would go there).
 */
import { createHash } from 'node:crypto';
import {
  kioskApi,
  kioskMethods,
  type KioskApi,
  type StaffPinCheck,
  type SettingsUpdate,
  type StaffSetup,
} from '../../../shared/kiosk-api';
import { KioskFailure } from '../../../shared/result';
import type { Logger } from '../platform';
import {
  createPinAttemptLimiter,
  type AttemptBudget,
  type PinAttemptPolicy,
  type PinAttemptStore,
} from './pin-attempts';
import { createRecoveryBudget } from './recovery-budget';
import { setupCodeMatches } from './setup-code';
import type { StaffSessions } from './staff-sessions';
import type { SettingsService } from './settings-service';

export interface StaffAccessDeps {
  settings: SettingsService;
  sessions: StaffSessions;
  now: () => number;
  /** 'embedded' (the demo: customers may book before a PIN is set) or 'remote'. */
  upstreamKind: () => 'embedded' | 'remote';
  /** The code printed at start-up while the kiosk has no PIN; null otherwise. */
  setupCode: () => string | null;
  /** IT's recovery code (staff/recovery-code.ts); null: recovery is off. */
  recoveryCode?: () => string | null;
  pinAttempts?: PinAttemptPolicy;
  /** Where each screen's lockout is kept (the settings table); in memory without one. */
  pinAttemptStore?: PinAttemptStore;
  log: Logger;
}

/** The methods this module implements itself; the engine provides the rest. */
export type SessionMethod =
  'verifyStaffPin' | 'setupStaffPin' | 'checkSetupCode' | 'recoverStaffAccess' | 'endStaffSession';
export type UnguardedApi = Omit<KioskApi, SessionMethod>;

export interface StaffAccess {
  setup(): StaffSetup;
  /**
   * The engine's API with every staff method guarded and the session methods implemented, for
   * one screen (its own PIN lockout): `screen` is named by the transport, never by the caller.
   */
  guard(api: UnguardedApi, screen?: string): KioskApi;
}

/** The app's own window (IPC), and the default. */
export const APP_SCREEN = 'app';

/**
 * A browser shell's screen: named by its launch token (a digest: the token is a secret), so the
 * same token keeps its lockout across restarts and one shell cannot lock another out.
 */
export function browserScreen(token: string): string {
  return `web:${createHash('sha256').update(token).digest('hex').slice(0, 16)}`;
}

const NO_SESSION = 'staff session missing or expired: enter the staff PIN';

/** The host (with its port) an upstream URL names; null for the embedded server. */
function upstreamHost(url: string | null): string | null {
  if (url === null) return null;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Whether an update points the kiosk at a remote host other than the current upstream's. */
function movesUpstreamHost(update: SettingsUpdate, current: string | null): boolean {
  if (update.upstreamUrl === undefined || update.upstreamUrl === null) return false;
  return upstreamHost(update.upstreamUrl) !== upstreamHost(current);
}

export function createStaffAccess(deps: StaffAccessDeps): StaffAccess {
  const limiters = new Map<string, AttemptBudget>();
  const onStoreError = (error: unknown): void =>
    deps.log.warn('the PIN lockout could not be saved; it holds until a restart', { error });
  /**
   * `screen`'s PIN lockout, or its recovery code's own slow budget (`recovery:<screen>` in the
   * store, recovery-budget.ts): wrong PINs never touch it, so a customer cannot lock IT out.
   */
  const limiterOf = (screen: string, kind: 'pin' | 'recovery' = 'pin'): AttemptBudget => {
    const key = kind === 'pin' ? screen : `recovery:${screen}`;
    let limiter = limiters.get(key);
    if (!limiter) {
      const store = deps.pinAttemptStore ? { store: deps.pinAttemptStore } : {};
      limiter =
        kind === 'pin'
          ? createPinAttemptLimiter(deps.now, {
              screen: key,
              ...(deps.pinAttempts ? { policy: deps.pinAttempts } : {}),
              ...store,
              onStoreError,
            })
          : createRecoveryBudget(deps.now, { key, ...store, onStoreError });
      limiters.set(key, limiter);
    }
    return limiter;
  };
  const setup = (): StaffSetup =>
    deps.settings.hasPin() ? 'done' : deps.upstreamKind() === 'embedded' ? 'demo' : 'required';

  /**
   * Counts one attempt (PIN or setup code) at a screen; refuses every attempt during a lockout.
   * `probe`: a right answer is not counted (a setup code checked before the PIN is chosen must
   * not reset the count that the PIN's own attempt reports).
   */
  const attempt = (
    screen: string,
    valid: () => boolean,
    probe = false,
    attempts: AttemptBudget = limiterOf(screen),
  ): StaffPinCheck => {
    const waiting = attempts.retryAfterSec();
    if (waiting !== null) return { valid: false, retryAfterSec: waiting };
    const ok = valid();
    if (ok && probe) return { valid: true };
    const failedAttempts = attempts.record(ok);
    if (ok) {
      if (failedAttempts > 0)
        deps.log.warn('staff PIN right after wrong ones', { screen, failedAttempts });
      return { valid: true, failedAttempts };
    }
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
    guard(api, screen = APP_SCREEN) {
      const guarded = { ...api } as Record<string, (input: unknown) => Promise<unknown>>;
      for (const method of kioskMethods) {
        if (kioskApi[method].access !== 'staff') continue;
        const inner = api[method as Exclude<typeof method, SessionMethod>] as (
          input: unknown,
        ) => Promise<unknown>;
        guarded[method] = async (input: unknown) => {
          const session = (input as { session?: unknown } | undefined)?.session;
          requireSession(typeof session === 'string' ? session : '');
          return inner(input);
        };
      }
      const codeRight = (setupCode: string | undefined) => (): boolean => {
        const code = deps.setupCode();
        return code !== null && setupCode !== undefined && setupCodeMatches(setupCode, code);
      };
      const staff: Pick<KioskApi, SessionMethod | 'updateSettings'> = {
        verifyStaffPin: ({ pin }) =>
          Promise.resolve(withSession(attempt(screen, () => deps.settings.pinMatches(pin)))),
        checkSetupCode({ setupCode }) {
          if (setup() === 'done')
            return Promise.reject(
              new KioskFailure('invalid_request', 'a staff PIN is already set'),
            );
          return Promise.resolve(attempt(screen, codeRight(setupCode), true));
        },
        setupStaffPin({ setupCode, pin }) {
          const state = setup();
          if (state === 'done')
            return Promise.reject(
              new KioskFailure('invalid_request', 'a staff PIN is already set'),
            );
          const result = attempt(screen, codeRight(setupCode));
          if (!result.valid) return Promise.resolve(result);
          deps.settings.setFirstPin(pin);
          deps.log.info('staff PIN set', { setup: state });
          return Promise.resolve(withSession(result));
        },
        recoverStaffAccess({ code }) {
          const state = setup();
          const right = (): boolean => {
            const recovery = deps.recoveryCode?.() ?? null;
            const printed = state === 'done' ? null : deps.setupCode();
            return (
              (recovery !== null && setupCodeMatches(code, recovery)) ||
              (printed !== null && setupCodeMatches(code, printed))
            );
          };
          const check = attempt(screen, right, false, limiterOf(screen, 'recovery'));
          if (!check.valid) return Promise.resolve(check);
          // The PIN pad this screen's customers locked is open again.
          const failedPins = limiterOf(screen).record(true);
          deps.log.warn('staff access recovered with a recovery or setup code', {
            screen,
            failedPins,
          });
          return Promise.resolve(
            state === 'done'
              ? withSession({ valid: true, failedAttempts: failedPins })
              : { valid: true },
          );
        },
        endStaffSession: ({ session }) => Promise.resolve({ ended: deps.sessions.end(session) }),
        async updateSettings(update) {
          requireSession(update.session);
          const moves = movesUpstreamHost(update, deps.settings.get().upstreamUrl);
          if (update.newPin !== undefined || moves) {
            const check = attempt(
              screen,
              () => update.pin !== undefined && deps.settings.pinMatches(update.pin),
            );
            if (!check.valid) {
              throw new KioskFailure(
                'unauthorized',
                check.retryAfterSec === undefined
                  ? `pin: enter the current staff PIN to ${update.newPin !== undefined ? 'change it' : 'move the upstream to another host'}`
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
