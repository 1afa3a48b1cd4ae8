import { act, fireEvent, render, screen, type RenderResult } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from '../../../renderer/app/App';
import type { i18n } from 'i18next';
import { createI18n, LANGUAGES, languageResources } from '../../../renderer/i18n/setup';
import { FakeKioskClient } from './fake-kiosk-client';

// The app's lazily loaded chunks, transformed once here, so that a test's first visit to the
// staff area or the keyboard waits for a cached module rather than a fresh transform; every
// language's strings are handed to each test's i18n up front (the app's own loading of them is
// tested in translations.test.ts), so a busy machine cannot make a language switch lag behind.
await Promise.all([
  import('../../../renderer/app/StaffArea'),
  import('../../../renderer/screens/PinScreen'),
  import('../../../renderer/components/OnScreenKeyboard'),
  import('../../../renderer/components/QrCode'),
]);
const STRINGS = await Promise.all(
  LANGUAGES.map(async (code) => [code, await languageResources(code)] as const),
);

export function testI18n(): i18n {
  const instance = createI18n('en');
  for (const [code, strings] of STRINGS) instance.addResourceBundle(code, 'translation', strings);
  return instance;
}

/** Monday 23 November 2026, 08:00 on the kiosk's clock. */
export const NOW = new Date(2026, 10, 23, 8, 0);

export function renderApp(
  client = new FakeKioskClient(),
): RenderResult & { client: FakeKioskClient } {
  const result = render(<App client={client} i18n={testI18n()} now={() => NOW} />);
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
