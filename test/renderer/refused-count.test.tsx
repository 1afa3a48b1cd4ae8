/**
 * Issue 19: the staff status bar counts the refused bookings staff have yet to act on; tapping
 * the count opens the bookings list filtered to them.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { LocalBooking } from '../../shared/kiosk-api';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { localBooking } from './support/local-booking';
import { renderApp, settle } from './support/render-app';

afterEach(cleanup);

const booking = (localId: string, name: string, extra: Partial<LocalBooking>): LocalBooking =>
  localBooking(localId, extra, { name, email: `${localId}@example.com` });

it('shows the refused count in the status bar; tapping it lists just those bookings', async () => {
  const client = new FakeKioskClient({ settings: { mode: 'counter' } });
  client.bookings.push(
    booking('l-7', 'Eva Refused', {
      state: 'rejected',
      lastError: { status: 409, message: 'slot taken' },
      followUp: { state: 'open', mail: 'sent' },
    }),
    booking('l-8', 'Sam Sent', {}),
    booking('l-9', 'Dora Done', {
      state: 'rejected',
      followUp: { state: 'dismissed', mail: 'none' },
    }),
  );
  client.status = { ...client.status, refused: 1 };
  renderApp(client);
  await settle();
  for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
  fireEvent.click(screen.getByRole('button', { name: /unlock|continue/i }));
  await settle();
  // Counter mode opens on the booking tab: the count is what tells staff.
  expect(screen.getByRole('tab', { name: 'New booking' }).getAttribute('aria-selected')).toBe(
    'true',
  );
  const count = screen.getByTestId('status-refused');
  expect(count.textContent).toBe('1 refused: contact the customer');

  fireEvent.click(count);
  await settle();
  expect(screen.getByRole('tab', { name: 'Bookings' }).getAttribute('aria-selected')).toBe('true');
  expect(screen.getByLabelText<HTMLSelectElement>('Show').value).toBe('followUp');
  const rows = screen.getAllByTestId('outbox-item');
  expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('Eva Refused')]);

  // Resolved elsewhere: the core's next status has no refused bookings, and the count goes.
  act(() => client.emit({ type: 'status', status: { ...client.status, refused: 0 } }));
  expect(screen.queryByTestId('status-refused')).toBeNull();
});

it('shows no count while nothing refused waits (or the core does not say)', async () => {
  const client = new FakeKioskClient({ settings: { mode: 'counter' } });
  renderApp(client);
  await settle();
  for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
  fireEvent.click(screen.getByRole('button', { name: /unlock|continue/i }));
  await settle();
  expect(screen.getByTestId('status-bar')).toBeTruthy();
  expect(screen.queryByTestId('status-refused')).toBeNull();
});
