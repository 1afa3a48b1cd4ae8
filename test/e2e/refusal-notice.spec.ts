/**
 * Issue 19: a booking queued while the API failed, refused on replay (its slot went to someone
 * else meanwhile), is raised to staff: a count, the customer's phone and e-mail in the row, and
 * "Contacted" / "Dismiss", and the status bar's count of them. (The customer's e-mail through a
 * local SMTP server: refusal-mail.spec.ts; across kill -9: test/integration/core/refusal-notice.test.ts.)
 */
import { firstFreeSlot } from './support/flow';
import { onScreen } from './support/screens';
import { API_KEY, STAFF_PIN, expect, openKiosk, setUpKiosk, test } from './support/stack';

test('a queued booking refused on replay: staff see it with the contact details and act on it', async ({
  page,
  kiosk,
  stack,
}) => {
  await setUpKiosk(kiosk);
  const slot = await firstFreeSlot(kiosk);
  const day = (await kiosk.call('getTimeSlots', {
    date: slot.date,
    serviceId: slot.serviceId,
  })) as { timeSlots: { time: string; available: boolean; employeeId?: string }[] };
  const employeeId = day.timeSlots.find((s) => s.time === slot.time)?.employeeId ?? '';
  const request = {
    serviceId: slot.serviceId,
    employeeId,
    date: slot.date,
    time: slot.time,
  };
  stack.proxy.setMode('500');
  const queued = (await kiosk.call('createBooking', {
    ...request,
    customer: { name: 'Refused Rita', email: 'rita@example.com', phone: '+49 30 7654321' },
    language: 'de',
  })) as { state: string };
  expect(queued.state).toBe('queued');
  const taken = await fetch(`${stack.server.url}/api/public/booking/book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` },
    body: JSON.stringify({
      ...request,
      customer: { name: 'Other', email: 'other.rita@example.com', phone: '0301111' },
    }),
  });
  expect(taken.status).toBe(201);
  stack.proxy.setMode('pass');
  await expect
    .poll(
      async () => ((await kiosk.call('listBookings')) as { state: string }[]).map((b) => b.state),
      { timeout: 15_000 },
    )
    .toEqual(['rejected']);

  await page.setViewportSize({ width: 1920, height: 1080 });
  await openKiosk(page, kiosk);
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await onScreen(page, 'outbox');
  // The status bar counts it; its button opens the list filtered to the refused bookings.
  const refusedCount = page.getByTestId('status-refused');
  await expect(refusedCount).toHaveText('1 refused: contact the customer');
  await page.getByLabel('Show').selectOption('sent');
  await refusedCount.click();
  await expect(page.getByLabel('Show')).toHaveValue('followUp');
  await expect(page.getByTestId('outbox-item')).toHaveCount(1);
  await expect(page.getByTestId('follow-up-count')).toContainText('1');
  const row = page.getByTestId('outbox-item').filter({ hasText: 'Refused Rita' });
  await expect(row.getByTestId('follow-up-phone')).toHaveText('+49 30 7654321');
  await expect(row.getByTestId('follow-up-email')).toHaveText('rita@example.com');
  await expect(row.getByRole('button', { name: 'Rebook' })).toBeVisible();
  await page.screenshot({ path: 'test-results/refusal-notice-staff.png' });
  await row.getByRole('button', { name: 'Contacted' }).click();
  await expect(page.getByTestId('follow-up-count')).toHaveCount(0);
  await expect(refusedCount).toHaveCount(0);
  await expect(page.getByTestId('outbox-item')).toHaveCount(0); // the filter: none left to act on
  await page.getByLabel('Show').selectOption('all');
  await expect(row).toContainText('Customer contacted');
});
