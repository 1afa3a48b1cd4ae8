/**
 * Issue 28 in the renderer: the receipt printer chosen in Settings from the printers the host
 * lists (a sentence in a browser, read-only when IT set it), and the arrow keys of the counter.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { renderApp, settle, tap } from './support/render-app';

afterEach(cleanup);

async function openSettings(client: FakeKioskClient): Promise<void> {
  renderApp(client);
  await settle();
  await tap('Staff');
  for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
  await tap(/unlock/i);
  fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
  await settle();
}

const PRINTERS = [
  { name: 'Receipt-80mm', displayName: 'Receipt 80 mm' },
  { name: 'Office_A4', displayName: 'Office A4' },
];

describe('receipt printer setting', () => {
  it("offers the system's printers and None, and saves the printer's system name", async () => {
    const client = new FakeKioskClient({ printers: PRINTERS });
    await openSettings(client);
    const select = screen.getByLabelText<HTMLSelectElement>('Receipt printer');
    expect([...select.options].map((option) => option.text)).toEqual([
      'None: the receipt stays on screen',
      'Receipt 80 mm',
      'Office A4',
    ]);
    fireEvent.change(select, { target: { value: 'Receipt-80mm' } });
    await tap('Save');
    expect(client.settings.printer).toBe('Receipt-80mm');
    const after = screen.getByLabelText<HTMLSelectElement>('Receipt printer');
    expect(after.value).toBe('Receipt-80mm');
    fireEvent.change(after, { target: { value: '' } });
    await tap('Save');
    expect(client.settings.printer).toBeNull();
  });

  it('keeps a printer IT named that the system does not list, and shows it read-only when locked', async () => {
    const client = new FakeKioskClient({
      printers: PRINTERS,
      settings: { printer: 'Kitchen', locked: ['printer'] },
    });
    await openSettings(client);
    const select = screen.getByLabelText<HTMLSelectElement>('Receipt printer');
    expect(select.disabled).toBe(true);
    expect(select.value).toBe('Kitchen');
    expect(select.selectedOptions[0]?.text).toBe('Kitchen (not listed by this computer)');
    expect(screen.getAllByText('Set by IT').length).toBeGreaterThan(0);
    await tap('Save');
    const update = client.calls.find((call) => call.method === 'updateSettings')?.input;
    expect(update).not.toHaveProperty('printer');
  });

  it('in a browser there is no printer to choose: a sentence says why', async () => {
    const client = new FakeKioskClient();
    await openSettings(client);
    expect(screen.queryByLabelText('Receipt printer')).toBeNull();
    expect(screen.getByTestId('printer-browser').textContent).toMatch(
      /runs in a browser: receipts print with its print dialog/,
    );
  });
});

describe('counter arrow keys', () => {
  it('after unlocking the cursor is on the first service; arrows move through the services', async () => {
    const client = new FakeKioskClient({ settings: { mode: 'counter' } });
    renderApp(client);
    await settle();
    for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
    await tap(/unlock/i);
    const services = [...document.querySelectorAll<HTMLButtonElement>('.desk-choice')];
    expect(services.length).toBeGreaterThan(2);
    expect(document.activeElement).toBe(services[0]);
    fireEvent.keyDown(services[0] as HTMLButtonElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(services[1]);
    fireEvent.keyDown(services[1] as HTMLButtonElement, { key: 'End' });
    expect(document.activeElement).toBe(services.at(-1));
    fireEvent.keyDown(services.at(-1) as HTMLButtonElement, { key: 'Home' });
    expect(document.activeElement).toBe(services[0]);
    // Only one of them is a Tab stop: Tab leaves the list.
    expect(services.filter((button) => button.tabIndex === 0)).toHaveLength(1);
  });
});
