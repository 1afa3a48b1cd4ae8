/**
 * "Save diagnostics" (counter mode, staff only): one JSON file that IT can ask a shop to send.
 * It holds versions, the machine config with secrets removed, the sync status, how many
 * bookings the outbox holds in each state (counts only: no booking, no customer), the
 * database's `integrity_check` and snapshots, the speech voices the kiosk screen reported,
 * whether the upstream was seen keeping booked times free, and the recent log (already
 * redacted when written; redacted once more here).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalBookingState, type AppInfo, type SyncStatus } from '../../../shared/kiosk-api';
import { syncState } from '../../../shared/sync-state';
import type { DatabaseHealth } from '../db';
import type { BookedTimesReport } from '../link';
import { redact } from '../platform';

export type OutboxCounts = Record<LocalBookingState, number> & {
  /** Queued bookings whose next attempt is due now. */
  dueNow: number;
};

export const OUTBOX_STATES = LocalBookingState.options;

export interface DiagnosticsInput {
  now: Date;
  app: AppInfo;
  versions: Readonly<Record<string, string | undefined>>;
  config: Readonly<Record<string, unknown>>;
  sync: SyncStatus;
  outbox: OutboxCounts;
  recentLog: string;
  /** integrity_check, generation and snapshot names (db/database-health.ts). */
  database?: DatabaseHealth;
  /** Which UI languages the kiosk screen last reported a speech voice for (empty: no report). */
  speechVoices?: readonly { language: string; available: boolean }[];
  /** Whether the upstream keeps booked times free, so that lost answers go to staff (issue 30). */
  bookedTimes?: BookedTimesReport;
}

const SECRET_KEY = /key|secret|token|password|pin/i;

/** The file's content; nothing in it is a secret or a customer's data. */
export function buildDiagnostics(input: DiagnosticsInput): string {
  const report = {
    createdAt: input.now.toISOString(),
    app: input.app,
    versions: input.versions,
    config: sanitise(input.config),
    sync: {
      // The word the staff status bar shows (online / problems / offline / paused / unknown).
      state: syncState(input.sync),
      ...input.sync,
      lastError: input.sync.lastError === null ? null : redact(input.sync.lastError),
    },
    outbox: input.outbox,
    ...(input.database === undefined ? {} : { database: input.database }),
    ...(input.speechVoices === undefined ? {} : { speechVoices: input.speechVoices }),
    ...(input.bookedTimes === undefined ? {} : { upstreamBookedTimes: input.bookedTimes }),
    recentLog: input.recentLog
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => redact(line)),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

function sanitise(value: unknown, key = ''): unknown {
  if (key !== '' && SECRET_KEY.test(key))
    return value === null || value === undefined ? value : '[removed]';
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => sanitise(item));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sanitise(v, k)]));
  }
  return value;
}

/** Writes the file into `folder` (created private), never over an existing one; returns its path. */
export function writeDiagnosticsFile(folder: string, content: string, now: Date): string {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const path = join(folder, `frontdesk-diagnostics-${stamp}.json`);
  writeFileSync(path, content, { mode: 0o600, flag: 'wx' });
  return path;
}
