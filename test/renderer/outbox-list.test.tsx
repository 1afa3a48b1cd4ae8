/** The staff list and booking events that cross a list read under way. */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { localBooking } from './support/local-booking';
import { renderApp, settle, tap } from './support/render-app';

afterEach(cleanup);

const walkIn = localBooking('l-new', { state: 'queued', attempts: 0 });

describe('the staff list', () => {
  it('keeps a booking that arrived by event while the list was read (the list predates it)', async () => {
    const client = new FakeKioskClient();
    const read = client.listBookings;
    let answer: () => void = () => undefined;
    client.listBookings = async (input) => {
      const list = await read(input); // read now, answered later
      await new Promise<void>((resolve) => (answer = resolve));
      return list;
    };
    renderApp(client);
    await settle();
    await tap('Staff');
    for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
    await tap(/unlock|continue/i);
    expect(client.calls.filter((call) => call.method === 'listBookings')).toHaveLength(1);

    client.bookings.unshift(walkIn); // a customer books at the kiosk meanwhile
    act(() => client.emit({ type: 'booking', booking: walkIn }));
    await act(async () => {
      answer();
      await settle();
    });
    expect(screen.getByText(/Eva Muster/)).toBeTruthy();
    expect(screen.queryByText('No bookings yet.')).toBeNull();

    // The next list has it, and a booking gone from a list read after it arrived is gone.
    client.bookings.length = 0;
    await act(async () => {
      const refreshing = (async () => {
        await settle();
        answer();
      })();
      fireEvent.click(screen.getByRole('button', { name: /refresh/i }));
      await refreshing;
      await settle();
    });
    expect(screen.queryByText(/Eva Muster/)).toBeNull();
  });
});
