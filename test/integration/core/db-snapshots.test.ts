/**
 * Daily VACUUM INTO snapshots (taken, kept N days, pruned, 0600 in a 0700 folder, a copy that
 * opens and holds the rows) and a full disk at start said as "disk full", through the real start
 * check on real SQLite files.
 */
import Database from 'better-sqlite3';
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCheckedKioskDb, type CheckedOpenOptions } from '../../../electron/core/db/integrity';
import { durableTransaction, type KioskDb } from '../../../electron/core/db/open';
import { databaseHealth } from '../../../electron/core/db/database-health';
import {
  listSnapshots,
  snapshotFolder,
  takeSnapshotIfDue,
} from '../../../electron/core/db/snapshots';
import { refusalLine } from '../../../electron/core/db/start-refusal';
import { createLogger } from '../../../electron/core/platform/log';
import { makeTempDir, startCore } from '../../support/core/harness';
import { timerClock } from '../../support/core/manual-clock';

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-23T07:30:00Z');
const log = createLogger('test:db');
const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);

let temp: ReturnType<typeof makeTempDir>;
let db: KioskDb | null = null;
beforeEach(() => {
  temp = makeTempDir('fd-snap-');
});
afterEach(() => {
  db?.$client.close();
  db = null;
  temp.remove();
});

function openChecked(
  extra: Partial<CheckedOpenOptions> = {},
): ReturnType<typeof openCheckedKioskDb> {
  return openCheckedKioskDb({ dataDir: join(temp.dir, 'kiosk'), log, ...extra });
}

function openedDb(): KioskDb {
  const opened = openChecked();
  if (!opened.ok) throw new Error(refusalLine(opened.refusal));
  db = opened.db;
  return opened.db;
}

function setProbe(kiosk: KioskDb, value: string): void {
  durableTransaction(kiosk, () =>
    kiosk.$client
      .prepare("insert or replace into settings (key, value) values ('probe', ?)")
      .run(value),
  );
}

function probeIn(path: string): unknown {
  const copy = new Database(path, { readonly: true });
  try {
    return (
      copy.prepare("select value from settings where key = 'probe'").get() as
        { value: string } | undefined
    )?.value;
  } finally {
    copy.close();
  }
}

/** A copy as the old scheme left it: a database holding a generation and a probe. */
function oldCopy(path: string, generation: number, probe: string): void {
  const copy = new Database(path);
  copy.exec('create table settings (key text primary key, value text not null)');
  copy
    .prepare('insert into settings (key, value) values (?, ?), (?, ?)')
    .run('kioskIdentity', JSON.stringify({ id: 'old', generation }), 'probe', probe);
  copy.close();
}

describe('daily snapshots', () => {
  it('takes one copy a day (0600 in a 0700 backups folder) that opens with the same rows, and keeps N days', () => {
    const kiosk = openedDb();
    const dataDir = join(temp.dir, 'kiosk');
    durableTransaction(kiosk, () =>
      kiosk.$client.prepare("insert into settings (key, value) values ('probe', 'day 0')").run(),
    );
    let now = T0;
    const run = (): ReturnType<typeof takeSnapshotIfDue> =>
      takeSnapshotIfDue({ db: kiosk, dataDir, keepDays: 3, now: () => now });

    const first = run();
    expect(first.kind).toBe('taken');
    if (first.kind !== 'taken') return;
    expect(first.path).toBe(join(snapshotFolder(dataDir), 'kiosk-000001-2026-11-23.db'));
    if (process.platform !== 'win32') {
      expect(mode(first.path)).toBe('600');
      expect(mode(snapshotFolder(dataDir))).toBe('700');
    }
    const copy = new Database(first.path, { readonly: true });
    expect(copy.prepare("select value from settings where key = 'probe'").get()).toEqual({
      value: 'day 0',
    });
    expect(copy.pragma('quick_check', { simple: true })).toBe('ok');
    copy.close();

    expect(run().kind).toBe('exists'); // the same day: no second copy
    for (let day = 1; day <= 4; day++) {
      now = T0 + day * DAY;
      expect(run().kind).toBe('taken');
    }
    expect(listSnapshots(dataDir)).toEqual([
      'kiosk-000005-2026-11-27.db',
      'kiosk-000004-2026-11-26.db',
      'kiosk-000003-2026-11-25.db',
    ]);
    expect(
      readdirSync(snapshotFolder(dataDir)).filter((name) => /\.(tmp|partial)$/.test(name)),
    ).toEqual([]);
    expect(databaseHealth(kiosk, dataDir)).toMatchObject({
      integrityCheck: ['ok'],
      snapshots: listSnapshots(dataDir),
    });
  });

  it('does not trust the clock: +400 days deletes one copy, not all; after +48 h and back, the highest number holds the newest content', () => {
    const kiosk = openedDb();
    const dataDir = join(temp.dir, 'kiosk');
    let now = T0;
    let probe = 0;
    const run = (): ReturnType<typeof takeSnapshotIfDue> => {
      probe += 1;
      setProbe(kiosk, `write ${probe}`);
      return takeSnapshotIfDue({ db: kiosk, dataDir, keepDays: 3, now: () => now });
    };
    for (let day = 0; day < 3; day++) {
      now = T0 + day * DAY;
      run();
    }
    // The clock jumps 400 days ahead: one copy more, the newest three kept (two of them real).
    now = T0 + 400 * DAY;
    expect(run()).toMatchObject({ kind: 'taken', pruned: ['kiosk-000001-2026-11-23.db'] });
    expect(listSnapshots(dataDir)).toEqual([
      'kiosk-000004-2027-12-28.db',
      'kiosk-000003-2026-11-25.db',
      'kiosk-000002-2026-11-24.db',
    ]);
    // Back to the real day, and later +48 h and back again: each change of day takes a copy,
    // numbered after the last, so the number (not the date) says which is newest.
    now = T0 + 3 * DAY;
    run();
    now = T0 + 5 * DAY;
    run();
    now = T0 + 3 * DAY + 3_600_000;
    expect(run().kind).toBe('taken');
    const names = listSnapshots(dataDir);
    expect(names).toEqual([
      'kiosk-000007-2026-11-26.db',
      'kiosk-000006-2026-11-28.db',
      'kiosk-000005-2026-11-26.db',
    ]);
    expect(probeIn(join(snapshotFolder(dataDir), names[0] ?? ''))).toBe(`write ${probe}`);
    // The same day again: no copy, nothing pruned.
    expect(run()).toMatchObject({ kind: 'exists', pruned: [] });
  });

  it('copies named by day (before issue 30) join the sequence by the generation they hold, and still open', () => {
    const kiosk = openedDb();
    const dataDir = join(temp.dir, 'kiosk');
    const folder = snapshotFolder(dataDir);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    // Taken after a +48 h jump: the later date holds the older content.
    oldCopy(join(folder, 'kiosk-2026-11-25.db'), 7, 'older');
    oldCopy(join(folder, 'kiosk-2026-11-23.db'), 9, 'newer');
    const run = takeSnapshotIfDue({ db: kiosk, dataDir, keepDays: 5, now: () => T0 + DAY });
    expect(run.kind).toBe('taken');
    expect(listSnapshots(dataDir)).toEqual([
      'kiosk-000003-2026-11-24.db',
      'kiosk-000002-2026-11-23.db',
      'kiosk-000001-2026-11-25.db',
    ]);
    expect(probeIn(join(folder, 'kiosk-000002-2026-11-23.db'))).toBe('newer');
    expect(probeIn(join(folder, 'kiosk-000001-2026-11-25.db'))).toBe('older');
  });

  it('keepDays 0 takes none', () => {
    const kiosk = openedDb();
    expect(
      takeSnapshotIfDue({
        db: kiosk,
        dataDir: join(temp.dir, 'kiosk'),
        keepDays: 0,
        now: () => T0,
      }),
    ).toEqual({ kind: 'off' });
    expect(listSnapshots(join(temp.dir, 'kiosk'))).toEqual([]);
  });
});

describe("the core's minute timer", () => {
  it("takes the day's snapshot off the request path and prunes by snapshotDays", async () => {
    const clock = timerClock(T0);
    const dataDir = join(temp.dir, 'kiosk');
    const core = await startCore(dataDir, 'http://127.0.0.1:9', {
      clock,
      autoStart: true,
      snapshotDays: 2,
    });
    try {
      expect(listSnapshots(dataDir)).toEqual([]); // not at start: the first tick, a minute later
      await clock.advance(60_000);
      expect(listSnapshots(dataDir)).toEqual(['kiosk-000001-2026-11-23.db']);
      for (const day of [1, 2]) {
        clock.set(T0 + day * DAY);
        await clock.advance(60_000);
      }
      expect(listSnapshots(dataDir)).toEqual([
        'kiosk-000003-2026-11-25.db',
        'kiosk-000002-2026-11-24.db',
      ]);
    } finally {
      await core.close();
    }
  });
});

describe('the backups folder at start', () => {
  it.skipIf(process.platform === 'win32')(
    'is tightened to 0700 and its copies to 0600 when they were created wider',
    async () => {
      const dataDir = join(temp.dir, 'kiosk');
      const folder = snapshotFolder(dataDir);
      mkdirSync(folder, { recursive: true });
      chmodSync(dataDir, 0o700);
      chmodSync(folder, 0o755);
      const copy = join(folder, 'kiosk-000001-2026-11-23.db');
      writeFileSync(copy, '');
      chmodSync(copy, 0o644);
      const core = await startCore(dataDir, 'http://127.0.0.1:9', { clock: timerClock(T0) });
      await core.close();
      expect(mode(folder)).toBe('700');
      expect(mode(copy)).toBe('600');
    },
  );
});

describe('a full disk at start', () => {
  const enospc = (code: string, message: string) => () => {
    throw Object.assign(new Error(message), { code });
  };

  it('an injected "disk I/O error" at open on a disk with no space left is said as disk full, in one line', () => {
    const opened = openChecked({
      connect: enospc('SQLITE_IOERR_WRITE', 'disk I/O error'),
      freeBytes: () => 0,
    });
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.refusal.reason).toBe('disk-full');
    const line = refusalLine(opened.refusal);
    expect(line).toMatch(/^disk full: /);
    expect(line).not.toContain('disk I/O error');
    expect(line).not.toContain('\n');
  });

  it('an injected ENOSPC or SQLITE_FULL is disk full whatever the free space reads', () => {
    for (const code of ['ENOSPC', 'SQLITE_FULL']) {
      const opened = openChecked({
        connect: enospc(code, 'no space'),
        freeBytes: () => 10 * 1024 * 1024,
      });
      expect(opened.ok ? null : opened.refusal.reason).toBe('disk-full');
    }
  });

  it('the same I/O error with space left is not called a full disk', () => {
    const opened = openChecked({
      connect: enospc('SQLITE_IOERR_READ', 'disk I/O error'),
      freeBytes: () => 10 * 1024 * 1024 * 1024,
    });
    expect(opened.ok ? null : opened.refusal).toEqual({
      reason: 'unreadable',
      detail: 'disk I/O error',
    });
  });

  it('a real open after the failed one starts normally (nothing was left half-made)', () => {
    const failed = openChecked({ connect: enospc('ENOSPC', 'no space'), freeBytes: () => 0 });
    expect(failed.ok).toBe(false);
    const kiosk = openedDb();
    expect(kiosk.$client.pragma('quick_check', { simple: true })).toBe('ok');
  });
});
