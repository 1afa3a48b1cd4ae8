/**
 * One OutboxStore contract over both implementations (the memory store of the unit tests must
 * behave as the SQLite store of the product), and the SQLite store's durability: its writes
 * commit with synchronous=FULL inside an IMMEDIATE transaction.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openKioskDb, type KioskDb } from '../../../electron/core/db/open';
import {
  createSqliteOutboxStore,
  type SqliteOutboxEvents,
} from '../../../electron/core/db/outbox-store';
import { createDomainEvents } from '../../../electron/core/platform/domain-events';
import { createLogger } from '../../../electron/core/platform/log';
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

describe('SQLite outbox store: what a refusal found later opens', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let db: KioskDb;
  afterEach(() => {
    db.$client.close();
    temp.remove();
  });

  /** A store whose refusal hook records what it opened; `m` is a booking with an e-mail. */
  function openStore(fail = false) {
    temp = makeTempDir('fd-outbox-refusal-');
    db = openKioskDb({ dataDir: temp.dir });
    const opened: string[] = [];
    const heard: { localId: string; state: string; mailed: boolean }[] = [];
    const events = createDomainEvents<SqliteOutboxEvents>(createLogger('test', { level: null }));
    events.on('booking.refused', ({ entry, mailed }) =>
      heard.push({ localId: entry.localId, state: entry.state, mailed }),
    );
    const store = createSqliteOutboxStore(db, {
      write: (entry) => {
        if (fail) throw new Error('the follow-up could not be written');
        opened.push(entry.localId);
        return { mailed: entry.localId === 'm' };
      },
      events,
    });
    return { store, opened, heard };
  }

  it('a queued booking refused: its follow-up opens in its transaction, then booking.refused says whether it mailed', () => {
    const { store, opened, heard } = openStore();
    store.insert(outboxEntry({ localId: 'a' }));
    store.insert(outboxEntry({ localId: 'm', idempotencyKey: 'km' }));
    store.update('a', { state: 'rejected', updatedAt: 1 });
    store.update('m', { state: 'rejected', updatedAt: 2 });
    expect(opened).toEqual(['a', 'm']);
    expect(heard).toEqual([
      { localId: 'a', state: 'rejected', mailed: false },
      { localId: 'm', state: 'rejected', mailed: true },
    ]);
  });

  it('told at once, another state, or rejected again after a discard (Undo): nothing opens', () => {
    const { store, opened, heard } = openStore();
    store.insert(outboxEntry({ localId: 'told', state: 'sending' }));
    store.update('told', { state: 'rejected', updatedAt: 1, toldAtOnce: true });
    store.insert(outboxEntry({ localId: 'sent', idempotencyKey: 'ks', state: 'sending' }));
    store.update('sent', { state: 'sent', updatedAt: 1 });
    store.update('told', { state: 'discarded', updatedAt: 2 });
    store.update('told', { state: 'rejected', updatedAt: 3 });
    expect(store.get('told')?.state).toBe('rejected');
    expect(opened).toEqual([]);
    expect(heard).toEqual([]);
  });

  it('a follow-up that cannot be written fails the refusal with it: the booking stays queued, nothing is announced', () => {
    const { store, heard } = openStore(true);
    store.insert(outboxEntry({ localId: 'a' }));
    expect(() => store.update('a', { state: 'rejected', updatedAt: 1 })).toThrow(/follow-up/);
    expect(store.get('a')?.state).toBe('queued');
    expect(heard).toEqual([]);
  });
});
