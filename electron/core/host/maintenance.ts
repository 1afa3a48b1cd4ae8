/**
 * The core's housekeeping: retention (erasing ended bookings' personal data) at start and on a
 * 60 s timer that also saves the governor's count and checkpoints the WAL. A failure is
 * logged and retried at the next tick, never fatal.
 */
import { type Clock, type Logger, createLoop } from '../platform';
import { checkpointKioskDb, purgeKioskWal, type KioskDb, takeSnapshotIfDue } from '../db';
import { createRetention, type RetentionOptions, type OutboxStore } from '../outbox';

const CHECKPOINT_EVERY_MS = 60_000;

export interface Maintenance {
  /** Erases what retention says is due (logged, not thrown, on failure). */
  eraseDue(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createMaintenance(deps: {
  db: KioskDb;
  store: OutboxStore;
  clock: Clock;
  log: Logger;
  /** The staff setting (or IT's value), read at every run so that a change applies at once. */
  retentionDays: () => number;
  saveGovernor: () => void;
  /** Other stores of customers' data erased by the same days (the embedded server's). */
  others?: RetentionOptions['others'];
  dataDir: string;
  /** Daily VACUUM INTO snapshots kept this many days (0: none). */
  snapshotDays: number;
}): Maintenance {
  const { db, clock, log } = deps;
  const retention = createRetention({
    store: deps.store,
    clock,
    retentionDays: deps.retentionDays,
    log,
    others: deps.others,
    afterErase: () => {
      if (!purgeKioskWal(db))
        log.warn('the WAL could not be truncated after an erasure; retrying at the next one');
    },
  });
  let snapshotFailing = false;
  const snapshot = (): void => {
    try {
      const run = takeSnapshotIfDue({
        db,
        dataDir: deps.dataDir,
        keepDays: deps.snapshotDays,
        now: () => clock.now(),
      });
      if (run.kind === 'taken')
        log.info('database snapshot taken', { path: run.path, ms: run.ms, pruned: run.pruned });
      snapshotFailing = false;
    } catch (error) {
      // Tried again every minute (a full disk frees up): said once until it works again.
      if (!snapshotFailing) log.warn('database snapshot failed', { error });
      snapshotFailing = true;
    }
  };
  const eraseDue = (): void => {
    try {
      retention.run();
    } catch (error) {
      log.warn('retention failed', { error });
    }
  };
  const checkpoint = (): number => {
    eraseDue();
    try {
      deps.saveGovernor();
      checkpointKioskDb(db);
    } catch (error) {
      log.warn('checkpoint failed', { error });
    }
    snapshot();
    return CHECKPOINT_EVERY_MS;
  };
  const loop = createLoop({ clock, run: checkpoint, firstDelayMs: CHECKPOINT_EVERY_MS });
  return { eraseDue, start: () => loop.start(), stop: () => loop.stop() };
}
