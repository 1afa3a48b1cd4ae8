/**
 * IT's staff recovery code (issue 30): a locked PIN pad (a customer tapped five wrong PINs, the
 * right one is refused for up to an hour) still takes it, and it opens the staff area. Kept in
 * the data folder as `staff-recovery-code.secret` (0600): generated at the first start, 24
 * characters from the setup code's alphabet (31^24, about 119 bits: guessing is pointless even
 * without its own limit, which it has). IT reads it there, or writes its own (16 characters or
 * more; a shorter one is refused and the recovery is off until it is fixed).
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../platform';
import { newSetupCode } from './setup-code';
import { createFileSecretStore } from './secret-store';

export const RECOVERY_CODE_FILE = 'staff-recovery-code.secret';
/**
 * IT's way in that is not at the customers' screen (issue 39 item 5): a file of this name (any
 * content) placed in the data folder is read at the start, ends every screen's PIN lockout and
 * recovery budget, and is deleted.
 */
export const STAFF_UNLOCK_FILE = 'staff-unlock';
export const RECOVERY_CODE_MIN_LENGTH = 16;

/** `ABCD-EFGH-...`: six groups of four, typed as read (case, spaces and hyphens do not count). */
export function newRecoveryCode(): string {
  return [newSetupCode(), newSetupCode(), newSetupCode()].join('-');
}

export type RecoveryCodeLoad =
  { ok: true; code: string; created: boolean } | { ok: false; reason: string };

/** The data folder's recovery code, created when there is none. Never logs the code. */
export function loadRecoveryCode(dataDir: string): RecoveryCodeLoad {
  const store = createFileSecretStore(join(dataDir, RECOVERY_CODE_FILE));
  const stored = store.get()?.trim() ?? null;
  if (stored === null || stored === '') {
    const code = newRecoveryCode();
    store.set(`${code}\n`);
    return { ok: true, code, created: true };
  }
  if (stored.replace(/[\s-]/g, '').length < RECOVERY_CODE_MIN_LENGTH)
    return {
      ok: false,
      reason: `${RECOVERY_CODE_FILE} holds fewer than ${RECOVERY_CODE_MIN_LENGTH} characters; staff recovery is off`,
    };
  return { ok: true, code: stored, created: false };
}

/**
 * The staff codes of this start, each logged once (never the recovery code): a setup code while
 * the kiosk has no PIN (new at every start, demo too: whoever sees the console or log sets it),
 * and IT's recovery code from the data folder (null while it is unusable).
 */
export function staffCodesAtStart(
  hasPin: boolean,
  dataDir: string,
  log: Pick<Logger, 'info' | 'warn'>,
): { setupCode: string | null; recoveryCode: string | null } {
  const setupCode = hasPin ? null : newSetupCode();
  if (setupCode !== null) log.warn(`setup code: ${setupCode}`);
  const recovery = loadRecoveryCode(dataDir);
  if (!recovery.ok) log.warn(recovery.reason);
  else if (recovery.created)
    log.info(`staff recovery code written to the data folder's ${RECOVERY_CODE_FILE} (for IT)`);
  return { setupCode, recoveryCode: recovery.ok ? recovery.code : null };
}

/**
 * Whether IT placed the staff-unlock file for this start; it is deleted so that it unlocks once
 * (one that cannot be deleted unlocks at every start, and says so).
 */
export function takeStaffUnlock(dataDir: string, log: Pick<Logger, 'warn'>): boolean {
  const path = join(dataDir, STAFF_UNLOCK_FILE);
  if (!existsSync(path)) return false;
  try {
    rmSync(path, { force: true });
  } catch (error) {
    log.warn(`${STAFF_UNLOCK_FILE} could not be deleted: it unlocks at every start`, { error });
  }
  return true;
}
