/**
 * Staff sessions: an opaque random token (256 bits) per PIN entry, ended after the staff idle
 * time without a staff call, or at once by endStaffSession. Kept in memory: a restart of the
 * kiosk ends every session, which is what a shop expects of a lock screen.
 */
import { randomBytes } from 'node:crypto';

export interface StaffSession {
  session: string;
  expiresAt: string; // ISO
}

export interface StaffSessions {
  open(): StaffSession;
  /** True when `session` is live; renews its expiry (a staff call). */
  touch(session: string): boolean;
  /** True when `session` is live, without renewing it (event delivery). */
  isLive(session: string): boolean;
  /** Ends one session; false when it was not live. */
  end(session: string): boolean;
  endAll(): void;
}

export interface StaffSessionOptions {
  now: () => number;
  /** Read on every renewal, so that a settings change applies to the next call. */
  idleMs: () => number;
  /** Open sessions kept at most; the oldest is ended first. */
  max?: number;
}

export function createStaffSessions(options: StaffSessionOptions): StaffSessions {
  const max = options.max ?? 16;
  const expiries = new Map<string, number>(); // insertion order = age
  const live = (session: string): boolean => {
    const expiry = expiries.get(session);
    if (expiry === undefined) return false;
    if (expiry > options.now()) return true;
    expiries.delete(session);
    return false;
  };
  return {
    open() {
      const session = randomBytes(32).toString('base64url');
      const expiresAt = options.now() + options.idleMs();
      expiries.set(session, expiresAt);
      while (expiries.size > max) {
        const oldest = expiries.keys().next().value;
        if (oldest === undefined) break;
        expiries.delete(oldest);
      }
      return { session, expiresAt: new Date(expiresAt).toISOString() };
    },
    touch(session) {
      if (!live(session)) return false;
      expiries.set(session, options.now() + options.idleMs());
      return true;
    },
    isLive: live,
    end: (session) => live(session) && expiries.delete(session),
    endAll: () => expiries.clear(),
  };
}
