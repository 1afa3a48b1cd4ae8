/**
 * The API budget in the sync status (issue 28): requests left this minute and today, counted
 * when the status is read, so a minute that passed without a request shows its budget back.
 */
import { describe, expect, it } from 'vitest';
import { corePerTest } from '../../support/core/harness';
import { manualClock } from '../../support/core/manual-clock';

const MONDAY_1000 = Date.parse('2026-11-23T09:00:00Z');
const open = corePerTest('fd-budget-status-');

describe('the API budget in the sync status', () => {
  it("shows the minute's and the day's remainder, current at every read", async () => {
    const clock = manualClock(MONDAY_1000);
    const { core, upstream } = await open(clock, { mirrorDays: 2 });
    const before = await core.api.getSyncStatus({});
    expect(before.budget?.day.remaining).toBe(before.budget?.day.limit);
    await core.api.getCatalog({});
    await core.api.getTimeSlots({ date: '2026-11-24', serviceId: 'svc-damen-schnitt' });
    const sent = upstream.proxy.forwarded();
    expect(sent).toBeGreaterThanOrEqual(3);
    const now = (await core.api.getSyncStatus({})).budget!;
    expect(now.minute.remaining).toBe(now.minute.limit - sent);
    expect(now.day.remaining).toBe(now.day.limit - sent);
    // A minute later, with no request in between: the minute's budget is back, the day's not.
    clock.advance(61_000);
    const later = (await core.api.getSyncStatus({})).budget!;
    expect(later.minute.remaining).toBe(later.minute.limit);
    expect(later.day.remaining).toBe(now.day.remaining);
  });
});
