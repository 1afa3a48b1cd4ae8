/**
 * Issue 28: in Arabic, numbers, e-mail addresses and references keep their left-to-right order
 * (the review once showed the phone as "5678 1234 30 49+"): each sits in its own left-to-right
 * isolate, inside a right-to-left document.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
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
