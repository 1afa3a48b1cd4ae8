/**
 * One OutboxStore contract over both implementations (the memory store of the unit tests must
 * behave as the SQLite store of the product), and the SQLite store's durability: its writes
 * commit with synchronous=FULL inside an IMMEDIATE transaction.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openKioskDb, type KioskDb } from '../../../electron/core/db/open';
import { createSqliteOutboxStore } from '../../../electron/core/db/outbox-store';
import { createMemoryOutboxStore } from '../../../electron/core/outbox/store';
import { makeTempDir } from '../../support/core/harness';
import { outboxEntry } from '../../support/core/outbox-entry';
import { outboxStoreContract } from '../../support/core/outbox-store-contract';

outboxStoreContract('memory', () => ({ store: createMemoryOutboxStore(), close: () => undefined }));

outboxStoreContract('SQLite', () => {
  const temp = makeTempDir('fd-outbox-store-');
  const db = openKioskDb({ dataDir: temp.dir });
  return {
    store: createSqliteOutboxStore(db),
    close() {
      db.$client.close();
      temp.remove();
    },
  };
});

describe('SQLite outbox store durability', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let db: KioskDb;
  afterEach(() => {
    db.$client.close();
    temp.remove();
  });

  const synchronous = () => db.$client.pragma('synchronous', { simple: true }) as number;
  const FULL = 2;
  const NORMAL = 1;

  it('checks and inserts with synchronous=FULL in a write transaction, then goes back to NORMAL', () => {
    temp = makeTempDir('fd-outbox-durable-');
    db = openKioskDb({ dataDir: temp.dir });
    const store = createSqliteOutboxStore(db);
    expect(synchronous()).toBe(NORMAL); // the mirror's writes need not wait for the disk
    let during: { synchronous: number; inTransaction: boolean } | null = null;
    store.insertIfFree(outboxEntry({ localId: 'a' }), () => {
      during = { synchronous: synchronous(), inTransaction: db.$client.inTransaction };
      return true;
    });
    expect(during).toEqual({ synchronous: FULL, inTransaction: true });
    expect(synchronous()).toBe(NORMAL);
  });
});
