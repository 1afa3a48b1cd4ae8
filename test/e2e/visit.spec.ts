/**
 * Issue 19, "Several services in one visit": a women's cut then colour on the portrait kiosk
 * with touch. The time grid offers only times where the colour follows the cut (Anna does
 * both), both are booked, one confirmation lists both, the receipt has a slip for each.
 * Offline both are queued and held together, staff see the pair, and the replay sends both.
 */
import type { Page } from '@playwright/test';
import { addDays } from '../../shared/booking/time';
import { fillDetails, kioskToday, start } from './support/flow';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCREENSHOT_DIR, capture, onScreen, review } from './support/screens';
import {
  API_KEY,
  expect,
  openKiosk,
  setUpKiosk,
  STAFF_PIN,
  test,
  type Kiosk,
  type Stack,
} from './support/stack';

test.use({ hasTouch: true });

const CUT = 'svc-damen-schnitt';
const COLOUR = 'svc-faerben';

interface VisitTimes {
  offers: { time: string; parts: { serviceId: string; time: string; employeeId: string }[] }[];
}
interface Listed {
  state: string;
  visitId: string | null;
  request: { serviceId: string; time: string };
}

/**
 * Start -> cut -> the day -> add colour; returns the first start time the whole visit fits. The
 * specs of a worker share a server, and many book "today" (Tuesday) at its first free time, so
 * each visit test takes a later day of its own (Anna does both, Monday to Friday).
 */
async function toVisitGrid(
  page: Page,
  kiosk: Kiosk,
  { days, checks }: { days: number; checks: boolean },
): Promise<{ time: string; date: string }> {
  const now = kioskToday(kiosk);
  // The first day from `days` on where the visit still fits: the worker's other specs book the
  // first free times, and which of them ran before this one depends on how files were shared
  // out between workers (under load a worker may have filled Wednesday too). Within November,
  // so the calendar shows it.
  let today = addDays(now.date, days);
  let first: VisitTimes['offers'][number] | undefined;
  for (let ahead = days; ahead <= days + 5 && !first; ahead++) {
    today = addDays(now.date, ahead);
    const times = (await kiosk.call('getVisitTimes', {
      date: today,
      serviceIds: [CUT, COLOUR],
    })) as VisitTimes;
    first = times.offers.find((offer) => ahead > 0 || offer.time > now.time);
  }
  if (!first) throw new Error(`no visit fits from ${addDays(now.date, days)} on`);
  await start(page);
  await page.locator('.service-main', { hasText: 'Damenhaarschnitt' }).tap();
  await onScreen(page, 'day');
  await page.locator(`[data-date="${today}"]`).tap();
  await onScreen(page, 'time');
  await page.getByTestId('add-service').tap();
  if (checks) await review(page, 'add-service', 'visit-add-service');
  else await onScreen(page, 'add-service');
  await page.locator('.service-main', { hasText: 'Färben' }).tap();
  await onScreen(page, 'time');
  await expect(page.getByTestId('visit-services')).toContainText('Färben');
  return { time: first.time, date: today };
}

test('two services in one visit: only fitting times, both booked, one confirmation, two slips', async ({
  page,
  kiosk,
}) => {
  test.setTimeout(180_000);
  await setUpKiosk(kiosk);
  await openKiosk(page, kiosk);
  const { time } = await toVisitGrid(page, kiosk, { days: 2, checks: true });
  await review(page, 'time', 'visit-time');
  // A time where the colour would run into Anna's break (12:30) is not offered.
  await expect(page.locator('[data-time="11:00"]')).toHaveCount(0);

  await page.locator(`[data-time="${time}"]`).tap();
  await onScreen(page, 'details');
  await fillDetails(page);
  await page.getByRole('button', { name: /Continue/ }).tap();
  await expect(page.getByText('This time is still free.')).toBeVisible();
  await expect(page.locator('.summary')).toHaveCount(2);
  await review(page, 'review', 'visit-review');
  // Two services on the portrait screen: "Book now" is there without scrolling.
  await expect(page.getByRole('button', { name: 'Book now' })).toBeInViewport();
  await page.getByRole('button', { name: 'Book now' }).tap();

  await onScreen(page, 'visit-confirmation');
  await expect(page.getByRole('heading', { name: 'Your visit is booked' })).toBeVisible();
  await expect(page.getByTestId('visit-line-0')).toHaveAttribute('data-state', 'sent');
  await expect(page.getByTestId('visit-line-1')).toHaveAttribute('data-state', 'sent');
  await expect(page.getByTestId('visit-lines')).toContainText(/[A-Z]-\d{6,}[\s\S]*[A-Z]-\d{6,}/);
  await review(page, 'visit-confirmation');

  const listed = (await kiosk.call('listBookings')) as Listed[];
  expect(listed.map((b) => b.state)).toEqual(['sent', 'sent']);
  expect(new Set(listed.map((b) => b.visitId)).size).toBe(1);
  expect(listed[0]?.visitId).not.toBeNull();

  await page.getByRole('button', { name: 'Print receipt' }).tap();
  await onScreen(page, 'receipt');
  await expect(page.getByTestId('receipt-reference')).toHaveCount(2);
  await capture(page, 'visit-receipt');
});

test('offline both services are queued and held together, staff see the pair, replay sends both', async ({
  page,
  kiosk,
  stack,
}) => {
  test.setTimeout(180_000);
  await setUpKiosk(kiosk);
  await openKiosk(page, kiosk);
  const { time } = await toVisitGrid(page, kiosk, { days: 1, checks: false });
  stack.proxy.setMode('down');
  await page.locator(`[data-time="${time}"]`).tap();
  await onScreen(page, 'details');
  await fillDetails(page);
  await page.getByRole('button', { name: /Continue/ }).tap();
  await page.getByRole('button', { name: 'Book now' }).tap();
  await onScreen(page, 'visit-confirmation');
  await expect(page.getByRole('heading', { name: 'Your visit is reserved' })).toBeVisible();
  await expect(page.getByTestId('visit-line-0')).toHaveAttribute('data-state', 'queued');
  await expect(page.getByTestId('visit-line-1')).toHaveAttribute('data-state', 'queued');
  await capture(page, 'visit-queued');
  const queued = (await kiosk.call('listBookings')) as Listed[];
  // Held, not sent (the replayer may be trying one of them just now).
  expect(queued.every((b) => b.state === 'queued' || b.state === 'sending')).toBe(true);
  expect(queued).toHaveLength(2);

  // Staff see each booking of the visit linked to the other.
  await page.getByRole('button', { name: 'Finish' }).tap();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.getByRole('button', { name: 'Staff', exact: true }).tap();
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).tap();
  await onScreen(page, 'outbox');
  const links = page.getByTestId('visit-link');
  await expect(links).toHaveCount(2);
  await expect(links.first()).toContainText('Same visit:');
  await capture(page, 'visit-staff');

  stack.proxy.setMode('pass');
  await expect
    .poll(async () => ((await kiosk.call('listBookings')) as Listed[]).map((b) => b.state).join(), {
      timeout: 30_000,
      intervals: [500, 1000],
    })
    .toBe('sent,sent');
});

const SHOTS = process.env.FRONTDESK_COUNTER_SHOTS ?? SCREENSHOT_DIR;
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** The step header's subtitle: what the screen says it is about. */
const subtitle = (page: Page) => page.locator('.step-header .subtitle');

test('issue 38 item 16a: the day and details screens name both services of the visit', async ({
  page,
  kiosk,
}) => {
  test.setTimeout(180_000);
  await setUpKiosk(kiosk);
  await openKiosk(page, kiosk);
  const { time } = await toVisitGrid(page, kiosk, { days: 3, checks: false });
  await page.getByRole('button', { name: /Back/ }).tap();
  await onScreen(page, 'day');
  await expect(subtitle(page)).toHaveText('Damenhaarschnitt + Färben');
  await shot(page, 'visit-16a-day');
  await page.locator('.day-chosen').tap();
  await onScreen(page, 'time');
  await page.locator(`[data-time="${time}"]`).tap();
  await onScreen(page, 'details');
  await expect(subtitle(page)).toContainText('Damenhaarschnitt + Färben');
  await shot(page, 'visit-16a-details');
});

test('issue 38 item 16c: Back from the visit’s times keeps both services, and every screen shows both', async ({
  page,
  kiosk,
}) => {
  test.setTimeout(180_000);
  await setUpKiosk(kiosk);
  await openKiosk(page, kiosk);
  const { date } = await toVisitGrid(page, kiosk, { days: 3, checks: false });
  await page.getByRole('button', { name: /Back/ }).tap();
  await onScreen(page, 'day');
  // The day screen says what the draft holds: both services, the day chosen before.
  await expect(subtitle(page)).toHaveText('Damenhaarschnitt + Färben');
  await expect(page.locator(`[data-date="${date}"]`)).toHaveAttribute('aria-pressed', 'true');
  // Back once more, and the same first service again: the visit stays whole, and is shown so.
  await page.getByRole('button', { name: /Back/ }).tap();
  await onScreen(page, 'service');
  await page.locator('.service-main', { hasText: 'Damenhaarschnitt' }).tap();
  await onScreen(page, 'day');
  await expect(subtitle(page)).toHaveText('Damenhaarschnitt + Färben');
  await page.locator(`[data-date="${date}"]`).tap();
  await onScreen(page, 'time');
  // Back on the times: still the visit's, with both services listed.
  await expect(page.getByTestId('visit-services')).toContainText('Damenhaarschnitt');
  await expect(page.getByTestId('visit-services')).toContainText('Färben');
  await shot(page, 'visit-16c-time-again');
});

/**
 * Someone else books `time` of `date` with a person straight at the API (the test's key). The
 * worker's server is shared by its tests: a time an earlier test booked (409) is taken all the same.
 */
async function takeAtServer(stack: Stack, employeeId: string, date: string, time: string) {
  const response = await fetch(`${stack.server.url}/api/public/booking/book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` },
    body: JSON.stringify({
      serviceId: CUT,
      employeeId,
      date,
      time,
      customer: { name: 'Other', email: 'other@example.com', phone: '0301111' },
    }),
  });
  expect([201, 409], `${employeeId} ${time}`).toContain(response.status);
}

test('issue 38 item 16b: the calendar of a visit offers only days where the pair fits', async ({
  page,
  kiosk,
  stack,
}) => {
  test.setTimeout(180_000);
  await setUpKiosk(kiosk);
  // Friday the 27th: the colour (2 h, Anna only) is free at 09:00 alone and no cut ends then
  // (Sophie's 08:15 is taken, Anna starts at 09:00): the cut and the colour each have times,
  // the pair has none.
  const FRIDAY = '2026-11-27';
  await takeAtServer(stack, 'emp-sophie', FRIDAY, '08:15');
  for (const time of ['11:00', '11:45', '13:15', '14:00', '14:45', '15:30', '16:15', '17:00'])
    await takeAtServer(stack, 'emp-anna', FRIDAY, time);
  for (const serviceId of [CUT, COLOUR])
    await kiosk.call('getTimeSlots', { date: FRIDAY, serviceId, fresh: true });
  const fits = (await kiosk.call('getVisitTimes', {
    date: FRIDAY,
    serviceIds: [CUT, COLOUR],
  })) as VisitTimes;
  expect(fits.offers).toEqual([]);
  // Each service alone has Friday.
  for (const serviceId of [CUT, COLOUR]) {
    const days = (await kiosk.call('getAvailableDays', { year: 2026, month: 11, serviceId })) as {
      availableDays: number[];
    };
    expect(days.availableDays, serviceId).toContain(27);
  }

  await openKiosk(page, kiosk);
  await toVisitGrid(page, kiosk, { days: 1, checks: false });
  await page.getByRole('button', { name: /Back/ }).tap();
  await onScreen(page, 'day');
  await expect(subtitle(page)).toHaveText('Damenhaarschnitt + Färben');
  // Friday is not offered for the pair; the cut alone still has it.
  await expect(page.locator(`[data-date="${FRIDAY}"]`)).toBeDisabled();
  await shot(page, 'visit-16b-calendar');
});
