/**
 * The kiosk's own health for IT's monitoring, beside the queue's numbers: how old the newest
 * backup (db/snapshots.ts) is, whether the database checks passed, the update channel's state
 * (the host's, electron/main/updates.ts, through KioskHost.appInfo) and which configured
 * languages have a speech voice (as the kiosk screen last reported it, speech-voices.ts).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { UpdateStatus } from '../../../shared/kiosk-api';
import {
  databaseHealth,
  listSnapshots,
  snapshotFolder,
  type DatabaseHealth,
  type KioskDb,
} from '../db';
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
function newestBackupAt(dataDir: string): number | null {
  const newest = listSnapshots(dataDir)[0];
  if (newest === undefined) return null;
  try {
    return statSync(join(snapshotFolder(dataDir), newest)).mtimeMs;
  } catch {
    return null; // deleted between the listing and the stat: as if there were none
  }
}

function backupAgeSeconds(backupAt: number | null, now: number): number | null {
  return backupAt === null ? null : Math.max(0, Math.floor((now - backupAt) / 1000));
}

/** Remembers the last full integrity check's verdict (the check is slow: staff run it). */
function integrityVerdict(): {
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

/**
 * The kiosk's health as the core reads it: the newest backup, the database checks (a full check
 * staff run through `checkDatabase`, "Save diagnostics", is remembered), the update channel
 * and the speech voices.
 */
export function createKioskHealth(deps: {
  db: KioskDb;
  dataDir: string;
  now: () => number;
  update: () => UpdateStatus['state'];
  speechVoices: () => readonly SpeechVoice[];
}): { read: () => KioskHealth; checkDatabase: () => DatabaseHealth } {
  const integrity = integrityVerdict();
  return {
    read: () => ({
      backupAgeSeconds: backupAgeSeconds(newestBackupAt(deps.dataDir), deps.now()),
      databaseChecks: { start: true, integrity: integrity.passed() },
      update: deps.update(),
      speechVoices: deps.speechVoices(),
    }),
    checkDatabase() {
      const health = databaseHealth(deps.db, deps.dataDir);
      integrity.note(health.integrityCheck);
      return health;
    },
  };
}
