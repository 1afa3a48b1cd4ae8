/**
 * Issue 17, case 4: a missing, emptied, rolled-back or damaged kiosk.db stops the start with one
 * line naming docs/deploy.md instead of starting as a new kiosk; a new install and a restore IT
 * accepted (marker deleted) start. Real cores on real SQLite files in a temp folder, bookings
 * made against the real reference server; a "crash image" is the files copied while the core
 * runs (what kill -9 leaves: the WAL not checkpointed).
 */
import Database from 'better-sqlite3';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  closeSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { KioskStartRefusal, type StartRefusal } from '../../../electron/core/db/start-refusal';
import { MARKER_FILE, readMarker } from '../../../electron/core/db/kiosk-identity';
import {
  bookingRequest,
  firstFree,
  makeTempDir,
  MONDAY_0830,
  offsetClock,
  startCore,
  startUpstream,
  until,
  type UpstreamFixture,
} from '../../support/core/harness';

const DATE = '2026-11-24';
const DATES = [DATE, '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];
const SERVICE = 'svc-damen-schnitt';
const clock = offsetClock(MONDAY_0830);
const FILES = ['kiosk.db', 'kiosk.db-wal', MARKER_FILE];

let temp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
let open: KioskCoreInternals[] = [];
let bookings = 0;

beforeAll(async () => {
  temp = makeTempDir('fd-dbcheck-');
  upstream = await startUpstream(temp.dir, { clock: clock.server });
});
afterAll(async () => {
  await upstream.close();
  temp.remove();
});
afterEach(async () => {
  for (const core of open) await core.close();
  open = [];
});

let folders = 0;
function newDataDir(): string {
  folders += 1;
  return join(temp.dir, `kiosk-${folders}`);
}

async function start(dataDir: string): Promise<KioskCoreInternals> {
  const core = await startCore(dataDir, upstream.proxy.url, { clock, mirrorDays: 1 });
  open.push(core);
  return core;
}

async function stop(core: KioskCoreInternals): Promise<void> {
  await core.close();
  open = open.filter((c) => c !== core);
}

async function refusalOf(dataDir: string): Promise<StartRefusal & { line: string }> {
  try {
    const core = await start(dataDir);
    await stop(core);
  } catch (error) {
    if (error instanceof KioskStartRefusal) return { ...error.refusal, line: error.message };
    throw error;
  }
  throw new Error('the core started');
}

async function book(core: KioskCoreInternals): Promise<string> {
  // One day per few bookings: the tests share one server, whose days fill up.
  const date = DATES[Math.floor(bookings / 4) % DATES.length] ?? DATE;
  const { timeSlots } = await core.api.getTimeSlots({ date, serviceId: SERVICE, fresh: true });
  bookings += 1;
  const entry = await core.api.createBooking(
    bookingRequest({ ...firstFree(timeSlots), date, serviceId: SERVICE }, bookings),
  );
  expect(entry.state).toBe('sent');
  return entry.localId;
}

/** What kill -9 would leave of a running core: its files as they are now, WAL included. */
function crashImage(from: string): string {
  const to = newDataDir();
  mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const name of FILES)
    if (existsSync(join(from, name))) copyFileSync(join(from, name), join(to, name));
  return to;
}

function outboxIds(dataDir: string): string[] {
  const db = new Database(join(dataDir, 'kiosk.db'), { readonly: true });
  try {
    return (
      db.prepare('select local_id as id from outbox order by local_id').all() as { id: string }[]
    ).map((row) => row.id);
  } finally {
    db.close();
  }
}

const lineShape = /^[^\n]+docs\/deploy\.md$/;

/** sha256 of kiosk.db, its -wal and -shm (null: absent), and the folder's names. */
function fingerprint(dataDir: string): Record<string, string | null> {
  const sums: Record<string, string | null> = {};
  for (const name of ['kiosk.db', 'kiosk.db-wal', 'kiosk.db-shm', MARKER_FILE]) {
    const path = join(dataDir, name);
    sums[name] = existsSync(path)
      ? createHash('sha256').update(readFileSync(path)).digest('hex')
      : null;
  }
  sums.files = readdirSync(dataDir).sort().join(',');
  return sums;
}

/** A page of the outbox table overwritten with 64 bytes of 0xa5. */
function scribbleOutboxPage(dataDir: string): void {
  const db = new Database(join(dataDir, 'kiosk.db'), { readonly: true });
  const { rootpage } = db
    .prepare("select rootpage from sqlite_master where name = 'outbox'")
    .get() as { rootpage: number };
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const fd = openSync(join(dataDir, 'kiosk.db'), 'r+');
  writeSync(fd, Buffer.alloc(64, 0xa5), 0, 64, (rootpage - 1) * pageSize);
  closeSync(fd);
}

describe('the database is checked at start', () => {
  it('a new install starts fresh and remembers it had data (marker 0600, generation growing with starts and bookings)', async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir);
    const marker = readMarker(dataDir);
    expect(marker.kind).toBe('ok');
    if (process.platform !== 'win32')
      expect((statSync(join(dataDir, MARKER_FILE)).mode & 0o777).toString(8)).toBe('600');
    const atStart = marker.kind === 'ok' ? marker.identity.generation : -1;
    expect(atStart).toBeGreaterThanOrEqual(1);
    await book(first);
    // Written after the commit, off the booking's path: it catches up.
    await until(() => {
      const afterBooking = readMarker(dataDir);
      return afterBooking.kind === 'ok' && afterBooking.identity.generation > atStart;
    }, 20_000);
    await stop(first);
    await stop(await start(dataDir));
  });

  it('kill -9 right after a booking (marker behind the database) starts normally with the booking', async () => {
    const dataDir = newDataDir();
    const core = await start(dataDir);
    const id = await book(core);
    const image = crashImage(dataDir); // the marker may not have caught up yet: it may lag, never lead
    const restarted = await start(image);
    await stop(restarted);
    expect(outboxIds(image)).toEqual([id]);
  });

  it('a 0-byte kiosk.db (bookings gone) is refused with one line, and left as it was', async () => {
    const dataDir = newDataDir();
    const core = await start(dataDir);
    await book(core);
    await stop(core);
    truncateSync(join(dataDir, 'kiosk.db'), 0);
    rmSync(join(dataDir, 'kiosk.db-wal'), { force: true });

    const refusal = await refusalOf(dataDir);
    expect(refusal.reason).toBe('empty');
    expect(refusal.line).toMatch(lineShape);
    expect(refusal.line).toContain('kiosk.db is empty (0 bytes)');
    expect(statSync(join(dataDir, 'kiosk.db')).size).toBe(0);
  });

  it('a kiosk.db deleted beside its WAL is refused (not started empty)', async () => {
    const dataDir = newDataDir();
    const core = await start(dataDir);
    await book(core);
    const image = crashImage(dataDir);
    rmSync(join(image, 'kiosk.db'));
    expect(existsSync(join(image, 'kiosk.db-wal'))).toBe(true);

    const refusal = await refusalOf(image);
    expect(refusal).toMatchObject({ reason: 'missing', beside: 'wal' });
    expect(refusal.line).toContain('its WAL is still there');
    expect(refusal.line).toMatch(lineShape);
    expect(existsSync(join(image, 'kiosk.db'))).toBe(false);
  });

  it('a truncated WAL (the last bookings gone, an older state left) is refused as rolled back', async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir);
    const kept = await book(first);
    await stop(first); // checkpointed: the booking is in kiosk.db itself
    const second = await start(dataDir);
    const lost = await book(second); // in the WAL only (the core checkpoints from a timer)
    const image = crashImage(dataDir);
    expect(outboxIds(image)).toEqual([kept, lost].sort());
    truncateSync(join(image, 'kiosk.db-wal'), 0);
    expect(outboxIds(image)).toEqual([kept]);

    const refusal = await refusalOf(image);
    expect(refusal.reason).toBe('rolled-back');
    expect(refusal.line).toContain('rolled back');
    expect(refusal.line).toMatch(lineShape);
  });

  it('an older copy put back is refused; deleting the marker accepts it, and the kiosk goes on from it', async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir);
    const old = await book(first);
    await stop(first);
    const backup = join(temp.dir, `old-copy-${folders}.db`);
    copyFileSync(join(dataDir, 'kiosk.db'), backup);
    const second = await start(dataDir);
    await book(second);
    await stop(second);

    copyFileSync(backup, join(dataDir, 'kiosk.db'));
    const refusal = await refusalOf(dataDir);
    expect(refusal.reason).toBe('rolled-back');
    expect(outboxIds(dataDir)).toEqual([old]); // refused: nothing written

    // IT's documented step: delete the marker to accept the restored database.
    rmSync(join(dataDir, MARKER_FILE));
    const restored = await start(dataDir);
    const marker = readMarker(dataDir);
    expect(marker.kind).toBe('ok');
    const again = await book(restored);
    await stop(restored);
    expect(outboxIds(dataDir)).toEqual([old, again].sort());
    await stop(await start(dataDir)); // and the next start is a normal one
  });

  it("another kiosk's database (or a fresh one in its place) is refused as replaced", async () => {
    const dataDir = newDataDir();
    const other = newDataDir();
    await stop(await start(dataDir));
    await stop(await start(other));
    copyFileSync(join(other, 'kiosk.db'), join(dataDir, 'kiosk.db'));
    expect((await refusalOf(dataDir)).reason).toBe('replaced');
  });

  it('a page scribble is caught by quick_check at start', async () => {
    const dataDir = newDataDir();
    const core = await start(dataDir);
    for (let i = 0; i < 3; i++) await book(core);
    await stop(core);
    scribbleOutboxPage(dataDir);
    const before = fingerprint(dataDir);

    const refusal = await refusalOf(dataDir);
    expect(refusal.reason).toBe('damaged');
    expect(refusal.line).toContain('kiosk.db is damaged');
    expect(refusal.line).toMatch(lineShape);
    expect(fingerprint(dataDir)).toEqual(before);
  });

  it('a refused start leaves kiosk.db, its WAL and -shm byte for byte as they were (issue 30)', async () => {
    // A truncated WAL beside a live -shm: what the audit saw merged and deleted.
    const dataDir = newDataDir();
    const first = await start(dataDir);
    await book(first);
    await stop(first);
    const second = await start(dataDir);
    await book(second);
    const image = crashImage(dataDir);
    copyFileSync(join(dataDir, 'kiosk.db-shm'), join(image, 'kiosk.db-shm'));
    truncateSync(join(image, 'kiosk.db-wal'), 100); // cut inside the WAL header
    const before = fingerprint(image);
    expect(before['kiosk.db-wal']).not.toBeNull();
    expect(before['kiosk.db-shm']).not.toBeNull();
    const refusal = await refusalOf(image);
    expect(refusal.reason).toBe('rolled-back');
    expect(refusal.line).toMatch(lineShape);
    expect(fingerprint(image)).toEqual(before);
    // Refused again the same way: nothing was "repaired" by the first attempt.
    expect((await refusalOf(image)).reason).toBe('rolled-back');
    expect(fingerprint(image)).toEqual(before);

    // A scribbled outbox page of a database with its WAL beside it (a life with no booking:
    // the WAL holds other pages, and the scribble is what SQLite reads).
    await stop(second);
    const third = await start(dataDir);
    const scribbled = crashImage(dataDir);
    copyFileSync(join(dataDir, 'kiosk.db-shm'), join(scribbled, 'kiosk.db-shm'));
    await stop(third);
    scribbleOutboxPage(scribbled);
    const sums = fingerprint(scribbled);
    expect(sums['kiosk.db-wal']).not.toBeNull();
    const damaged = await refusalOf(scribbled);
    expect(damaged.reason).toBe('damaged');
    expect(damaged.line).toMatch(lineShape);
    expect(fingerprint(scribbled)).toEqual(sums);
  });

  it('an unreadable marker is refused rather than guessed at', async () => {
    const dataDir = newDataDir();
    await stop(await start(dataDir));
    writeFileSync(join(dataDir, MARKER_FILE), '{"id":');
    expect((await refusalOf(dataDir)).reason).toBe('marker-unreadable');
  });

  it('an install from before the marker keeps its bookings and gets one', async () => {
    const dataDir = newDataDir();
    const core = await start(dataDir);
    const id = await book(core);
    await stop(core);
    rmSync(join(dataDir, MARKER_FILE));
    const db = new Database(join(dataDir, 'kiosk.db'));
    db.prepare("delete from settings where key = 'kioskIdentity'").run();
    db.close();

    await stop(await start(dataDir));
    expect(readMarker(dataDir).kind).toBe('ok');
    expect(outboxIds(dataDir)).toEqual([id]);
    expect(readFileSync(join(dataDir, MARKER_FILE), 'utf8')).not.toContain('customer');
  });
});
