/**
 * Issue 40 item 4: the Settings screen has a field for every staff setting of the table
 * (shared/settings.ts, STAFF_SETTINGS), so a setting added there cannot compile and ship without
 * one (contentLanguage and country had none). A field the screen does not make by hand is derived
 * from the setting's declaration: its schema checks what staff type.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STAFF_SETTING_KEYS } from '../../shared/settings';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { renderApp, settle, tap } from './support/render-app';

afterEach(cleanup);

async function openSettings(client: FakeKioskClient): Promise<void> {
  renderApp(client);
  await settle();
  await tap('Staff');
  for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
  await tap(/unlock|continue/i);
  fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
  await settle();
}

describe('the Settings screen’s fields (one per staff setting)', () => {
  it('shows a labelled field for every setting of STAFF_SETTINGS', async () => {
    await openSettings(new FakeKioskClient());
    const missing = STAFF_SETTING_KEYS.filter((key) => {
      const field = document.querySelector(`[data-setting="${key}"]`);
      const label = field?.querySelector('label, legend, .field-label')?.textContent ?? '';
      return label.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('sends a derived field’s value, empty as nobody chose, and refuses what its schema refuses', async () => {
    const client = new FakeKioskClient();
    await openSettings(client);
    const country = screen.getByLabelText<HTMLInputElement>(/Country for phone numbers/);
    const content = screen.getByLabelText<HTMLInputElement>(/Language of the shop/);

    fireEvent.change(country, { target: { value: 'Austria' } });
    await tap('Save');
    expect(screen.getByText('Please check this value.')).toBeTruthy();
    expect(country.getAttribute('aria-invalid')).toBe('true');
    expect(client.calls.filter((call) => call.method === 'updateSettings')).toEqual([]);

    fireEvent.change(country, { target: { value: ' AT ' } });
    fireEvent.change(content, { target: { value: 'de-AT' } });
    await tap('Save');
    expect(screen.getByText('Saved.')).toBeTruthy();
    const update = client.calls.filter((call) => call.method === 'updateSettings').at(-1)?.input;
    expect(update).toMatchObject({ country: 'AT', contentLanguage: 'de-AT' });

    fireEvent.change(content, { target: { value: '' } });
    await tap('Save');
    const cleared = client.calls.filter((call) => call.method === 'updateSettings').at(-1)?.input;
    expect(cleared).toMatchObject({ country: 'AT', contentLanguage: null });
  });

  it('a derived field IT locked is read-only with its note, and left out of the update', async () => {
    const client = new FakeKioskClient({ settings: { country: 'DE', locked: ['country'] } });
    await openSettings(client);
    const country = screen.getByLabelText<HTMLInputElement>(/Country for phone numbers/);
    expect(country.readOnly).toBe(true);
    expect(country.value).toBe('DE');
    expect(
      document.getElementById(country.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Set by IT');
    await tap('Save');
    const update = client.calls.filter((call) => call.method === 'updateSettings').at(-1)?.input;
    expect(update).not.toHaveProperty('country');
  });
});
