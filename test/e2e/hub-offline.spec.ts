/**
 * Issue 20, one core offline: the hub's holds are the only ones, so a booking queued on one
 * screen while the API is down holds its time on every other screen of the shop. Two browser
 * contexts as two paired screens over HTTPS (support/hub.ts); the API goes down through the
 * worker's fault proxy.
 */
import { chooseDay, firstFreeSlot, start } from './support/flow';
import { launchTrusting, pair, screen, startHub, toReview } from './support/hub';
import { onScreen } from './support/screens';
import { expect, test } from './support/stack';

test.setTimeout(180_000);

test('the API down: a booking queued on screen A holds its time on screen B', async ({
  stack,
  clock,
}) => {
  stack.proxy.setMode('pass');
  const hub = await startHub(stack.proxy.url, clock);
  const browser = await launchTrusting(hub.web);
  try {
    const a = await screen(browser, clock);
    const b = await screen(browser, clock);
    await pair(a.page, hub, 'Tablet A');
    await pair(b.page, hub, 'Tablet B');
    const choice = await firstFreeSlot(hub.kiosk); // also fills the hub's mirror for that day

    // The API goes; the hub finds out (two failed live lookups: the failure, then the probe)
    // before A's customer books, so that A queues the booking instead of trying it on a dead
    // line (which would end "unknown": test/support/core/harness.ts goOffline).
    stack.proxy.setMode('down');
    const lookup = { date: choice.date, serviceId: choice.serviceId, fresh: true };
    for (let i = 0; i < 2; i += 1) await hub.kiosk.call('getTimeSlots', lookup).catch(() => null);
    await expect
      .poll(async () => ((await hub.kiosk.call('getSyncStatus')) as { online: boolean }).online)
      .toBe(false);
    await toReview(a.page, choice);
    await expect(a.page.getByText(/could not be checked live/)).toBeVisible();
    await a.page.getByRole('button', { name: 'Book now' }).click();
    await onScreen(a.page, 'queued');
    await expect(a.page.getByRole('heading', { name: 'Your time is reserved' })).toBeVisible();

    // A customer on B, from the start: the day's grid holds that time (the queued booking, in
    // the hub's one core), and nothing is queued on B.
    await start(b.page);
    await b.page.locator('.service-main', { hasText: choice.serviceTitle }).click();
    await chooseDay(b.page, choice);
    await expect(b.page.locator(`[data-time="${choice.time}"]`)).toBeDisabled();
    await expect(b.page.locator('[data-screen="queued"]')).toHaveCount(0);

    const bookings = (await hub.kiosk.call('listBookings')) as {
      state: string;
      request: { date: string; time: string };
    }[];
    const same = bookings.filter(
      ({ request }) => request.date === choice.date && request.time === choice.time,
    );
    expect(same.map((booking) => booking.state)).toEqual(['queued']);
  } finally {
    stack.proxy.setMode('pass');
    await browser.close();
    await hub.close();
  }
});
