import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { fillDetails, renderApp, settle, tap, walkToDetails } from './support/render-app';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('walk-in flow', () => {
  it('books a slot end to end and shows the appointment number and the QR code', async () => {
    const { client } = renderApp();
    await walkToDetails();
    await fillDetails();
    await tap(/continue/i);
    expect(await screen.findByText('This time is still free.')).toBeTruthy();
    expect(
      client.calls.some(
        (c) => c.method === 'getTimeSlots' && (c.input as { fresh?: boolean }).fresh === true,
      ),
    ).toBe(true);
    await tap('Book now');
    expect(screen.getByTestId('appointment-number').textContent).toBe('A-000001');
    expect(screen.getByText('A confirmation has been sent to eva@example.com.')).toBeTruthy();
    expect(client.calls.find((c) => c.method === 'createBooking')?.input).toEqual({
      serviceId: 'svc-cut',
      employeeId: 'emp-anna',
      date: '2026-11-24',
      time: '09:30',
      customer: { name: 'Eva Muster', email: 'eva@example.com', phone: '+49 30 1234567' },
      language: 'en', // a later e-mail about the booking is written in it
    });
  });

  it.each([
    [undefined, 'Print receipt'], // a browser: its print dialog opens
    [true, 'Print receipt'],
    [false, 'Show receipt'], // the Electron app without a printer only shows the slip
  ])('labels the receipt button for what it does (printer: %s)', async (receiptPrinter, label) => {
    renderApp(new FakeKioskClient(receiptPrinter === undefined ? {} : { receiptPrinter }));
    await walkToDetails();
    await fillDetails();
    await tap(/continue/i);
    await screen.findByText('This time is still free.');
    await tap('Book now');
    expect(await screen.findByRole('button', { name: label })).toBeTruthy();
    expect(
      screen.queryByRole('button', {
        name: label === 'Show receipt' ? 'Print receipt' : 'Show receipt',
      }),
    ).toBeNull();
  });

  it('shows inline validation messages from the shared schema', async () => {
    renderApp();
    await walkToDetails();
    await tap(/continue/i);
    expect(screen.getAllByText(/^(Name|E-mail|Phone): Please fill this in\.$/)).toHaveLength(3);
    await (await import('./support/render-app')).type('E-mail', 'eva@');
    expect(
      screen.getByText('E-mail: Please enter a valid e-mail address, e.g. name@example.com.'),
    ).toBeTruthy();
    await (await import('./support/render-app')).type('Phone', 'ring me');
    expect(screen.getByText('Phone: Please use digits, spaces and + ( ) - / only.')).toBeTruthy();
    expect(document.querySelector('[data-screen="details"]')).not.toBeNull();
  });

  it('a 409 sends the customer back to the time grid with the slot gone and a plain message', async () => {
    const client = new FakeKioskClient();
    client.bookingMode = 'slot_taken';
    renderApp(client);
    await walkToDetails();
    await fillDetails();
    await tap(/continue/i);
    await tap('Book now');
    expect(document.querySelector('[data-screen="time"]')).not.toBeNull();
    expect(
      screen.getByText('Sorry, someone has just booked that time. Please choose another one.'),
    ).toBeTruthy();
    const slot = screen.getByRole('button', { name: /09:30/ });
    expect((slot as HTMLButtonElement).disabled).toBe(true);
    // The details survive: choosing another time goes straight to a filled form.
    await tap('11:00');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Eva Muster');
  });

  it('says at once on the review screen when the fresh lookup shows the slot has gone', async () => {
    const client = new FakeKioskClient();
    client.goneOnFresh.add('09:30');
    renderApp(client);
    await walkToDetails();
    await fillDetails();
    await tap(/continue/i);
    expect(document.querySelector('[data-screen="time"]')).not.toBeNull();
    expect(
      screen.getByText('That time is no longer free. Please choose another one.'),
    ).toBeTruthy();
  });

  it('confirms a queued booking honestly, with its local reference and no appointment number', async () => {
    const client = new FakeKioskClient();
    client.bookingMode = 'queued';
    renderApp(client);
    await walkToDetails();
    await fillDetails();
    await tap(/continue/i);
    await tap('Book now');
    expect(screen.getByText('Your time is reserved')).toBeTruthy();
    expect(screen.getByTestId('local-reference').textContent).toBe('L1ABCDEF');
    expect(screen.queryByTestId('appointment-number')).toBeNull();
  });

  it('switches the language of every string and of Intl formats', async () => {
    renderApp();
    await settle();
    fireEvent.click(screen.getAllByRole('button', { name: 'Deutsch' })[0]!);
    await settle();
    expect(screen.getByRole('heading', { name: 'Termin buchen' })).toBeTruthy();
    await tap(/zum starten/i);
    expect(screen.getByText('Was dürfen wir für Sie tun?')).toBeTruthy();
    const prices = (): (string | null)[] =>
      [...document.querySelectorAll('.price')].map((e) => e.textContent);
    expect(prices()).toContain('32,00\u00a0€');
    expect(document.documentElement.lang).toBe('de');
    fireEvent.click(screen.getAllByRole('button', { name: 'English' })[0]!);
    await settle();
    expect(prices()).toContain('€32.00');
  });

  it('the on-screen keyboard types into the focused field', async () => {
    renderApp();
    await walkToDetails();
    const key = (name: string): void => {
      const button = document.querySelector(`[data-skbtn="${name}"]`);
      if (!button) throw new Error(`no key ${name}`);
      // simple-keyboard listens to pointer events, as a touch screen sends them.
      fireEvent.pointerDown(button);
      fireEvent.pointerUp(button);
    };
    key('{shift}');
    await settle();
    for (const k of ['E', 'v', 'a']) key(k);
    await settle();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Eva');
    key('{enter}'); // next field: e-mail, with the e-mail layout
    await settle();
    expect(document.querySelector('.keyboard-email')).not.toBeNull();
    for (const k of ['e', '@', 'x', '.de']) key(k);
    await settle();
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('e@x.de');
    key('{bksp}');
    await settle();
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('e@x.d');
  });
});

describe('idle timeout', () => {
  it('warns with a countdown, then returns to the start and clears every personal field', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: false,
      toFake: ['setInterval', 'clearInterval', 'Date'],
    });
    const client = new FakeKioskClient({ settings: { idleTimeoutSec: 15 } });
    renderApp(client);
    await walkToDetails();
    await fillDetails();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(16_000);
    });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.getByText(/will be cleared in \d+ s/)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000);
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.querySelector('[data-screen="start"]')).not.toBeNull();
    await tap(/touch to start/i);
    await tap(/^Haircut/);
    await tap(/24 November 2026/);
    await tap('09:30');
    for (const label of ['Name', 'E-mail', 'Phone', 'Notes (optional)']) {
      expect(screen.getByLabelText<HTMLInputElement>(label).value).toBe('');
    }
  });

  it('"I\'m still here" keeps the booking', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: false,
      toFake: ['setInterval', 'clearInterval', 'Date'],
    });
    renderApp(new FakeKioskClient({ settings: { idleTimeoutSec: 15 } }));
    await walkToDetails();
    await fillDetails();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(16_000);
    });
    await tap('I’m still here');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(7_000);
    });
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Eva Muster');
  });
});
