/**
 * What every JobStore must do (electron/core/jobs/store.ts), as one suite that runs against
 * each implementation (the SQLite store of the kiosk and the memory store of the unit tests),
 * so that a test of the queue on the memory store proves something about the product.
 */
import { describe, expect, it } from 'vitest';
import type { JobStore, NewJob } from '../../../electron/core/jobs/store';

const job = (id: string, fields: Partial<NewJob> = {}): NewJob => ({
  id,
  type: 'mail',
  key: id,
  data: JSON.stringify({ id }),
  runAt: 100,
  createdAt: 50,
  ...fields,
});

const claim = (store: JobStore, now: number, fields: { limit?: number; types?: string[] } = {}) =>
  store.claimDue({
    types: fields.types ?? ['mail'],
    now,
    leaseMs: 1_000,
    limit: fields.limit ?? 10,
  });

export function jobStoreContract(name: string, open: () => { store: JobStore; close(): void }) {
  describe(`job store contract: ${name}`, () => {
    function withStore(test: (store: JobStore) => void): () => void {
      return () => {
        const opened = open();
        try {
          test(opened.store);
        } finally {
          opened.close();
        }
      };
    }

    it(
      'keeps a job as inserted, queued and unclaimed; null for an unknown id',
      withStore((store) => {
        expect(store.insert(job('a', { data: '{"x":1}' }))).toBe(true);
        expect(store.get('a')).toEqual({
          id: 'a',
          type: 'mail',
          key: 'a',
          data: '{"x":1}',
          state: 'queued',
          attempts: 0,
          interrupted: 0,
          runAt: 100,
          leaseUntil: null,
          reason: null,
          createdAt: 50,
          updatedAt: 50,
        });
        expect(store.get('nobody')).toBeNull();
      }),
    );

    it(
      'refuses a second job of a type with the same key, or the same id; keys are per type, null keys repeat',
      withStore((store) => {
        expect(store.insert(job('a', { key: 'bk-1' }))).toBe(true);
        expect(store.insert(job('b', { key: 'bk-1', data: '"other"' }))).toBe(false);
        expect(store.get('b')).toBeNull();
        expect(store.insert(job('a', { key: 'bk-2' }))).toBe(false);
        expect(store.insert(job('c', { key: 'bk-1', type: 'other' }))).toBe(true);
        expect(store.insert(job('d', { key: null }))).toBe(true);
        expect(store.insert(job('e', { key: null }))).toBe(true);
        // Done or failed, the key stays used: at most one job per key, ever.
        const [claimed] = claim(store, 100, { limit: 1 });
        expect(claimed?.id).toBe('a');
        store.settle('a', 1, { state: 'failed', reason: 'no' }, 101);
        expect(store.insert(job('f', { key: 'bk-1' }))).toBe(false);
      }),
    );

    it(
      'claims due jobs of the given types only, soonest due first, then oldest, then in the order enqueued (not by id), up to the limit',
      withStore((store) => {
        store.insert(job('late', { runAt: 300 }));
        store.insert(job('b', { runAt: 200, createdAt: 10 }));
        store.insert(job('a', { runAt: 200, createdAt: 10 }));
        store.insert(job('first', { runAt: 100, createdAt: 90 }));
        store.insert(job('old', { runAt: 200, createdAt: 5 }));
        store.insert(job('other', { runAt: 0, type: 'other' }));
        expect(claim(store, 99)).toEqual([]);
        // 'b' and 'a' were enqueued in the same instant (a driven clock): 'b' came first.
        expect(claim(store, 250, { limit: 3 }).map((j) => j.id)).toEqual(['first', 'old', 'b']);
        expect(claim(store, 250).map((j) => j.id)).toEqual(['a']);
        expect(claim(store, 250, { types: [] })).toEqual([]);
        expect(claim(store, 250, { types: ['other', 'mail'] }).map((j) => j.id)).toEqual(['other']);
      }),
    );

    it(
      'a claim is running, one attempt more, leased until now + lease; not claimed again while leased or skipped',
      withStore((store) => {
        store.insert(job('a'));
        store.insert(job('b'));
        const [claimed] = claim(store, 150, { limit: 1 });
        expect(claimed).toMatchObject({
          id: 'a',
          state: 'running',
          attempts: 1,
          interrupted: 0,
          leaseUntil: 1_150,
          updatedAt: 150,
        });
        expect(store.get('a')).toEqual(claimed);
        expect(
          store.claimDue({
            types: ['mail'],
            now: 5_000,
            leaseMs: 1_000,
            limit: 10,
            skip: new Set(['a', 'b']),
          }),
        ).toEqual([]);
        expect(claim(store, 1_149).map((j) => j.id)).toEqual(['b']);
      }),
    );

    it(
      'a claim whose lease ran out (its process died) is due again, counted as interrupted',
      withStore((store) => {
        store.insert(job('a'));
        claim(store, 100);
        expect(claim(store, 1_099)).toEqual([]);
        const [again] = claim(store, 1_100);
        expect(again).toMatchObject({
          id: 'a',
          state: 'running',
          attempts: 2,
          interrupted: 1,
          leaseUntil: 2_100,
        });
        // The first run's settlement comes too late: the claim is the second run's.
        expect(store.settle('a', 1, { state: 'done' }, 1_200)).toBe(false);
        expect(store.get('a')?.state).toBe('running');
        expect(store.settle('a', 2, { state: 'done' }, 1_200)).toBe(true);
        expect(store.get('a')).toMatchObject({ state: 'done', leaseUntil: null, updatedAt: 1_200 });
      }),
    );

    it(
      'settles a claim done, queued again at a time, or failed with its reason; only a held claim',
      withStore((store) => {
        for (const id of ['done', 'again', 'failed']) store.insert(job(id));
        expect(store.settle('done', 0, { state: 'done' }, 100)).toBe(false); // never claimed
        claim(store, 100);
        expect(store.settle('done', 1, { state: 'done' }, 110)).toBe(true);
        expect(store.settle('done', 1, { state: 'done' }, 111)).toBe(false); // settled already
        expect(store.settle('again', 1, { state: 'queued', runAt: 500 }, 110)).toBe(true);
        expect(store.settle('failed', 1, { state: 'failed', reason: 'refused' }, 110)).toBe(true);
        expect(store.settle('nobody', 1, { state: 'done' }, 110)).toBe(false);
        expect(store.get('done')).toMatchObject({ state: 'done', attempts: 1, reason: null });
        expect(store.get('again')).toMatchObject({
          state: 'queued',
          runAt: 500,
          leaseUntil: null,
          attempts: 1,
        });
        expect(store.get('failed')).toMatchObject({ state: 'failed', reason: 'refused' });
        expect(claim(store, 499)).toEqual([]);
        expect(claim(store, 500).map((j) => j.id)).toEqual(['again']);
        expect(store.get('again')?.attempts).toBe(2);
      }),
    );

    it(
      'says when the next job of the types falls due: a queued one at its time, a running one at its lease end',
      withStore((store) => {
        expect(store.nextDueAt(['mail'])).toBeNull();
        store.insert(job('a', { runAt: 300 }));
        store.insert(job('b', { runAt: 100 }));
        store.insert(job('other', { runAt: 10, type: 'other' }));
        expect(store.nextDueAt(['mail'])).toBe(100);
        expect(store.nextDueAt(['mail', 'other'])).toBe(10);
        expect(store.nextDueAt([])).toBeNull();
        claim(store, 100, { limit: 1 }); // b, leased until 1 100
        expect(store.nextDueAt(['mail'])).toBe(300);
        claim(store, 300); // a, leased until 1 300
        expect(store.nextDueAt(['mail'])).toBe(1_100);
        store.settle('b', 1, { state: 'done' }, 400);
        store.settle('a', 1, { state: 'failed', reason: 'x' }, 400);
        expect(store.nextDueAt(['mail'])).toBeNull();
      }),
    );

    it(
      'ends every lease at once (at start), counting those it ended; the jobs are due then',
      withStore((store) => {
        store.insert(job('a'));
        store.insert(job('b'));
        store.insert(job('c'));
        claim(store, 100, { limit: 2 });
        expect(store.expireLeases(200)).toBe(2);
        expect(store.expireLeases(200)).toBe(0);
        expect(store.get('a')).toMatchObject({ state: 'running', leaseUntil: 200 });
        expect(store.get('c')).toMatchObject({ state: 'queued', leaseUntil: null });
        expect(store.nextDueAt(['mail'])).toBe(100);
        expect(
          claim(store, 200)
            .map((j) => [j.id, j.interrupted])
            .sort(),
        ).toEqual([
          ['a', 1],
          ['b', 1],
          ['c', 0],
        ]);
      }),
    );

    it(
      'lists the jobs of a type by key',
      withStore((store) => {
        store.insert(job('a', { key: 'bk-1' }));
        store.insert(job('b', { key: 'bk-2' }));
        store.insert(job('c', { key: 'bk-1', type: 'other' }));
        store.insert(job('d', { key: null }));
        const ids = (keys: string[]) =>
          store
            .list('mail', keys)
            .map((j) => j.id)
            .sort();
        expect(ids(['bk-1', 'bk-2', 'bk-9'])).toEqual(['a', 'b']);
        expect(ids(['bk-1'])).toEqual(['a']);
        expect(ids([])).toEqual([]);
        expect(store.list('other', ['bk-1'])[0]).toMatchObject({ id: 'c', state: 'queued' });
      }),
    );
  });
}
