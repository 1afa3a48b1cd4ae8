/**
 * Staff's Retry and Discard buttons on the real kiosk: two bookings queued while the API failed
 * were refused on replay (their slots went to others meanwhile). One slot is freed again and
 * staff press Retry: it is sent under a new key. Staff press Discard on the other.
 */
import Database from 'better-sqlite3';
import { addDays } from '../../shared/booking/time';
import { firstFreeSlot } from './support/flow';
import { onScreen } from './support/screens';
import {
  API_KEY,
  STAFF_PIN,
  expect,
  openKiosk,
  setUpKiosk,
  test,
  type Kiosk,
  type Stack,
} from './support/stack';

interface LocalBookingView {
  localId: string;
  state: string;
  request: { employeeId: string; time: string; customer: { name: string } };
  booking: { bookingId: string; appointmentNumber: string } | null;
}

interface FreeSlot {
  time: string;
  available: boolean;
  employeeId?: string;
}

const customer = (name: string) => ({
  name,
  email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
  phone: '+49 30 1234567',
});

async function bookDirectly(stack: Stack, body: unknown): Promise<void> {
  const response = await fetch(`${stack.server.url}/api/public/booking/book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
}

async function bookings(kiosk: Kiosk): Promise<LocalBookingView[]> {
  return (await kiosk.call('listBookings')) as LocalBookingView[];
}

/**
 * Two free slots an hour apart on one day, from the first free slot on: the worker's server is
 * shared by the tests before this one, so a day may have fewer left than it started with.
 */
async function twoFreeSlots(
  kiosk: Kiosk,
): Promise<{ choice: { serviceId: string; date: string }; first: FreeSlot; second: FreeSlot }> {
  const choice = await firstFreeSlot(kiosk);
  for (let offset = 0; offset < 14; offset += 1) {
    const date = addDays(choice.date, offset);
    const day = (await kiosk.call('getTimeSlots', { date, serviceId: choice.serviceId })) as {
      timeSlots: FreeSlot[];
    };
    const free = day.timeSlots.filter(
      (s) => s.available && s.employeeId && (offset > 0 || s.time >= choice.time),
    );
    const [first, second] = free.filter((_, i) => i % 4 === 0);
    if (first?.employeeId && second?.employeeId)
      return { choice: { serviceId: choice.serviceId, date }, first, second };
  }
  throw new Error('two free slots needed in the next two weeks');
}

test('staff retry a refused booking whose slot came free (sent), and discard another', async ({
  page,
  kiosk,
  stack,
}) => {
  await setUpKiosk(kiosk);
  const { first, second, choice } = await twoFreeSlots(kiosk);

  // The API fails cleanly (500): both bookings are queued.
  stack.proxy.setMode('500');
  for (const [slot, name] of [
    [first, 'Retry Me'],
    [second, 'Discard Me'],
  ] as const) {
    const result = (await kiosk.call('createBooking', {
      serviceId: choice.serviceId,
      employeeId: slot.employeeId,
      date: choice.date,
      time: slot.time,
      customer: customer(name),
    })) as { state: string };
    expect(result.state).toBe('queued');
  }
  // Meanwhile others book both slots directly; when the API answers again, both are refused.
  for (const slot of [first, second]) {
    await bookDirectly(stack, {
      serviceId: choice.serviceId,
      employeeId: slot.employeeId,
      date: choice.date,
      time: slot.time,
      customer: customer(`Other ${slot.time.replace(':', '')}`),
    });
  }
  stack.proxy.setMode('pass');
  await expect
    .poll(async () => (await bookings(kiosk)).map((b) => b.state), { timeout: 15_000 })
    .toEqual(['rejected', 'rejected']);

  // The first slot's other booking is cancelled at the shop.
  const server = new Database(stack.dbPath);
  try {
    server
      .prepare(
        "update bookings set status = 'cancelled' where customer_id in (select id from customers where email = ?)",
      )
      .run(customer(`Other ${first.time.replace(':', '')}`).email);
  } finally {
    server.close();
  }

  await page.setViewportSize({ width: 1920, height: 1080 });
  await openKiosk(page, kiosk);
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await onScreen(page, 'outbox');
  const retried = page.getByTestId('outbox-item').filter({ hasText: 'Retry Me' });
  const discarded = page.getByTestId('outbox-item').filter({ hasText: 'Discard Me' });
  await expect(retried).toHaveAttribute('data-state', 'rejected');
  await expect(discarded).toHaveAttribute('data-state', 'rejected');

  await retried.getByRole('button', { name: 'Retry' }).click();
  await expect(retried).toHaveAttribute('data-state', 'sent');
  await expect(retried).toContainText(/[A-Z]-\d{6,}/);
  await discarded.getByRole('button', { name: 'Discard' }).click();
  await discarded.getByRole('button', { name: 'Yes, discard' }).click(); // it asks first
  await expect(discarded).toHaveAttribute('data-state', 'discarded');
  await expect(discarded.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  const after = await bookings(kiosk);
  const sent = after.find((b) => b.request.customer.name === 'Retry Me');
  expect(sent?.state).toBe('sent');
  expect(after.find((b) => b.request.customer.name === 'Discard Me')?.state).toBe('discarded');
  const server2 = new Database(stack.dbPath, { readonly: true });
  try {
    const row = server2
      .prepare('select status from bookings where id = ?')
      .get(sent?.booking?.bookingId) as { status: string } | undefined;
    expect(row?.status).toBe('pending');
  } finally {
    server2.close();
  }
});
