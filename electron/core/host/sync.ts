/** Staff's sync controls and settings: the status, "Sync now", reading and changing settings. */
import { monotonicNow, isDiskFull } from '../platform';
import { recoverInterrupted } from '../outbox';
import type { EngineApi, EngineContext } from '../engine';

export type SyncApi = Pick<
  EngineApi,
  'getSyncStatus' | 'syncNow' | 'getSettings' | 'updateSettings'
>;

export function createSyncApi(ctx: EngineContext): SyncApi {
  const { store, clock, status, replayer, probe } = ctx;
  const { snapshot, emitStatus } = ctx.statusEvents;
  return {
    getSyncStatus: () => Promise.resolve(snapshot()),
    async syncNow() {
      if (status.paused) {
        // Staff asked: try the key once more (they may have fixed it upstream).
        status.clearAuthError();
        replayer.resume();
      }
      ctx.allowLiveNow();
      probe.hurry();
      // Held answers are written if the disk has room again; sends left stuck by a full disk
      // (no request under way, nothing held) go back to the queue under their keys.
      ctx.storage?.retry();
      for (const entry of store.holding()) {
        if (entry.state !== 'sending' || ctx.send.inFlight(entry.localId)) continue;
        if (ctx.storage?.isHeld(entry.localId)) continue;
        try {
          store.update(entry.localId, recoverInterrupted(entry, clock.now(), monotonicNow(clock)));
        } catch (error) {
          if (!isDiskFull(error)) throw error;
        }
      }
      const waiting = store
        .holding()
        .filter((e) => e.state !== 'unknown')
        .map((e) => e.localId);
      // Offline (or never in contact): one cheap request says whether the API is back, so that
      // the answer below is about now, not about the last customer's lookup.
      const before = snapshot();
      if (!before.online || status.offlineSince !== null) await probe.probe();
      if (!status.paused && status.offlineSince === null) {
        // Staff asked: nothing sits out a backoff. Bookings go first, as far as the budget lets
        // them now; the answer never waits for the budget or the mirror (issue 30): what is
        // left goes on in the loops, and the status events tell staff when it is done.
        store.wakeAll(monotonicNow(clock));
        await replayer.sendDueNow();
        replayer.poke();
        void ctx.mirror
          .sweep(20)
          // A step that throws here throws in the mirror's own loop too, which logs it once.
          .catch(() => undefined)
          .then(() => emitStatus());
      }
      emitStatus();
      const after = snapshot();
      const sent = waiting.filter((id) => store.get(id)?.state === 'sent').length;
      const result = status.paused
        ? 'key_refused'
        : after.online && status.offlineSince === null
          ? 'online'
          : 'offline';
      return { ...after, report: { result, sent, stillQueued: after.queued } };
    },
    getSettings: () => Promise.resolve(ctx.settings.get()),
    async updateSettings(update) {
      const { settings, upstreamChanged } = ctx.settings.update(update);
      if (upstreamChanged) await ctx.retarget();
      emitStatus();
      return settings;
    },
  };
}
