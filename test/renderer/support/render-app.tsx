import { act, fireEvent, render, screen, type RenderResult } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from '../../../renderer/app/App';
import { createI18n } from '../../../renderer/i18n/setup';
import { FakeKioskClient } from './fake-kiosk-client';

// The app's lazily loaded chunks, transformed once here, so that a test's first visit to the
// staff area or the keyboard waits for a cached module rather than a fresh transform.
await Promise.all([
  import('../../../renderer/app/StaffArea'),
  import('../../../renderer/screens/PinScreen'),
  import('../../../renderer/components/OnScreenKeyboard'),
  import('../../../renderer/components/QrCode'),
  import('../../../renderer/i18n/de'),
]);

/** Monday 23 November 2026, 08:00 on the kiosk's clock. */
export const NOW = new Date(2026, 10, 23, 8, 0);

export function renderApp(client = new FakeKioskClient()): RenderResult & { client: FakeKioskClient } {
  const result = render(<App client={client} i18n={createI18n('en')} now={() => NOW} />);
  return { ...result, client };
}

/**
 * Lets pending kiosk promises settle and React commit, the lazily loaded parts (a language's
 * strings, the keyboard, the QR code, the staff area) included.
 */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
    await vi.dynamicImportSettled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await vi.dynamicImportSettled();
  });
}

export async function tap(name: string | RegExp): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name }));
  await settle();
}

export async function type(label: string | RegExp, value: string): Promise<void> {
  const input = screen.getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  await settle();
}

/** Start -> Haircut -> Tuesday 24 November -> 09:30. */
export async function walkToDetails(): Promise<void> {
  await settle();
  await tap(/touch to start/i);
  await tap(/^Haircut/);
  await tap(/24 November 2026/);
  await tap('09:30');
}

export async function fillDetails(): Promise<void> {
  await type('Name', 'Eva Muster');
  await type('E-mail', 'eva@example.com');
  await type('Phone', '+49 30 1234567');
}
