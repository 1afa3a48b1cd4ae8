/**
 * Issue 30, item 1 on the screen: one queued booking's `created_at` is scribbled ('x') in the
 * running kiosk's database. Staff still see the whole bookings list (it once answered 500 or
 * was refused whole by the screen's client): the other booking is sent, and the damaged one
 * shows as "Unreadable (set aside)" with its customer and the column that cannot be read.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { addDays } from '../../shared/booking/time';
import { firstFreeSlot } from './support/flow';
import { onScreen } from './support/screens';
import { STAFF_PIN, expect, openKiosk, setUpKiosk, test, type Kiosk } from './support/stack';

interface View {
  localId: string;
  state: string;
  request: { customer: { name: string } };
}

const customer = (name: string) => ({
  name,
  email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
  phone: '+49 30 1234567',
});

async function twoSlots(kiosk: Kiosk) {
  const choice = await firstFreeSlot(kiosk);
  for (let offset = 0; offset < 14; offset += 1) {
    const date = addDays(choice.date, offset);
    const day = (await kiosk.call('getTimeSlots', { date, serviceId: choice.serviceId })) as {
      timeSlots: { time: string; available: boolean; employeeId?: string }[];
    };
    const free = day.timeSlots.filter(
      (s) => s.available && s.employeeId && (offset > 0 || s.time >= choice.time),
    );
    const [first, second] = free.filter((_, i) => i % 4 === 0);
    if (first?.employeeId && second?.employeeId)
      return { serviceId: choice.serviceId, date, slots: [first, second] };
  }
  throw new Error('two free slots needed in the next two weeks');
}

test('a scribbled date on one booking: staff see every booking, the damaged one set aside', async ({
  page,
  kiosk,
  stack,
}) => {
  await setUpKiosk(kiosk);
  const { serviceId, date, slots } = await twoSlots(kiosk);
  stack.proxy.setMode('500');
  const names = ['Kept Customer', 'Damaged Customer'];
  const ids: string[] = [];
  for (const [i, slot] of slots.entries()) {
    const result = (await kiosk.call('createBooking', {
      serviceId,
      employeeId: slot.employeeId,
      date,
      time: slot.time,
      customer: customer(names[i] ?? ''),
    })) as { state: string; localId: string };
    expect(result.state).toBe('queued');
    ids.push(result.localId);
  }
  const db = new Database(join(kiosk.web.dataDir, 'kiosk.db'));
  try {
    db.prepare("update outbox set created_at = 'x' where local_id = ?").run(ids[1]);
  } finally {
    db.close();
  }
  stack.proxy.setMode('pass');
  await expect
    .poll(
      async () =>
        ((await kiosk.call('listBookings')) as View[])
          .map((b) => `${b.request.customer.name}: ${b.state}`)
          .sort(),
      { timeout: 15_000 },
    )
    .toEqual(['Damaged Customer: quarantined', 'Kept Customer: sent']);

  await page.setViewportSize({ width: 1920, height: 1080 });
  await openKiosk(page, kiosk);
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await onScreen(page, 'outbox');
  const damaged = page.getByTestId('outbox-item').filter({ hasText: 'Damaged Customer' });
  const kept = page.getByTestId('outbox-item').filter({ hasText: 'Kept Customer' });
  await expect(kept).toHaveAttribute('data-state', 'sent');
  await expect(damaged).toHaveAttribute('data-state', 'quarantined');
  await expect(damaged).toContainText('Unreadable (set aside)');
  await expect(damaged).toContainText('its created_at cannot be read');
  await expect(damaged.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('damaged-row-counter.png') });
});
