/**
 * Issue 28: with a hung API, "Book now" ended in a bare "Loading…" in the corner once the core
 * answered (the queued confirmation's QR code chunk suspended the whole flow). The booking's own
 * waiting state ("Booking…" on its button) stays until the confirmation is ready to show.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { FakeKioskClient, type BookingMode } from './support/fake-kiosk-client';
import { fillDetails, renderApp, tap, walkToDetails } from './support/render-app';

afterEach(cleanup);

it.each<BookingMode>(['queued', 'sent'])(
  'a %s booking goes from "Booking…" to its confirmation without a bare "Loading…"',
  async (mode) => {
    const client = new FakeKioskClient();
    client.bookingMode = mode;
    renderApp(client);
    await walkToDetails();
    await fillDetails();
    await tap(/continue/i);
    await screen.findByText('This time is still free.');
    // Everything the screen shows from the tap on, as React commits it.
    const shown: string[] = [];
    const observer = new MutationObserver(() => shown.push(document.body.textContent ?? ''));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    await tap('Book now');
    observer.disconnect();
    expect(
      document.querySelector(
        mode === 'sent' ? '[data-screen="confirmation"]' : '[data-screen="queued"]',
      ),
    ).not.toBeNull();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((text) => text.includes('Loading…'))).toEqual([]);
  },
);
