/**
 * Issue 11: the printed receipt shows the name typed at the kiosk, never a name the remote
 * answered with (a remote may return what it stored under the e-mail: somebody else's name).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Receipt } from '../../renderer/components/Receipt';
import { createI18n } from '../../renderer/i18n/setup';
import type { BookingResponse } from '../../shared/api/schemas';

afterEach(cleanup);

const leakyAnswer: BookingResponse = {
  bookingId: 'b-1',
  appointmentNumber: 'A-000042',
  service: { title: 'Haircut', duration: 30 },
  employee: { name: 'Anna', email: 'anna@example.com' },
  appointment: { date: '2026-11-24', time: '09:30', endTime: '10:00' },
  customer: { name: 'Stored Other Person', email: 'eva@example.com', customerNumber: 'KD-00007' },
  status: 'pending',
  emailSent: false,
};

describe('Receipt', () => {
  it('prints the typed name, not the one in the response', () => {
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <Receipt booking={leakyAnswer} customerName="Eva Muster" service={null} locale="en-GB" />
      </I18nextProvider>,
    );
    const receipt = screen.getByRole('article');
    expect(receipt.textContent).toContain('Eva Muster');
    expect(receipt.textContent).not.toContain('Stored Other Person');
    expect(receipt.textContent).not.toContain('KD-00007');
    expect(receipt.textContent).toContain('A-000042');
  });
});
