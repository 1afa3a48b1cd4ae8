/**
 * No dead ends offline (issue 8): the day screen says in plain words what can be booked while
 * the booking service is unreachable and marks those days; the time screen of a day that is not
 * stored offers the nearest one that is; a queued booking gets its reference, QR code and receipt.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { fillDetails, renderApp, settle, tap, walkToDetails } from './support/render-app';

afterEach(cleanup);

function offlineClient(): FakeKioskClient {
  const client = new FakeKioskClient();
  client.status = {
    ...client.status,
    online: false,
    mode: 'offline',
    lastError: 'API unreachable (connect)',
    offlineReason: 'connect',
  };
  client.bookableOffline = { '2026-11': [24, 26] };
  return client;
}

const dayButton = (day: number): HTMLButtonElement => {
  const button = document.querySelector<HTMLButtonElement>(
    `button[data-date="2026-11-${String(day).padStart(2, '0')}"]`,
  );
  if (!button) throw new Error(`no button for day ${day}`);
  return button;
};

describe('offline day screen', () => {
  it('marks the days this kiosk can book offline and says why the others cannot be chosen', async () => {
    renderApp(offlineClient());
    await settle();
    await tap(/touch to start/i);
    await tap(/^Haircut/);
    expect(screen.getByTestId('day-offline').textContent).toContain(
      'Only the days with a thick frame can be booked here at the moment',
    );
    expect(dayButton(24).disabled).toBe(false);
    expect(dayButton(24).className).toContain('day-offline-ok');
    expect(dayButton(26).disabled).toBe(false);
    // Open according to the calendar, but its times are not stored: not bookable now.
    expect(dayButton(25).disabled).toBe(true);
    expect(dayButton(25).className).not.toContain('day-offline-ok');
  });

  it('online, every open day can be chosen and nothing is marked', async () => {
    const client = offlineClient();
    client.status = { ...client.status, online: true, mode: 'enabled', offlineReason: undefined };
    renderApp(client);
    await settle();
    await tap(/touch to start/i);
    await tap(/^Haircut/);
    expect(screen.queryByTestId('day-offline')).toBeNull();
    expect(dayButton(25).disabled).toBe(false);
    expect(dayButton(24).className).not.toContain('day-offline-ok');
  });

  it('issue 39 item 6: not known yet after a start (no answer, no failure): every open day, nothing said offline', async () => {
    const client = offlineClient();
    client.status = {
      ...client.status,
      online: false,
      known: false,
      lastError: null,
      offlineReason: undefined,
    };
    renderApp(client);
    await settle();
    await tap(/touch to start/i);
    await tap(/^Haircut/);
    expect(screen.queryByTestId('day-offline')).toBeNull();
    expect(dayButton(25).disabled).toBe(false);
  });

  it('a month that is not stored says so and leads back to this month', async () => {
    const client = offlineClient();
    client.uncachedMonths.add('2026-12');
    renderApp(client);
    await settle();
    await tap(/touch to start/i);
    await tap(/^Haircut/);
    await tap('Next month');
    expect(screen.getByTestId('day-offline').textContent).toContain(
      'this month is not stored on this kiosk',
    );
    await tap('Back to this month');
    expect(dayButton(24).disabled).toBe(false);
  });
});

describe('offline time screen', () => {
  it('offers the nearest stored day when the chosen day is not stored', async () => {
    const client = offlineClient();
    client.status = { ...client.status, online: true, mode: 'enabled', offlineReason: undefined }; // the API went away after the calendar
    client.uncachedDates.add('2026-11-25');
    renderApp(client);
    await settle();
    await tap(/touch to start/i);
    await tap(/^Haircut/);
    await tap(/25 November 2026/);
    expect(screen.getByTestId('time-offline').textContent).toContain(
      'the times of this day are not stored on this kiosk',
    );
    await tap(/Show the nearest day that can be booked: Thursday, 26 November 2026/);
    expect(document.querySelector('[data-screen="time"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: '09:30' })).toBeTruthy();
  });
});

describe('queued confirmation', () => {
  it('shows the reference, a calendar QR code and prints a receipt with the reference', async () => {
    const client = new FakeKioskClient();
    client.bookingMode = 'queued';
    renderApp(client);
    await walkToDetails();
    await fillDetails();
    await tap(/continue/i);
    await tap('Book now');
    const reference = screen.getByTestId('local-reference').textContent ?? '';
    expect(reference).toMatch(/^[A-Z0-9]{8}$/);
    expect(screen.getByTestId('queued-qr')).toBeTruthy();
    await tap('Print receipt');
    expect(document.querySelector('[data-screen="receipt"]')).not.toBeNull();
    expect(screen.getByTestId('receipt-reference').textContent).toBe(reference);
    expect(screen.getByText(/not yet confirmed by the booking service/)).toBeTruthy();
  });
});
