/**
 * Several services in one visit (issue 19) in the walk-in flow, against the in-memory kiosk:
 * a haircut (30 min) then colour (90 min). The fake lists every half hour from 09:00 with Anna
 * for "anyone", 10:00 taken: after a cut at 09:30 the colour could not start at 10:00.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { fillDetails, renderApp, settle, tap } from './support/render-app';

afterEach(() => {
  cleanup();
});

/** Start -> Haircut -> Tuesday 24 November -> add Colour: the visit's time grid. */
async function walkToVisitTimes(): Promise<void> {
  await settle();
  await tap(/touch to start/i);
  await tap(/^Haircut/);
  await tap(/24 November 2026/);
  await tap('Add another service');
  expect(document.querySelector('[data-screen="add-service"]')).not.toBeNull();
  // The haircut is chosen already: not offered again.
  expect(screen.queryByRole('button', { name: /^Haircut/ })).toBeNull();
  await tap(/^Colour/);
}

async function bookVisitAt(time: string): Promise<void> {
  await tap(time);
  await fillDetails();
  await tap(/continue/i);
  await screen.findByText('This time is still free.');
  await tap('Book now');
}

describe('several services in one visit', () => {
  it('offers only times where the colour follows the cut, books both, one confirmation', async () => {
    const { client } = renderApp();
    await walkToVisitTimes();
    const visit = screen.getByTestId('visit-services');
    expect(within(visit).getByText('Haircut')).toBeTruthy();
    expect(within(visit).getByText('Colour')).toBeTruthy();
    expect(screen.getByRole('button', { name: '09:00' })).toBeTruthy();
    // 09:30 + 30 min = 10:00, taken: the visit does not fit.
    expect(screen.queryByRole('button', { name: /^09:30/ })).toBeNull();

    await bookVisitAt('09:00');
    expect(client.calls.find((c) => c.method === 'createVisit')?.input).toEqual({
      customer: { name: 'Eva Muster', email: 'eva@example.com', phone: '+49 30 1234567' },
      parts: [
        { serviceId: 'svc-cut', employeeId: 'emp-anna', date: '2026-11-24', time: '09:00' },
        { serviceId: 'svc-colour', employeeId: 'emp-anna', date: '2026-11-24', time: '09:30' },
      ],
      language: 'en',
    });
    expect(screen.getByRole('heading', { name: 'Your visit is booked' })).toBeTruthy();
    const lines = screen.getByTestId('visit-lines');
    expect(within(lines).getByText('A-000001')).toBeTruthy();
    expect(within(lines).getByText('A-000002')).toBeTruthy();
    expect(screen.getByTestId('visit-line-1').textContent).toContain('09:30');

    await tap('Print receipt');
    expect(screen.getAllByTestId('receipt-reference')).toHaveLength(2);
  });

  it('the colour refused after the cut was booked: the customer is told what holds', async () => {
    const client = new FakeKioskClient();
    client.laterVisitServicesRefused = true;
    renderApp(client);
    await walkToVisitTimes();
    await bookVisitAt('09:00');
    expect(screen.getByRole('heading', { name: 'Part of your visit is booked' })).toBeTruthy();
    expect(screen.getByTestId('visit-line-0').dataset.state).toBe('sent');
    expect(screen.getByTestId('visit-line-1').dataset.state).toBe('refused');
    expect(screen.getByTestId('visit-line-1').textContent).toContain('Could not be booked');
  });

  it('queued while offline: both reserved under their references, none with a number', async () => {
    const client = new FakeKioskClient();
    client.bookingMode = 'queued';
    renderApp(client);
    await walkToVisitTimes();
    await bookVisitAt('09:00');
    expect(screen.getByRole('heading', { name: 'Your visit is reserved' })).toBeTruthy();
    expect(screen.getByTestId('visit-line-0').dataset.state).toBe('queued');
    expect(screen.getByTestId('visit-line-1').dataset.state).toBe('queued');
    expect(screen.queryByText(/A-0000/)).toBeNull();
  });

  it('a removed service gives the single grid back', async () => {
    renderApp();
    await walkToVisitTimes();
    await tap('Remove Colour');
    expect(screen.getByRole('button', { name: /^09:30/ })).toBeTruthy();
    expect(within(screen.getByTestId('visit-services')).queryByText('Colour')).toBeNull();
  });
});
