/**
 * The kiosk's own health as IT's monitoring reads it, through the real core (embedded demo
 * upstream): the speech voices the kiosk screen reports (`reportSpeechVoices`, validated by the
 * contract), the host's update state, the last full integrity check and the newest backup,
 * in core.metrics() and in "Save diagnostics".
 */
import { readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { takeSnapshotIfDue } from '../../../electron/core/db/snapshots';
import { connectKioskDb } from '../../../electron/core/db/open';
import {
  createKioskCoreInternals,
  type KioskCoreInternals,
} from '../../../electron/core/kiosk-core';
import { createMemorySecretStore } from '../../../electron/core/staff/secret-store';
import type { UpdateStatus } from '../../../shared/kiosk-api';
import { dispatchKioskCall } from '../../../shared/kiosk-dispatch';
import { makeTempDir, MONDAY_0830 } from '../../support/core/harness';
import { manualClock } from '../../support/core/manual-clock';
import { openStaffSession } from '../../support/core/staff';

let temp: ReturnType<typeof makeTempDir>;
let core: KioskCoreInternals | null = null;
beforeEach(() => {
  temp = makeTempDir('fd-core-health-');
});
afterEach(async () => {
  await core?.close();
  core = null;
  temp.remove();
});

it('keeps the last speech-voice report, refuses a bad one, and reads update, checks and backups', async () => {
  let update: UpdateStatus = { state: 'idle', version: null };
  const now = MONDAY_0830;
  const dataDir = join(temp.dir, 'kiosk');
  core = await createKioskCoreInternals({
    dataDir,
    secretStore: createMemorySecretStore(),
    autoStart: false,
    clock: manualClock(now),
    host: {
      appInfo: () => ({ version: '1.4.0', update }),
      diagnostics: {
        folder: join(temp.dir, 'diag'),
        versions: {},
        config: {},
        recentLog: () => '',
      },
    },
  });
  const before = core.metrics().health;
  expect(before).toEqual({
    backupAgeSeconds: null,
    databaseChecks: { start: true, integrity: null },
    update: 'idle',
    speechVoices: [],
  });

  const voices = [
    { language: 'de', available: true },
    { language: 'ar', available: false },
  ];
  expect(await dispatchKioskCall(core.api, 'reportSpeechVoices', { voices })).toEqual({
    ok: true,
    result: null,
  });
  // A language the kiosk does not have, or a stray field: refused, and the last report stays.
  for (const bad of [
    { voices: [{ language: 'fr', available: true }] },
    { voices: [{ language: 'de', available: 'yes' }] },
    { voices, extra: 1 },
  ]) {
    const answer = await dispatchKioskCall(core.api, 'reportSpeechVoices', bad);
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  }
  expect(core.metrics().health.speechVoices).toEqual(voices);

  update = { state: 'error', version: '1.5.0' };
  // A backup written two hours before the kiosk's "now".
  const db = connectKioskDb({ dataDir });
  const run = takeSnapshotIfDue({ db, dataDir, keepDays: 7, now: () => now });
  db.$client.close();
  if (run.kind !== 'taken') throw new Error(`expected a snapshot, got ${run.kind}`);
  utimesSync(run.path, (now - 7_200_000) / 1000, (now - 7_200_000) / 1000);

  const { path } = await core.api.saveDiagnostics({ session: await openStaffSession(core) });
  const report = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  expect(report.speechVoices).toEqual(voices);
  expect(core.metrics().health).toEqual({
    backupAgeSeconds: 7200,
    // The full check ran for the diagnostics: its verdict is now known.
    databaseChecks: { start: true, integrity: true },
    update: 'error',
    speechVoices: voices,
  });
});
