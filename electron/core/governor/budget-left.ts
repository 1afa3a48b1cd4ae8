/**
 * The API budget as staff read it (issue 28): requests left this minute and today, from the
 * governor's own count at the moment the status is read ("59 / 60" read as used, was the
 * minute's remainder only, and went stale between requests).
 */
import type { SyncStatus } from '../../../shared/kiosk-api';
import type { GovernorSnapshot } from './rate-governor';

export function budgetLeft(
  snapshot: Pick<GovernorSnapshot, 'minute' | 'day'>,
): SyncStatus['budget'] {
  const left = ({ limit, used }: { limit: number; used: number }) => ({
    limit,
    remaining: Math.max(0, limit - used),
  });
  return { minute: left(snapshot.minute), day: left(snapshot.day) };
}
