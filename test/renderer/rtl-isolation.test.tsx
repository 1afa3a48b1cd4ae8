/**
 * Issue 28: in Arabic, numbers, e-mail addresses and references keep their left-to-right order
 * (the review once showed the phone as "5678 1234 30 49+"): each sits in its own left-to-right
 * isolate, inside a right-to-left document.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { localBooking, refusedBooking } from './support/local-booking';
import { fillDetails, renderApp, settle, tap, walkToDetails } from './support/render-app';

afterEach(cleanup);

const ltrTexts = (selector: string): string[] =>
  Array.from(document.querySelectorAll(`${selector} [dir="ltr"]`)).map((e) => e.textContent);

it('Arabic review and confirmation: phone, e-mail, times, number and reference read left to right', async () => {
  renderApp();
  await walkToDetails();
  await fillDetails();
  await tap(/continue/i);
  await screen.findByText('This time is still free.');
  fireEvent.click(screen.getAllByRole('button', { name: 'العربية' })[0]!);
  await settle();
  expect(document.documentElement.dir).toBe('rtl');

  // The review: the phone, the e-mail and the time range each in a left-to-right isolate.
  const review = ltrTexts('[data-screen="review"] .summary');
  expect(review).toEqual(expect.arrayContaining(['+49 30 1234567', 'eva@example.com']));
  expect(review.some((text) => /09:30.*10:00/.test(text ?? ''))).toBe(true);
  // Words (the name, the service) are isolated without a forced direction.
  const name = screen.getByText('Eva Muster');
  expect(name.tagName).toBe('BDI');
  expect(name.getAttribute('dir')).toBe('auto');

  fireEvent.click(document.querySelector<HTMLButtonElement>('.btn-confirm')!);
  await settle();
  expect(screen.getByTestId('appointment-number').getAttribute('dir')).toBe('ltr');
  // The e-mail inside the translated sentence: LEFT-TO-RIGHT ISOLATE ... POP DIRECTIONAL ISOLATE.
  expect(document.querySelector('[data-screen="confirmation"]')?.textContent).toContain(
    '\u2066eva@example.com\u2069',
  );
});

it('a left-to-right language gets the plain address in its sentence', async () => {
  renderApp();
  await walkToDetails();
  await fillDetails();
  await tap(/continue/i);
  await screen.findByText('This time is still free.');
  await tap('Book now');
  expect(screen.getByText('A confirmation has been sent to eva@example.com.')).toBeTruthy();
});

it('Arabic queued booking: its reference on the screen and on the receipt reads left to right', async () => {
  const client = new FakeKioskClient();
  client.bookingMode = 'queued';
  renderApp(client);
  await walkToDetails();
  await fillDetails();
  await tap(/continue/i);
  fireEvent.click(screen.getAllByRole('button', { name: 'العربية' })[0]!);
  await settle();
  expect(document.documentElement.dir).toBe('rtl');
  fireEvent.click(document.querySelector<HTMLButtonElement>('.btn-confirm')!);
  await settle();
  expect(document.querySelector('[data-screen="queued"]')).not.toBeNull();
  const reference = screen.getByTestId('local-reference');
  expect(reference.getAttribute('dir')).toBe('ltr');
  expect(reference.textContent).toMatch(/^[A-Z0-9]{8}$/);

  await tap('طباعة الإيصال'); // Print receipt
  expect(document.querySelector('[data-screen="receipt"]')).not.toBeNull();
  const onReceipt = screen.getByTestId('receipt-reference');
  expect(onReceipt.getAttribute('dir')).toBe('ltr');
  expect(onReceipt.textContent).toBe(reference.textContent);
});

it("Arabic staff list: a sent booking's appointment number reads left to right", async () => {
  const client = new FakeKioskClient();
  client.bookings.push(
    localBooking('l-ar', {
      booking: {
        bookingId: 'b-1',
        appointmentNumber: 'A-000042',
        service: { title: 'Haircut', duration: 30 },
        employee: { name: 'Ben Roth', email: 'ben@example.com' },
        appointment: { date: '2026-11-24', time: '11:00', endTime: '11:30' },
        customer: { name: 'Eva Muster', email: 'eva@example.com', customerNumber: 'C-1' },
        status: 'confirmed',
        emailSent: true,
      },
    }),
  );
  renderApp(client);
  await settle();
  fireEvent.click(screen.getAllByRole('button', { name: 'العربية' })[0]!);
  await settle();
  await tap('الموظفون'); // Staff
  for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
  await tap('فتح القفل'); // Unlock
  expect(document.documentElement.dir).toBe('rtl');
  const number = screen.getByTestId('outbox-number');
  expect(number.getAttribute('dir')).toBe('ltr');
  expect(number.textContent).toBe('A-000042');
});

it("Arabic staff list: a refused booking's and a booking to check's phone and e-mail read left to right", async () => {
  const client = new FakeKioskClient();
  client.bookings.push(
    refusedBooking('l-refused', { state: 'open', mail: 'sent' }),
    localBooking('l-check', { state: 'unknown', attempts: 3 }, { phone: '+49 30 1234567' }),
  );
  renderApp(client);
  await settle();
  fireEvent.click(screen.getAllByRole('button', { name: 'العربية' })[0]!);
  await settle();
  await tap('الموظفون'); // Staff
  for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
  await tap('فتح القفل'); // Unlock
  expect(document.documentElement.dir).toBe('rtl');
  expect(screen.getByTestId('follow-up-phone').getAttribute('dir')).toBe('ltr');
  expect(screen.getByTestId('follow-up-email').getAttribute('dir')).toBe('ltr');
  expect(ltrTexts('[data-testid="check-details"]')).toEqual(
    expect.arrayContaining(['+49 30 1234567', 'eva@example.com', '11:00']),
  );
  // The customer's name is isolated without a forced direction.
  const name = [...document.querySelectorAll('[data-testid="check-details"] bdi')].find(
    (element) => element.textContent === 'Eva Muster',
  );
  expect(name?.getAttribute('dir')).toBe('auto');
});

it("Arabic start screen and receipt: the shop's phone reads left to right", async () => {
  const client = new FakeKioskClient({
    settings: {
      shop: {
        name: 'Salon Linde',
        address: 'Lindenstraße 4',
        phone: '+49 30 555 0100',
        accentColor: null,
        welcome: null,
      },
    },
  });
  client.bookingMode = 'queued';
  renderApp(client);
  await settle();
  fireEvent.click(screen.getAllByRole('button', { name: 'العربية' })[0]!);
  await settle();
  const onStart = screen.getByTestId('shop-phone');
  expect(onStart.getAttribute('dir')).toBe('ltr');
  expect(onStart.textContent).toBe('+49 30 555 0100');
  fireEvent.click(screen.getAllByRole('button', { name: 'English' })[0]!);
  await walkToDetails();
  await fillDetails();
  await tap(/continue/i);
  fireEvent.click(screen.getAllByRole('button', { name: 'العربية' })[0]!);
  await settle();
  fireEvent.click(document.querySelector<HTMLButtonElement>('.btn-confirm')!);
  await settle();
  await tap('طباعة الإيصال'); // Print receipt
  expect(screen.getByTestId('receipt-shop-phone').getAttribute('dir')).toBe('ltr');
});
