/**
 * The walk-in flow's hold on its customer's time (issue 28, major 2): the time is held before
 * the details open (a time another screen holds sends the customer nowhere), the review says it
 * is kept for them and when that ends, and going back or a reset gives it back.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { fillDetails, renderApp, settle, tap, walkToDetails } from './support/render-app';

afterEach(cleanup);

const held = (client: FakeKioskClient) => client.calls.filter((c) => c.method === 'holdSlot');
const released = (client: FakeKioskClient) =>
  client.calls.filter((c) => c.method === 'releaseHold').length;

describe("a screen's hold", () => {
  it('holds the tapped time before the details open; the review says until when it is kept', async () => {
    const { client } = renderApp();
    await walkToDetails();
    expect(document.querySelector('[data-screen="details"]')).not.toBeNull();
    expect(held(client).map((c) => c.input)).toEqual([
      {
        parts: [
          { serviceId: 'svc-cut', employeeId: 'emp-anna', date: '2026-11-24', time: '09:30' },
        ],
      },
    ]);
    await fillDetails();
    await tap(/continue/i);
    // Held again on arrival (renewed): kept for 5 minutes from the screen's now.
    expect(held(client)).toHaveLength(2);
    expect(await screen.findByText(/^This time is kept for you until \d\d:\d\d\.$/)).toBeTruthy();
    await tap('Book now');
    // The booking ends the hold in the core: nothing to release.
    expect(released(client)).toBe(0);
  });

  it('a time another screen holds: the customer stays at the grid, told, and the time is gone from it', async () => {
    const client = new FakeKioskClient();
    client.heldElsewhere.add('09:30');
    renderApp(client);
    await walkToDetails();
    expect(document.querySelector('[data-screen="details"]')).toBeNull();
    expect(document.querySelector('[data-screen="time"]')).not.toBeNull();
    expect(screen.getByText(/^Sorry, someone has just booked that time/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /09:30/ }).disabled).toBe(true);
    // The grid is asked again, fresh: the hold covers more than the time tapped (hub e2e).
    await settle();
    // (Among the lookups that follow: the people's days of the day are asked again too.)
    const lookups = client.calls.filter((c) => c.method === 'getTimeSlots');
    expect(lookups.map((c) => c.input)).toContainEqual(
      expect.objectContaining({ date: '2026-11-24', fresh: true }),
    );
  });

  it('a hold that runs out before "Book now" says so', async () => {
    const client = new FakeKioskClient();
    client.holdMs = 30;
    renderApp(client);
    await walkToDetails();
    await fillDetails();
    await tap(/continue/i);
    expect(await screen.findByText(/no longer kept for you/)).toBeTruthy();
    expect(screen.queryByText(/kept for you until/)).toBeNull();
  });

  it('back from the details, or a reset, gives the time back', async () => {
    const { client } = renderApp();
    await walkToDetails();
    await tap(/back/i);
    expect(released(client)).toBe(1);
    await tap('09:30');
    await tap(/cancel|start over/i);
    await settle();
    expect(released(client)).toBe(2);
  });
});
