/**
 * What the sync status says in one word, the same in the staff status bar and in diagnostics
 * (issue 18): online only on a recent good answer; a 5xx is an answer, but "the API has
 * problems"; paused when the API refused the key; unknown from the start until the first answer or
 * failed connection (a restart is not an outage).
 */
import type { SyncStatus } from './kiosk-data';

export type SyncState = 'online' | 'problems' | 'offline' | 'paused' | 'unknown';

export function syncState(status: SyncStatus): SyncState {
  if (status.mode === 'paused') return 'paused';
  if (status.online) return 'online';
  if (status.known === false) return 'unknown';
  return status.problemStatus === undefined ? 'offline' : 'problems';
}
