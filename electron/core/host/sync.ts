/** Staff's sync controls and settings: the status, "Sync now", reading and changing settings. */
import { monotonicNow, isDiskFull, type Clock, type Logger } from '../platform';
import {
  recoverInterrupted,
  type HeldWrites,
  type OutboxStore,
  type Replayer,
  type SendPath,
} from '../outbox';
import type { EngineApi, LiveGate } from '../engine';
import type { RecoveryProbe, StatusEvents, SyncStatusTracker } from '../status';
import type { Mirror } from '../mirror';
import type { SettingsService } from '../staff';
import type { UpstreamLink } from '../link';

export type SyncApi = Pick<
  EngineApi,
  'getSyncStatus' | 'syncNow' | 'getSettings' | 'updateSettings'
>;

export interface SyncDeps {
  store: Pick<OutboxStore, 'holding' | 'update' | 'wakeAll' | 'get'>;
  clock: Clock;
  log: Logger;
  status: Pick<SyncStatusTracker, 'paused' | 'offlineSince' | 'clearAuthError' | 'reset'>;
  statusEvents: Pick<StatusEvents, 'snapshot' | 'emitStatus'>;
  replayer: Pick<Replayer, 'resume' | 'sendDueNow' | 'poke'>;
  /** Asks the API whether it is back (Sync now, and on its own while offline). */
  probe: Pick<RecoveryProbe, 'hurry' | 'probe'>;
  gate: Pick<LiveGate, 'allowLiveNow'>;
  /** Whether a request for an entry is under way. */
  send: Pick<SendPath, 'inFlight'>;
  mirror: Pick<Mirror, 'sweep' | 'poke'>;
  settings: Pick<SettingsService, 'get' | 'update'>;
  /** The link to the API, re-targeted after a settings change. */
  link: Pick<UpstreamLink, 'retarget' | 'kind'>;
  /** The disk under the outbox (outbox/held-writes.ts). */
  storage: Pick<HeldWrites, 'isHeld' | 'retry'>;
}

export function createSyncApi(deps: SyncDeps): SyncApi {
  const { store, clock, status, replayer, probe } = deps;
  const { snapshot, emitStatus } = deps.statusEvents;

  /** A new API to talk to: its status starts over, and the queue and mirror try it now. */
  async function retarget(): Promise<void> {
    await deps.link.retarget();
    status.reset();
    replayer.resume();
    // Stryker disable next-line CallExpression: resume() already plans the queue's next run from what is due
    replayer.poke();
    deps.mirror.poke();
    deps.log.info('upstream re-targeted', { kind: deps.link.kind() });
  }

  return {
    getSyncStatus: () => Promise.resolve(snapshot()),
    async syncNow() {
      if (status.paused) {
        // Staff asked: try the key once more (they may have fixed it upstream).
        status.clearAuthError();
        replayer.resume();
      }
      deps.gate.allowLiveNow();
      probe.hurry();
      // Held answers are written if the disk has room again; sends left stuck by a full disk
      // (no request under way, nothing held) go back to the queue under their keys.
      deps.storage.retry();
      for (const entry of store.holding()) {
        if (entry.state !== 'sending' || deps.send.inFlight(entry.localId)) continue;
        // Stryker disable next-line ConditionalExpression: unreachable, a held answer never leaves the entry sending
        if (deps.storage.isHeld(entry.localId)) continue;
        try {
          store.update(entry.localId, recoverInterrupted(entry, clock.now(), monotonicNow(clock)));
        } catch (error) {
          if (!isDiskFull(error)) throw error;
        }
      }
      // The bookings holding a time now; the report counts those this Sync now sent (one whose
      // answer was lost waits for staff and is never sent here).
      const waiting = store.holding().map((e) => e.localId);
      // Offline (or never in contact): one cheap request says whether the API is back, so that
      // the answer below is about now, not about the last customer's lookup.
      const before = snapshot();
      if (!before.online) await probe.probe();
      if (!status.paused && status.offlineSince === null) {
        // Staff asked: nothing sits out a backoff. Bookings go first, as far as the budget lets
        // them now; the answer never waits for the budget or the mirror (issue 30): what is
        // left goes on in the loops, and the status events tell staff when it is done.
        store.wakeAll(monotonicNow(clock));
        await replayer.sendDueNow();
        replayer.poke();
        // Stryker disable ArrowFunction: the status room announces each refresh's outcome already
        void deps.mirror
          .sweep(20)
          // A step that throws here throws in the mirror's own loop too, which logs it once.
          .catch(() => undefined)
          .then(() => emitStatus());
      }
      // Stryker restore ArrowFunction
      emitStatus();
      const after = snapshot();
      const sent = waiting.filter((id) => store.get(id)?.state === 'sent').length;
      const result = status.paused ? 'key_refused' : after.online ? 'online' : 'offline';
      return { ...after, report: { result, sent, stillQueued: after.queued } };
    },
    getSettings: () => Promise.resolve(deps.settings.get()),
    async updateSettings(update) {
      const { settings, upstreamChanged } = deps.settings.update(update);
      if (upstreamChanged) await retarget();
      emitStatus();
      return settings;
    },
  };
}
