/**
 * Issue 19: the welcome line per language. The start screen shows the customer's language's
 * text, else the shop language's (marked with its `lang`); staff edit a text per language in
 * settings, and the update carries them all.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { renderApp, settle, tap } from './support/render-app';

afterEach(cleanup);

const withWelcome = (): FakeKioskClient => {
  const client = new FakeKioskClient();
  client.settings.shop = {
    ...client.settings.shop,
    welcome: { en: 'Welcome to Salon Linde', ar: 'أهلاً بكم في صالون لينده' },
  };
  return client;
};

it("the start screen greets in the customer's language, else in the shop's", async () => {
  renderApp(withWelcome());
  await settle();
  const welcome = () => screen.getByTestId('shop-welcome');
  expect(welcome().textContent).toBe('Welcome to Salon Linde');
  fireEvent.click(screen.getAllByRole('button', { name: 'العربية' })[0]!);
  await settle();
  expect(welcome().textContent).toBe('أهلاً بكم في صالون لينده');
  expect(welcome().getAttribute('lang')).toBe('ar');
  fireEvent.click(screen.getAllByRole('button', { name: 'Polski' })[0]!);
  await settle();
  // No Polish text: the shop language's (English here), marked as English.
  expect(welcome().textContent).toBe('Welcome to Salon Linde');
  expect(welcome().getAttribute('lang')).toBe('en');
});

it('no welcome line at all: none is shown', async () => {
  renderApp(new FakeKioskClient());
  await settle();
  expect(screen.queryByTestId('shop-welcome')).toBeNull();
});

it('staff edit the welcome line per language in settings; saving sends every language', async () => {
  const client = withWelcome();
  renderApp(client);
  await settle();
  await tap('Staff');
  for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
  await tap(/unlock|continue/i);
  fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
  await settle();
  const text = screen.getByLabelText<HTMLInputElement>('Welcome line');
  const language = screen.getByLabelText<HTMLSelectElement>('Language of the welcome line');
  // It opens on the shop's language.
  expect(language.value).toBe('en');
  expect(text.value).toBe('Welcome to Salon Linde');
  expect(text.maxLength).toBe(160);
  fireEvent.change(language, { target: { value: 'pl' } });
  expect(text.value).toBe('');
  expect(text.getAttribute('lang')).toBe('pl');
  fireEvent.change(text, { target: { value: 'Witamy w salonie Linde' } });
  fireEvent.change(language, { target: { value: 'ar' } });
  fireEvent.change(text, { target: { value: '' } }); // cleared: Arabic has no text any more
  await tap('Save');
  expect(screen.getByText('Saved.')).toBeTruthy();
  const sent = client.calls.filter((call) => call.method === 'updateSettings').at(-1)?.input as {
    shop: { welcome: unknown };
  };
  expect(sent.shop.welcome).toEqual({ en: 'Welcome to Salon Linde', pl: 'Witamy w salonie Linde' });
  expect(client.settings.shop.welcome).toEqual({
    en: 'Welcome to Salon Linde',
    pl: 'Witamy w salonie Linde',
  });
});
