/**
 * Issue 28: with a hung API, "Book now" ended in a bare "Loading…" in the corner once the core
 * answered (the queued confirmation's QR code chunk suspended the whole flow). The booking's own
 * waiting state ("Booking…" on its button) stays until the confirmation is ready to show.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { FakeKioskClient, type BookingMode } from './support/fake-kiosk-client';
import { fillDetails, renderApp, settle, tap, walkToDetails } from './support/render-app';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

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

it.each<BookingMode>(['queued', 'sent'])(
  'a hung booking call: "Booking…" on the button past 5 s and never "Loading…"; the %s confirmation once it answers',
  async (mode) => {
    const client = new FakeKioskClient();
    client.bookingMode = mode;
    const book = client.createBooking;
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // The core holds the call (the API hangs) until the test lets it answer.
    client.createBooking = async (input) => {
      await answered;
      return book(input);
    };
    renderApp(client);
    await walkToDetails();
    await fillDetails();
    await tap(/continue/i);
    await screen.findByText('This time is still free.');
    // Every timer faked (a 5 s timeout would fire too); shouldAdvanceTime keeps settle's zero
    // timeout and React's scheduling running.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await tap('Book now');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000);
    });
    await settle();
    const button = document.querySelector<HTMLButtonElement>('.btn-confirm');
    expect(button?.textContent).toBe('Booking…');
    expect(button?.disabled).toBe(true);
    expect(document.body.textContent).not.toContain('Loading…');
    expect(client.calls.filter((call) => call.method === 'createBooking')).toHaveLength(0);

    await act(async () => {
      answer();
      await settle();
    });
    await settle();
    expect(
      document.querySelector(
        mode === 'sent' ? '[data-screen="confirmation"]' : '[data-screen="queued"]',
      ),
    ).not.toBeNull();
    expect(document.body.textContent).not.toContain('Loading…');
  },
);
