/**
 * The kiosk's own health for IT's monitoring, beside the queue's numbers: how old the newest
 * backup (db/snapshots.ts) is, whether the database checks passed, the update channel's state
 * (the host's, electron/main/updates.ts, through KioskHost.appInfo) and which configured
 * languages have a speech voice (as the kiosk screen last reported it, speech-voices.ts).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { UpdateStatus } from '../../../shared/kiosk-api';
import { listSnapshots, snapshotFolder } from '../db';
import type { SpeechVoice } from './speech-voices';

export interface KioskHealth {
  /** Seconds since the newest backup was written; null: there is none. */
  backupAgeSeconds: number | null;
  /**
   * start: the start check (quick_check and the identity) passed, which it did when the core
   * runs; integrity: the last full integrity_check ("Save diagnostics"), null before the first.
   */
  databaseChecks: { start: boolean; integrity: boolean | null };
  update: UpdateStatus['state'];
  speechVoices: readonly SpeechVoice[];
}

/** When the newest backup file was written (ms), or null when there is none. */
export function newestBackupAt(dataDir: string): number | null {
  const newest = listSnapshots(dataDir)[0];
  if (newest === undefined) return null;
  try {
    return statSync(join(snapshotFolder(dataDir), newest)).mtimeMs;
  } catch {
    return null; // deleted between the listing and the stat: as if there were none
  }
}

export function backupAgeSeconds(backupAt: number | null, now: number): number | null {
  return backupAt === null ? null : Math.max(0, Math.floor((now - backupAt) / 1000));
}

/** Remembers the last full integrity check's verdict (the check is slow: staff run it). */
export function integrityVerdict(): {
  note(rows: readonly string[]): void;
  passed(): boolean | null;
} {
  let passed: boolean | null = null;
  return {
    note: (rows) => {
      passed = rows.length === 1 && rows[0] === 'ok';
    },
    passed: () => passed,
  };
}
