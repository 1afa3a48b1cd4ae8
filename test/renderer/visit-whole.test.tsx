/**
 * Issue 28: a visit of two services names both on the time screen with their total length and
 * price, and its confirmation has the QR code (an event per service) and the e-mail line.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { fillDetails, renderApp, settle, tap } from './support/render-app';

afterEach(cleanup);

it('a haircut and colour: both named, 2 h for €111.50, one QR code with both, the e-mail line', async () => {
  renderApp();
  await settle();
  await tap(/touch to start/i);
  await tap(/^Haircut/);
  await tap(/24 November 2026/);
  // One service: no total yet, the header names it.
  expect(screen.queryByTestId('visit-total')).toBeNull();
  await tap('Add another service');
  await tap(/^Colour/);
  const header = document.querySelector('[data-screen="time"] .step-header');
  expect(header?.textContent).toContain('Haircut + Colour · Tuesday, 24 November 2026');
  // 30 min + 90 min; €32.00 + €79.50.
  expect(screen.getByTestId('visit-total').textContent).toBe('Together: 2 hrs · €111.50');

  await tap('09:00');
  await fillDetails();
  await tap(/continue/i);
  await screen.findByText('This time is still free.');
  await tap('Book now');
  await settle();
  // The code is drawn off the main path (a placeholder until then): wait for the image itself.
  const qr = await waitFor(
    () => {
      const img = within(screen.getByTestId('visit-qr')).getByRole('img');
      expect(img.getAttribute('data-text')).not.toBeNull();
      return img;
    },
    { timeout: 30_000 },
  );
  const calendar = qr.getAttribute('data-text') ?? '';
  expect(calendar.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  // 09:00 and 09:30 in Berlin in November: 08:00 and 08:30 UTC.
  expect(calendar).toContain('DTSTART:20261124T080000Z');
  expect(calendar).toContain('DTSTART:20261124T083000Z');
  expect(calendar).toContain('A-000001');
  expect(calendar).toContain('A-000002');
  expect(screen.getByTestId('visit-mail').textContent).toBe(
    'A confirmation has been sent to eva@example.com.',
  );
});
