/**
 * Issue 39, items 2 and 7: row damage that the column checks alone did not set aside. A NULL in
 * a NOT NULL column (written by a tool that relaxed the column, then the schema restored) made
 * the start check refuse the whole database; a queued row whose service no longer matches the
 * minutes it holds was sent as the other service. Real SQLite, the real core and the real
 * reference server: the kiosk starts, the row is set aside for staff, the others are sent.
 */
import Database from 'better-sqlite3';
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { freeSlots, queueBookings } from '../../support/core/crash-run';
import {
  makeTempDir,
  serverBookings,
  startCore,
  startUpstream,
  until,
  type UpstreamFixture,
} from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';

let temp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
let core: KioskCoreInternals | null = null;
let dataDir: string;

beforeEach(async () => {
  temp = makeTempDir('fd-row-damage-');
  upstream = await startUpstream(temp.dir, { rateLimit: { perMinute: 6000, perDay: 100_000 } });
  dataDir = join(temp.dir, 'kiosk');
});

afterEach(async () => {
  await core?.close();
  core = null;
  await upstream.close();
  temp.remove();
});

function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, 'kiosk.db'));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** Rewrites the outbox table's declared SQL as a tool would (SQLite reads it at the next open). */
function setOutboxSql(sql: string): void {
  withDb((db) => {
    db.unsafeMode(true); // writable_schema is refused in better-sqlite3's defensive mode
    db.pragma('writable_schema = ON');
    db.prepare("update sqlite_schema set sql = ? where type = 'table' and name = 'outbox'").run(
      sql,
    );
    db.pragma('writable_schema = RESET');
  });
}

/** NULLs written into NOT NULL columns: the constraint relaxed, the values written, restored. */
function writeNulls(localId: string, columns: string[]): void {
  const declared = withDb(
    (db) =>
      db
        .prepare("select sql from sqlite_schema where type = 'table' and name = 'outbox'")
        .pluck()
        .get() as string,
  );
  const relaxed = columns.reduce(
    (sql, column) => sql.replace(new RegExp(`(\`${column}\` [a-z]+) NOT NULL`, 'i'), '$1'),
    declared,
  );
  expect(relaxed).not.toBe(declared);
  setOutboxSql(relaxed);
  withDb((db) =>
    db
      .prepare(
        `update outbox set ${columns.map((c) => `${c} = null`).join(', ')} where local_id = ?`,
      )
      .run(localId),
  );
  setOutboxSql(declared);
  // The file is what the audit left: sound pages, a NULL where the schema forbids one.
  expect(withDb((db) => db.pragma('quick_check', { simple: false }))).toContainEqual({
    quick_check: `NULL value in outbox.${columns[0] ?? ''}`,
  });
}

async function replayAll(kiosk: KioskCoreInternals): Promise<void> {
  await until(async () => {
    await kiosk.replayer.runOnce();
    return (await kiosk.api.getSyncStatus({})).queued === 0;
  }, 20_000);
}

async function staffList(kiosk: KioskCoreInternals) {
  return kiosk.api.listBookings({ session: await openStaffSession(kiosk) });
}

const slotKey = (s: { date: string; time: string; employeeId: string }): string =>
  `${s.employeeId} ${s.date} ${s.time}`;

describe('outbox row damage the column checks missed (issue 39)', () => {
  it('issue 39 item 2: a NULL in a NOT NULL column sets that row aside and the kiosk starts', async () => {
    const slots = await freeSlots(upstream.server.url, 5);
    queueBookings(dataDir, slots);
    writeNulls('crash-0001', ['state']);
    writeNulls('crash-0003', ['request', 'created_at']);

    core = await startCore(dataDir, upstream.proxy.url);
    const listed = await staffList(core);
    expect(listed).toHaveLength(5);
    const aside = listed.filter((b) => b.state === 'quarantined');
    expect(aside.map((b) => b.localId).sort()).toEqual(['crash-0001', 'crash-0003']);
    for (const b of aside)
      expect(b.lastError?.message).toMatch(/^Set aside, not sent: .*docs\/deploy\.md/);
    expect(aside.find((b) => b.localId === 'crash-0001')?.lastError?.message).toContain(
      'its state cannot be read',
    );

    await replayAll(core);
    const sent = (await staffList(core)).filter((b) => b.state === 'sent');
    expect(sent.map((b) => b.localId).sort()).toEqual(['crash-0000', 'crash-0002', 'crash-0004']);
    // The API holds the other queued bookings, each once, and nothing of the set-aside ones.
    const booked = serverBookings(upstream.dbPath).map(slotKey).sort();
    expect(booked).toEqual([0, 2, 4].map((i) => slotKey(slots[i] as (typeof slots)[0])).sort());
    await core.close();
    core = null;

    // A restart: the remaining NULLs (the set-aside row's bytes, kept for IT) start too.
    core = await startCore(dataDir, upstream.proxy.url);
    expect((await staffList(core)).filter((b) => b.state === 'quarantined')).toHaveLength(2);
  });

  it('issue 39 item 2: damage to the file itself is still refused beside a row NULL', async () => {
    queueBookings(dataDir, await freeSlots(upstream.server.url, 2));
    writeNulls('crash-0000', ['state']);
    // A scribbled page of another table: the file's damage, not a row's.
    const { rootpage, pageSize } = withDb((db) => ({
      rootpage: db
        .prepare("select rootpage from sqlite_schema where name = 'settings'")
        .pluck()
        .get() as number,
      pageSize: db.pragma('page_size', { simple: true }) as number,
    }));
    const fd = openSync(join(dataDir, 'kiosk.db'), 'r+');
    writeSync(fd, Buffer.alloc(64, 0xa5), 0, 64, (rootpage - 1) * pageSize);
    closeSync(fd);
    await expect(startCore(dataDir, upstream.proxy.url)).rejects.toThrow(/damaged/);
  });

  it('issue 39 item 7: a queued row whose service takes other minutes than it holds is set aside, not sent', async () => {
    // The kiosk has its catalog mirrored (as one that queued bookings has).
    core = await startCore(dataDir, upstream.proxy.url);
    expect((await core.api.getCatalog({})).services.length).toBeGreaterThan(0);
    await core.close();
    core = null;
    // 15-minute beard trims, half an hour apart: a 30-minute service would fit there too.
    const slots = (await freeSlots(upstream.server.url, 8)).filter((_, i) => i % 2 === 0);
    queueBookings(dataDir, slots);
    // The request now names the 30-minute men's cut the same person does; the hold says 15.
    withDb((db) =>
      db
        .prepare(
          "update outbox set request = json_set(request, '$.serviceId', 'svc-herren-schnitt') where local_id = 'crash-0000'",
        )
        .run(),
    );

    core = await startCore(dataDir, upstream.proxy.url);
    await replayAll(core);
    const listed = await staffList(core);
    const aside = listed.find((b) => b.localId === 'crash-0000');
    expect(aside?.state).toBe('quarantined');
    expect(aside?.lastError?.message).toContain('its service takes 30 minutes but it holds 15');
    expect(listed.filter((b) => b.state === 'sent')).toHaveLength(3);
    const booked = serverBookings(upstream.dbPath).map(slotKey).sort();
    expect(booked).toEqual(slots.slice(1).map(slotKey).sort());
  });
});
