/**
 * Issue 40 item 4: which way a language reads comes from the language table alone. Here the
 * table's English row says right to left (a test-only row: i18next and Intl both call English
 * left to right), as a new right-to-left language would be one row there: the page turns rtl,
 * the confirmation screens isolate the e-mail address in their sentence, and durations take the
 * right-to-left form (long units joined as a list).
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type * as Languages from '../../shared/languages';
import { fillDetails, renderApp, settle, tap, walkToDetails } from './support/render-app';

vi.mock('../../shared/languages', async (importOriginal) => {
  const table = await importOriginal<typeof Languages>();
  return {
    ...table,
    languageFacts: (code: Parameters<typeof table.languageFacts>[0]) =>
      code === 'en'
        ? { ...table.languageFacts(code), direction: 'rtl' as const }
        : table.languageFacts(code),
  };
});

afterEach(cleanup);

const ISOLATED_EMAIL = '\u2066eva@example.com\u2069';

it('a single booking: rtl page, long units in the summary, the e-mail isolated on the confirmation', async () => {
  renderApp();
  await walkToDetails();
  expect(document.documentElement.dir).toBe('rtl');
  await fillDetails();
  await tap(/continue/i);
  await screen.findByText('This time is still free.');
  expect(document.querySelector('[data-screen="review"] .summary')?.textContent).toContain(
    '30 minutes',
  );
  await tap('Book now');
  expect(document.querySelector('[data-screen="confirmation"]')?.textContent).toContain(
    `A confirmation has been sent to ${ISOLATED_EMAIL}.`,
  );
});

it('a visit of two services: the total in long units, the e-mail isolated on its confirmation', async () => {
  renderApp();
  await settle();
  await tap(/touch to start/i);
  await tap(/^Haircut/);
  await tap(/24 November 2026/);
  await tap('Add another service');
  await tap(/^Colour/);
  expect(document.documentElement.dir).toBe('rtl');
  expect(screen.getByTestId('visit-total').textContent).toBe('Together: 2 hours · €111.50');
  await tap('09:00');
  await fillDetails();
  await tap(/continue/i);
  await screen.findByText('This time is still free.');
  await tap('Book now');
  expect(screen.getByTestId('visit-mail').textContent).toBe(
    `A confirmation has been sent to ${ISOLATED_EMAIL}.`,
  );
});
