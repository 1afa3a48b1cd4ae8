/**
 * What the database checks cost (issue 17): `npx tsx bench/core/db-check.ts [rows...]`.
 * A kiosk.db like a shop's: the bench mirror (10 services x 30 days, bench/core/fixture.ts)
 * plus N outbox rows (a booking's request JSON each; default 5,000 and 50,000, about two
 * months and a year and a half at 100 bookings a day). For each size: the file size, the
 * whole start check (marker, quick_check, migrations, generation bump), quick_check alone,
 * integrity_check (diagnostics), one VACUUM INTO snapshot, and a durable commit with and
 * without the generation hook (database row + marker file, fsync'd), p50 / p95 of 200.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkRows, openCheckedKioskDb } from '../../electron/core/db/integrity';
import { durableTransaction, openKioskDb, type KioskDb } from '../../electron/core/db/open';
import { takeSnapshotIfDue } from '../../electron/core/db/snapshots';
import { silentLogger } from '../../electron/core/platform/log';
import { makeTempDir } from '../../test/support/core/harness';
import { seedMirror } from './fixture';

export interface DbCheckFigures {
  outboxRows: number;
  fileMb: number;
  startCheckMs: number;
  quickCheckMs: number;
  integrityCheckMs: number;
  snapshotMs: number;
  durableCommitMs: { plain: [number, number]; withGeneration: [number, number] };
}

function seedOutbox(db: KioskDb, rows: number): void {
  const insert = db.$client.prepare(
    `insert into outbox (local_id, idempotency_key, request, employee_id, date, time, duration_minutes, state, next_attempt_at, created_at, updated_at, booking)
     values (?, ?, ?, ?, ?, ?, 45, 'sent', 0, ?, ?, ?)`,
  );
  db.$client.transaction(() => {
    for (let i = 0; i < rows; i += 1) {
      const request = JSON.stringify({
        serviceId: `svc-${i % 10}`,
        employeeId: `emp-${i % 10}`,
        date: '2026-12-01',
        time: '09:00',
        customer: {
          name: `Customer number ${i}`,
          email: `customer${i}@example.com`,
          phone: '+49 30 555 0101',
          notes: 'Please call before.',
        },
      });
      const booking = JSON.stringify({
        _id: `bk-${i}`,
        reference: `R${i}`,
        status: 'confirmed',
        createdAt: '2026-12-01T09:00:00Z',
      });
      insert.run(
        `local-${i}`,
        `idem-${i}`,
        request,
        `emp-${i % 10}`,
        '2026-12-01',
        '09:00',
        i,
        i,
        booking,
      );
    }
  })();
}

function median(values: number[]): number {
  return percentile(values, 0.5);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0) * 100) /
    100
  );
}

function timed(fn: () => unknown, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

function commits(db: KioskDb, runs: number): [number, number] {
  const times: number[] = [];
  const update = db.$client.prepare(
    "insert into settings (key, value) values ('bench', ?) on conflict (key) do update set value = excluded.value",
  );
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    durableTransaction(db, () => update.run(String(i)));
    times.push(performance.now() - started);
  }
  return [percentile(times, 0.5), percentile(times, 0.95)];
}

export function runDbCheckBench(outboxRows: number): DbCheckFigures {
  const temp = makeTempDir('fd-bench-dbcheck-');
  try {
    const dataDir = join(temp.dir, 'kiosk');
    seedMirror(dataDir, Date.now());
    const seeded = openKioskDb({ dataDir });
    seedOutbox(seeded, outboxRows);
    const plain = commits(seeded, 200);
    seeded.$client.pragma('wal_checkpoint(TRUNCATE)');
    seeded.$client.close();
    const fileMb = Math.round((statSync(join(dataDir, 'kiosk.db')).size / 1024 / 1024) * 10) / 10;

    let started = performance.now();
    const opened = openCheckedKioskDb({ dataDir, log: silentLogger });
    const startCheckMs = Math.round((performance.now() - started) * 100) / 100;
    if (!opened.ok) throw new Error(`start check refused: ${opened.refusal.reason}`);
    const db = opened.db;
    const quickCheckMs = timed(() => checkRows(db, 'quick_check', 3), 5);
    const integrityCheckMs = timed(() => checkRows(db, 'integrity_check', 10), 3);
    started = performance.now();
    takeSnapshotIfDue({ db, dataDir, keepDays: 7, now: () => Date.now() });
    const snapshotMs = Math.round(performance.now() - started);
    const withGeneration = commits(db, 200);
    db.$client.close();
    return {
      outboxRows,
      fileMb,
      startCheckMs,
      quickCheckMs,
      integrityCheckMs,
      snapshotMs,
      durableCommitMs: { plain, withGeneration },
    };
  } finally {
    temp.remove();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0);
  for (const rows of sizes.length > 0 ? sizes : [5_000, 50_000])
    console.log(JSON.stringify(runDbCheckBench(rows)));
}
